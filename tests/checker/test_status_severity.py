"""CC501's severity follows the statement it rests on (shipped registry: the test registry's MMLU has no status)."""

from __future__ import annotations

from claimcheck.pipeline import audit


def test_a_flaw_is_an_error_first_hand_a_warning_second_hand_and_info_when_too_small_to_void_scores(tmp_path):
    paths = []
    for name, row in (("epoch", "Terminal-Bench 4.0,57.9%,55.8%"),  # Epoch AI's own verdict, impact major
                      ("gema", "MMLU,70.0%,60.0%"),  # Gema et al.'s measured 6.49% erroneous questions
                      ("blog", "Codeforces,1800,1700")):  # a community thread, second-hand
        path = tmp_path / f"{name}.csv"
        path.write_text(f"Benchmark,A,B\n{row}\n", encoding="utf-8")
        paths.append(str(path))
    report = audit(paths)
    found = {f.message.split("'")[1]: f for f in report.findings if f.code == "CC501"}
    assert {k: f.severity for k, f in found.items()} == {
        "Terminal-Bench 4.0": "error", "MMLU": "info", "Codeforces": "warning"}
    assert "severity_why" not in found["Terminal-Bench 4.0"].details
    assert "too small to void the scores" in found["MMLU"].details["severity_why"]
    assert "second-hand" in found["Codeforces"].details["severity_why"]
