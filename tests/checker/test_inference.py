"""How the checker applies the statistics: one procedure per gap, the chosen interval method and alpha
reaching every gap, families fixed before looking, rank sets."""

from __future__ import annotations

import pytest

from claimcheck.stats.difference import difference_test, mover_interval
from tests.conftest import EXAMPLES, run_json


def _pair(report, a, b):
    ids = {s["id"]: s for s in report["scores"]}
    return next(c for c in report["comparisons"] if {ids[i]["model"] for i in c["scores"]} == {a, b}
                and ids[c["scores"][0]]["label"].startswith("Agent Index"))


@pytest.mark.parametrize("method,alpha", [("wilson", 0.05), ("clopper-pearson", 0.01), ("jeffreys", 0.2)])
def test_ci_method_and_alpha_reach_the_gap_interval(method, alpha):
    report = run_json(str(EXAMPLES / "agent_index_preview.csv"), "--assume-n", "500", "--ci-method", method,
                      "--alpha", str(alpha))
    c = _pair(report, "Claude Opus 5.5", "GPT-6 Astra")
    want = mover_interval(0.904, 500, 0.876, 500, alpha=alpha, method=method)
    assert c["diff_ci"] == pytest.approx([want.low, want.high], abs=1e-6)
    assert c["p"] == pytest.approx(difference_test(0.904, 500, 0.876, 500, method=method).p, rel=1e-3, abs=1e-6)
    assert {"wilson": "Newcombe", "clopper-pearson": "Clopper-Pearson", "jeffreys": "Jeffreys"}[method] in c["method"]


# ── families fixed before looking ──────────────────────────────────────────

from claimcheck.pipeline import Options, audit  # noqa: E402
from claimcheck.stats import holm_adjust  # noqa: E402

ROW = "Benchmark,Alpha,Beta,Gamma,Delta\nGPQA Diamond,70.2%,68.7%,67.7%,50.0%\n"


def _audit(tmp_path, table: str, claims: str | None = None, **options):
    path = tmp_path / "t.csv"
    path.write_text(table, encoding="utf-8")
    if claims is not None:
        (tmp_path / "claims.txt").write_text(claims, encoding="utf-8")
        options["claims_files"] = (str(tmp_path / "claims.txt"),)
    return audit([str(path)], Options(**options))


def _by_models(report):
    return {frozenset(c.models): c for c in report.comparisons}


def test_the_subject_against_each_rival_is_the_family_and_the_rest_is_descriptive(tmp_path):
    report = _audit(tmp_path, ROW, subject="Beta")
    (family,) = report.families
    assert dict(family.reasons) == {"subject": 3} and len(family.members) == 3
    comps = _by_models(report)
    judged = [c for c in report.comparisons if c.id in family.members]
    assert {m for c in judged for m in c.models} >= {"Beta"} and all("Beta" in c.models for c in judged)
    assert [c.p_adjusted for c in judged] == pytest.approx(list(holm_adjust([c.p for c in judged])))
    other = comps[frozenset({"Alpha", "Gamma"})]
    assert other.verdict == "descriptive" and other.p_adjusted is None and other.p is not None


def test_a_claimed_pair_joins_the_family_even_when_the_table_did_not_compare_it(tmp_path):
    report = _audit(tmp_path, ROW, "Gamma beats Delta on GPQA Diamond.\n", subject="Beta")
    (family,) = report.families
    assert dict(family.reasons) == {"claim": 1, "subject": 3}
    claimed = _by_models(report)[frozenset({"Gamma", "Delta"})]
    assert claimed.id in family.members
    judged = [c for c in report.comparisons if c.id in family.members]
    assert claimed.p_adjusted == pytest.approx(holm_adjust([c.p for c in judged])[judged.index(claimed)])
    (verdict,) = report.claims
    assert claimed.id in verdict.comparisons


def test_a_claim_pair_the_table_never_compared_gets_a_comparison_of_its_own(tmp_path):
    # Alpha vs Delta is neither leader-vs-rival nor neighbours in the candidate pairs when Beta... is; with no
    # subject, the candidate pairs are the leader's and the neighbours': Beta vs Delta is neither
    report = _audit(tmp_path, ROW, "Beta beats Delta on GPQA Diamond.\n")
    pair = _by_models(report).get(frozenset({"Beta", "Delta"}))
    assert pair is not None and pair.kind == "head-to-head" and pair.p_adjusted is not None
    assert report.claims[0].verdict in ("supported", "within-noise")


def test_a_marked_cell_and_a_two_model_row_are_judged(tmp_path):
    table = ("Benchmark,Alpha,Beta,Gamma\nGPQA Diamond,**70.2%**,68.7%,60.1%\n"
             "MMLU-Pro,71.0%,40.0%,\n")
    report = _audit(tmp_path, table)
    (family,) = report.families
    assert dict(family.reasons) == {"mark": 2, "pair": 1, "row": 1}
    # the unmarked pair of the marked row counts in the correction, but the table claims no order in it
    other = _by_models(report)[frozenset({"Beta", "Gamma"})]
    assert family.silent == (other.id,) and other.verdict == "descriptive" and other.p_adjusted is not None
    judged = [c for c in report.comparisons if c.id in family.members]
    assert [c.p_adjusted for c in judged] == pytest.approx(list(holm_adjust([c.p for c in judged])))


def test_a_mark_on_the_cell_of_a_subject_named_in_advance_is_judged_among_its_own_pairs(tmp_path):
    table = "Benchmark,Alpha,Beta,Gamma\nGPQA Diamond,**70.2%**,68.7%,60.1%\n"
    named = _audit(tmp_path, table, subject="Alpha").families[0]
    assert dict(named.reasons) == {"subject": 2} and named.silent == ()
    # the same mark with another subject named: the mark followed the scores, so every pair of the row is in
    other = _audit(tmp_path, table, subject="Gamma").families[0]
    assert dict(other.reasons) == {"subject": 2, "mark": 1} and len(other.silent) == 0
    rival = _audit(tmp_path, table, subject="Beta").families[0]
    assert dict(rival.reasons) == {"subject": 2, "mark": 1}


def test_a_subject_chosen_by_its_marks_is_no_subject_named_in_advance(tmp_path):
    table = ("Benchmark,Alpha,Beta,Gamma\nGPQA Diamond,**70.2%**,68.7%,60.1%\n"
             "MMLU-Pro,**71.0%**,40.0%,39.0%\n")
    report = _audit(tmp_path, table)
    assert report.subject.model == "Alpha" and report.subject.by_marks
    (family,) = report.families
    assert dict(family.reasons) == {"subject": 4, "row": 2} and len(family.silent) == 2


def test_rank_sets_cover_rows_of_three_or_more_comparable_models(tmp_path):
    table = ("Benchmark,Alpha,Beta,Gamma,Delta\nGPQA Diamond,90.0%,50.0%,49.0%,10.0%\n"
             "MMLU-Pro,71.0%,40.0%,,\n")
    report = _audit(tmp_path, table)
    (ranked,) = report.ranks  # the two-model row is one pairwise question
    assert ranked.models == ("Alpha", "Beta", "Gamma", "Delta")
    assert ranked.simultaneous == ((1, 1), (2, 3), (2, 3), (4, 4))
    assert all(s[0] <= m[0] <= m[1] <= s[1] for s, m in zip(ranked.simultaneous, ranked.marginal))
    assert not [f for f in report.findings if f.code == "CC302"]  # the leader is alone at first place


def test_a_leader_not_alone_at_first_place_is_one_cc302_with_its_rank_sets(tmp_path):
    report = _audit(tmp_path, ROW)
    (f,) = [f for f in report.findings if f.code == "CC302"]
    assert "not alone at first place" in f.message and "95% simultaneous rank sets" in f.message
    assert f.details["rank_sets"]["Alpha"][0] == 1 and f.details["rank_sets"]["Beta"][0] == 1
    assert "Delta" not in f.message.split("could rank first")[0]  # 50.0% is shown to be behind the leader


def test_rank_sets_follow_alpha(tmp_path):
    row = "Benchmark,Alpha,Beta,Gamma,Delta\nGPQA Diamond,70.2%,60.7%,57.7%,50.0%\n"
    narrow = _audit(tmp_path, row, alpha=0.2).ranks[0].simultaneous
    wide = _audit(tmp_path, row, alpha=0.01).ranks[0].simultaneous
    assert wide != narrow and all(w[0] <= n[0] and n[1] <= w[1] for w, n in zip(wide, narrow))


def test_a_row_mixing_setups_gets_no_rank_sets(tmp_path):
    table = "Benchmark,Alpha,Beta (pass@8),Gamma\nGPQA Diamond,70.2%,68.7%,50.0%\n"
    report = _audit(tmp_path, table)
    assert any(not c.comparable for c in report.comparisons)
    assert report.ranks == ()


def test_two_marked_cells_claim_no_order_between_them(tmp_path):
    report = _audit(tmp_path, "Benchmark,Alpha,Beta,Gamma\nGPQA Diamond,**70.2%**,**70.2%**,50.0%\n")
    (family,) = report.families
    assert dict(family.reasons) == {"mark": 2, "row": 1}  # the pair of marks counts in the correction only
    between = _by_models(report)[frozenset({"Alpha", "Beta"})]
    assert between.verdict == "descriptive" and family.silent == (between.id,)


def test_rating_rows_with_published_intervals_get_rank_sets(tmp_path):
    report = _audit(tmp_path, "Benchmark,Alpha,Beta,Gamma\nChatbot Arena Elo,1300 (+12/-8),1290 (+6/-10),1200 (+5/-5)\n")
    (ranked,) = report.ranks
    assert ranked.simultaneous == ((1, 2), (1, 2), (3, 3)) and "published 95% intervals" in ranked.method
    gap = _by_models(report)[frozenset({"Alpha", "Beta"})]
    # the facing sides: Alpha's lower 8 and Beta's upper 6 -> the gap's lower end 10 - 1.96 * 10/1.96 = 0
    assert gap.gap_ci[0] == pytest.approx(0.0, abs=1e-9) and gap.diff_ci is None


def test_a_noisy_bold_lead_names_its_marginal_rank_set(tmp_path):
    report = _audit(tmp_path, "Benchmark,A,B,C\nGPQA Diamond,**70.2%**,68.7%,50.0%\n")
    (f,) = [f for f in report.findings if f.code == "CC306"]
    assert f.details["rank_set"] == [1, 2] and "95% rank set is 1–2" in f.message
    assert report.ranks[0].marginal[0] == (1, 2)


def test_a_best_claim_holds_when_the_subjects_rank_set_is_first_place_alone(tmp_path):
    table = "Benchmark,Alpha,Beta,Gamma,Delta\nGPQA Diamond,90.0%,50.0%,49.0%,10.0%\n"
    report = _audit(tmp_path, table, "Alpha is the best model on GPQA Diamond.\n")
    (v,) = report.claims
    assert v.verdict == "supported" and "first place alone" in v.explanation
    report = _audit(tmp_path, ROW, "Alpha is the best model on GPQA Diamond.\n")
    (v,) = report.claims
    assert v.verdict == "within-noise" and "rank set among the 4 comparable models is 1–" in v.explanation
    report = _audit(tmp_path, ROW, "Beta is the best model on GPQA Diamond.\n")  # Alpha prints higher
    assert report.claims[0].verdict == "contradicted"


def test_a_claim_names_its_model_in_advance_so_the_marginal_set_judges_it(tmp_path):
    """81.0% against 76.5% and four others on 1,000 items: first place alone in Alpha's marginal set, not in the
    simultaneous one (which must also cover every other model)."""
    table = "Benchmark,Alpha,Beta,Gamma,Delta,Eps,Zeta\nFoo QA (n=1000),81.0%,76.5%,74.5%,74.0%,73.5%,73.0%\n"
    report = _audit(tmp_path, table, "Alpha is the best model on Foo QA.\n")
    (ranked,) = report.ranks
    assert ranked.marginal[0] == (1, 1) and ranked.simultaneous[0] == (1, 2)
    assert report.claims[0].verdict == "supported"


def test_size_blocks_that_each_mark_a_best_are_separate_contests(tmp_path):
    table = ("| Model | GPQA Diamond | MMLU-Pro |\n|---|---|---|\n| **Small models** | | |\n"
             "| A-2B | **40.0** | **30.0** |\n| B-2B | 38.0 | 29.0 |\n| C-2B | 30.0 | 20.0 |\n| **Large models** | | |\n"
             "| D-70B | **70.0** | **60.0** |\n| E-70B | 69.0 | 59.0 |\n| F-70B | 60.0 | 50.0 |\n")
    path = tmp_path / "t.md"
    path.write_text(table, encoding="utf-8")
    report = audit([str(path)], Options())
    assert sorted(r.models for r in report.ranks)[:2] == [("A-2B", "B-2B", "C-2B")] * 2
    assert {len(r.models) for r in report.ranks} == {3}  # never a 6-model ranking across the blocks
    (family,) = report.families
    assert dict(family.reasons) == {"mark": 8, "row": 4}  # each mark against the two rivals of its own block, and
    # the other pair of that block (a mark the scores chose: every pair of its block counts in the correction)
    by_id = {s.id: s for s in report.scores}
    for c in report.comparisons:
        if c.id in family.members:
            assert by_id[c.scores[0]].block == by_id[c.scores[1]].block


def test_a_row_of_more_models_than_the_cap_is_left_unranked(tmp_path, monkeypatch):
    """Past MAX_MODELS a row's K(K-1) pairs are too many to hold even for Holm's stepdown: no rank sets (the cap
    is lowered here to keep the test small; the code reads it at each row)."""
    import claimcheck.checker.ranking as ranking

    monkeypatch.setattr(ranking, "MAX_MODELS", 40)
    models = [f"M{i}" for i in range(41)]
    values = [f"{30 + i * 0.5:.1f}%" for i in range(41)]
    report = _audit(tmp_path, "Benchmark," + ",".join(models) + "\nGPQA Diamond," + ",".join(values) + "\n")
    assert report.ranks == ()
    fewer = _audit(tmp_path, "Benchmark," + ",".join(models[:40]) + "\nGPQA Diamond," + ",".join(values[:40]) + "\n")
    assert len(fewer.ranks) == 1


def test_a_leaderboard_of_hundreds_of_models_is_ranked_and_says_how(tmp_path):
    """Issue 12: every board gets rank sets and the set tied with the leader.  350 models on MMLU-Pro (n = 12,032),
    a long table: past SIMULATED_MODELS the sets come from Holm's stepdown, and the method says so; the leader's
    close rivals could lead, the far ones cannot."""
    from claimcheck.stats.ranks import SIMULATED_MODELS

    k = SIMULATED_MODELS + 50
    rows = "".join(f"M{i},MMLU-Pro,{80 - i * 0.1:.1f}\n" for i in range(k))
    report = _audit(tmp_path, "model,benchmark,score\n" + rows)
    (ranked,) = report.ranks
    assert len(ranked.models) == k and "Holm's stepdown" in ranked.method and "draws" not in ranked.method
    could = set(ranked.could_lead())
    by_model = dict(zip(ranked.models, ranked.scores))
    assert by_model["M0"] in could and by_model["M1"] in could and by_model[f"M{k - 1}"] not in could
    assert 2 < len(could) < 40
    # listed lowest first, the board's CC302 names the four closest rivals and their sets only, the rest counted
    report = _audit(tmp_path, "model,benchmark,score\n" + "".join(reversed(rows.splitlines(keepends=True))))
    (f,) = [f for f in report.findings if f.code == "CC302"]
    assert "the leader M0 80.0 is not alone at first place: M1 79.9, M2 79.8, M3 79.7, M4 79.6 and " in f.message
    assert "M0 1–" in f.message and "M5 " not in f.message and f.message.rstrip(")").endswith(", …")
    from claimcheck.report.view import build_view

    (tied,) = [c for c in build_view(report).not_supported if "could rank first too" in c.text]
    assert "prints the top score, but M1 79.9, M2 79.8, M3 79.7, M4 79.6 and " in tied.text and "M5 " not in tied.text


def test_a_row_styled_whole_marks_no_best_so_its_cells_get_no_pairs_of_their_own(tmp_path):
    row = "Benchmark,A,B,C,D,E\nGPQA Diamond,**70.0%**,**60.0%**,**50.0%**,**40.0%**,**30.0%**\n"
    report = _audit(tmp_path, row)
    assert len(report.comparisons) == 4 + 3  # the leader against each, and each neighbour pair


def test_a_best_claim_judged_by_rank_sets_adds_no_pairs_to_the_family(tmp_path):
    report = _audit(tmp_path, ROW, "Alpha is the best model on GPQA Diamond.\n")
    assert "rank set" in report.claims[0].explanation
    assert all(reason != "claim" for f in report.families for reason, _ in f.reasons)


ARENA = ("Model,Arena Elo Rating,Vote count,License\nGPT-4-Turbo,1253,\"50,000\",Proprietary\n"
         "Claude 3 Opus,1251,40000,Proprietary\nGemini 1.5 Pro,1249,30k,Proprietary\nLlama 3 70B,1208,60000,Llama 3 Community\n")


def test_a_leaderboard_export_reads_votes_and_licence_as_what_they_are(tmp_path):
    """Issue 12: the licence is metadata (not glued to the name), the vote count gives the rating's smallest
    possible error, and the leader's noise is judged with it; a gap beyond that bound is never called real."""
    path = tmp_path / "arena.csv"
    path.write_text(ARENA, encoding="utf-8")
    report = audit([str(path)])
    assert {s.model for s in report.scores} == {"GPT-4-Turbo", "Claude 3 Opus", "Gemini 1.5 Pro", "Llama 3 70B"}
    assert {s.model: s.votes for s in report.scores}["Gemini 1.5 Pro"] == 30_000
    assert [r for r in report.readings[0].columns if r[1] == "votes"] and not report.ranks  # no rank sets from bounds
    by = {frozenset(c.models): c for c in report.comparisons}
    near = by[frozenset({"GPT-4-Turbo", "Claude 3 Opus"})]
    far = by[frozenset({"GPT-4-Turbo", "Llama 3 70B"})]
    assert near.p_is_bound and near.verdict == "within-noise"
    assert far.p_is_bound and far.p < 1e-6 and far.verdict == "no-n"  # 45 points past the bound: still not "real"
    (f,) = [f for f in report.findings if f.code == "CC302"]
    assert "smallest standard error the vote counts allow" in f.message


def test_a_board_whose_score_column_names_the_benchmark_needs_no_benchmark_flag(tmp_path):
    """An LMArena export headed "Arena Score" with a 95% CI column: read as a leaderboard of LMArena, with the
    published intervals, votes and organisation as what they are, and ranked by rank sets."""
    path = tmp_path / "arena.csv"
    path.write_text("Rank,Model,Arena Score,95% CI,Votes,Organization\n1,GPT-4-Turbo,1253,+3/-4,50000,OpenAI\n"
                    "2,Claude 3 Opus,1251,+3/-3,40000,Anthropic\n3,Gemini 1.5 Pro,1249,+4/-4,30000,Google\n"
                    "4,Llama 3 70B,1208,+3/-3,60000,Meta\n", encoding="utf-8")
    report = audit([str(path)])
    assert report.readings[0].kind == "leaderboard" and "named by the score column" in report.readings[0].why
    assert {s.benchmark for s in report.scores} == {"lmarena"} and report.scores[0].ci == (1249.0, 1256.0)
    (ranked,) = report.ranks
    assert ranked.simultaneous == ((1, 3), (1, 3), (1, 3), (4, 4))


def test_lower_bound_p_values_are_stepped_down_apart_from_real_ones():
    """Review: in one Holm family, lower-bound p values (vote-only ratings) would lower the real members'
    adjusted p; they are adjusted among themselves, and never make a gap significant."""
    from claimcheck.checker.family import adjust
    from claimcheck.records import Comparison, Family

    def comp(i, p, bound):
        return Comparison(id=f"c{i}", scores=(f"a{i}", f"b{i}"), models=("A", f"B{i}"), benchmark="x",
                          kind="head-to-head", comparable=True, p=p, p_is_bound=bound)

    comps = (comp(1, 0.03, False), comp(2, 0.02, False), comp(3, 1e-9, True), comp(4, 0.5, True))
    out = {c.id: c for c in adjust(comps, (Family(0, 0, ("c1", "c2", "c3", "c4"), ()),), 0.05)}
    # Holm over the two real ones: 0.04 and 0.04, both below 0.05 (over all four: 0.06, within noise)
    assert out["c1"].p_adjusted == pytest.approx(0.04) and out["c1"].verdict == "significant"
    assert out["c2"].p_adjusted == pytest.approx(0.04) and out["c2"].verdict == "significant"
    assert out["c3"].verdict == "no-n" and out["c4"].verdict == "within-noise"


def test_appendix_a_keeps_the_numbers_of_a_gap_judged_against_the_vote_bound(tmp_path):
    from claimcheck.report.view import build_view

    path = tmp_path / "arena.csv"  # two rivals far below the leader: two bound-judged gaps in one row, each kept
    path.write_text(ARENA + "Mistral 7B,1100,30000,Apache 2.0\n", encoding="utf-8")
    report = audit([str(path)])
    assert sum(c.verdict == "no-n" and c.p is not None for c in report.comparisons) >= 2
    lines = [line for line in build_view(report).comparisons if ("Llama 3 70B" in line.pair or "Mistral" in line.pair)
             and line.verdict != "descriptive"]  # the row's descriptive pairs are one line of their own
    assert lines and all(line.gap != "—" and " pairs: " not in line.pair for line in lines)


@pytest.mark.parametrize("a,b,one", [
    ("BF16", "W8A8C8-FP8", True), ("Orca-7B", "Orca-7B-AWQ", True), ("Orca-7B-Instruct", "Orca-7B-Instruct-GPTQ-Int8", True),
    ("Orca-Large", "Orca-Large(int8 weight only)", True), ("Orca-7B (BF16)", "Orca-7B (Int4)", True),
    ("Orca-7B", "Nova-7B", False), ("Orca-7B", "Orca-14B", False), ("Mixtral-8x7B", "Mixtral-8x22B", False),
])
def test_a_models_precisions_and_quantized_builds_are_one_model_under_two_setups(tmp_path, a, b, one):
    path = tmp_path / "t.md"
    path.write_text(f"| Dataset | {a} | {b} |\n|---|---|---|\n| ARC-C | 94.6 | 94.2 |\n| CMMLU | 90.4 | 89.8 |\n",
                    encoding="utf-8")
    kinds = {c.kind for c in audit([str(path)]).comparisons}
    assert ("head-to-head" not in kinds) if one else kinds == {"head-to-head"}  # one model's setups: no contest


def test_a_row_whose_label_says_a_setup_differs_is_not_ranked_though_its_cells_read_alike(tmp_path):
    """Every cell of the row has the same resolution, yet the label says the harness differs between models:
    the one question asked of a shared resolution (a cell against another of the same kind) must be asked."""
    row = "Benchmark,A,B,C,D\nGPQA Diamond{},70.2%,50.1%,30.3%,20.0%\n"
    assert _audit(tmp_path, row.format(" (harness differs per model)")).ranks == ()
    assert len(_audit(tmp_path, row.format("")).ranks) == 1


def test_the_paired_method_says_which_null_a_row_of_its_size_gets():
    from claimcheck.checker.ranking import _paired_null

    assert _paired_null(1_000) == ("null draws from 1,000 seeded bootstrap resamples of the items, the same items for "
                                   "every model")
    assert _paired_null(1_001).startswith("Holm's stepdown") and "more than 1,000 models is not resampled" in _paired_null(1_001)
