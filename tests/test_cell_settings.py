"""A cell that states its own setup ("4.0 (5 shot)") is read as a value under that setup, not as unreadable text."""

from __future__ import annotations

from claimcheck.pipeline import audit

PAGE = """\
| task | Orca 7B | Zeta 7B | Kappa 7B |
|---|---|---|---|
| MMLU (5-shot) | 31.5 | 44.0 | 38.3 |
| GSM8k | 10.0 (8shot CoT) | 4.0 (5 shot) | 8.5 (8shot CoT) |
"""


def test_each_cell_takes_the_shots_it_prints_and_the_row_is_split_by_them(tmp_path):
    path = tmp_path / "page.md"
    path.write_text(PAGE, encoding="utf-8")
    report = audit([str(path)])
    gsm = {s.model: s for s in report.scores if s.benchmark == "gsm8k"}
    assert {m: (s.status, s.value) for m, s in gsm.items()} == {
        "Orca 7B": ("checked", 10.0), "Zeta 7B": ("checked", 4.0), "Kappa 7B": ("checked", 8.5)}
    assert {m: (s.resolution.budget.get("shots"), s.resolution.budget.get("cot")) for m, s in gsm.items()} == {
        "Orca 7B": (8, True), "Zeta 7B": (5, None), "Kappa 7B": (8, True)}
    assert not [f for f in report.findings if f.code == "CC405"]
    shots = [f for f in report.findings if f.code == "CC205" and "shots 8 vs 5" in f.message]
    assert shots and "Zeta 7B" in shots[0].message
