"""Reading claims files and parsing sentences into what they assert (English and Chinese)."""

from __future__ import annotations

import pytest

from claimcheck.claims import parse_claims, read_claims, split_sentences
from claimcheck.errors import InputError
from claimcheck.registry.catalogue import load_catalogue
from claimcheck.registry.resolver import Resolver

ASTRA_TABLE = ["Astra", "Fable 5.1"]
AGENT_TABLE = ["Claude Opus 5.5", "GPT-6 Astra", "Claude Sonnet 5.5", "Claude Fable 5.1"]


@pytest.fixture(scope="module")
def resolver() -> Resolver:
    return Resolver(load_catalogue())


def parse(resolver, text: str, models=ASTRA_TABLE, labels=()):
    return parse_claims([(text, "claims.txt:1")], models, resolver, labels=labels)[0]


# ── reading ─────────────────────────────────────────────────────────────────


def test_one_claim_per_line_comments_and_blank_lines_skipped(tmp_path):
    path = tmp_path / "claims.txt"
    path.write_text("# release post, 2026-09-08\n\nAstra leads on HLE.\n- Fable 5.1 scores 65% on HLE\n",
                    encoding="utf-8")
    assert read_claims(str(path)) == [("Astra leads on HLE.", "claims.txt:3"),
                                      ("Fable 5.1 scores 65% on HLE", "claims.txt:4")]


def test_a_line_with_several_sentences_is_split_in_english_and_chinese(tmp_path):
    path = tmp_path / "post.txt"
    path.write_text("Astra leads on HLE. Fable 5.1 trails on AutomationBench!\n"
                    "GPT-6 Astra 在 Terminal-Bench 4.0 上领先。Fable 5.1 在 HLE 上得分 65%；两者相当\n", encoding="utf-8")
    got = read_claims(str(path))
    assert [t for t, _ in got] == [
        "Astra leads on HLE.", "Fable 5.1 trails on AutomationBench!",
        "GPT-6 Astra 在 Terminal-Bench 4.0 上领先。", "Fable 5.1 在 HLE 上得分 65%；", "两者相当",
    ]
    assert [s for _, s in got] == ["post.txt:1"] * 2 + ["post.txt:2"] * 3


def test_abbreviations_decimals_and_brackets_do_not_end_a_sentence():
    assert split_sentences("Astra beats Fable 5.1 (57.9% vs. 55.8%; n unknown). Done") == [
        "Astra beats Fable 5.1 (57.9% vs. 55.8%; n unknown).", "Done"]


@pytest.mark.parametrize("encoding", ["utf-8-sig", "gb18030"])
def test_utf8_with_bom_and_gb18030_files_are_read(tmp_path, encoding):
    path = tmp_path / "zh.txt"
    path.write_bytes("GPT-6 Astra 在 Terminal-Bench 4.0 上领先\n".encode(encoding))
    assert read_claims(str(path)) == [("GPT-6 Astra 在 Terminal-Bench 4.0 上领先", "zh.txt:1")]


def test_a_missing_file_is_an_input_error_naming_it(tmp_path):
    with pytest.raises(InputError) as err:
        read_claims(str(tmp_path / "nope.txt"))
    assert err.value.path.endswith("nope.txt") and "cannot read" in err.value.message


@pytest.mark.parametrize("data, row", [(b"ok line\n\xff\xfe\xfd bad\n", 2), (b"one\ntwo\nthree\x00\n", 3)])
def test_undecodable_or_binary_files_are_input_errors_with_the_line(tmp_path, data, row):
    path = tmp_path / "bad.txt"
    path.write_bytes(data)
    with pytest.raises(InputError) as err:
        read_claims(str(path))
    assert err.value.row == row and err.value.path == str(path)


# ── models ──────────────────────────────────────────────────────────────────


@pytest.mark.parametrize("text, models, expected", [
    ("Claude Fable 5.1 leads on HLE", ASTRA_TABLE, ("Fable 5.1",)),
    ("GPT-6 Astra beats Claude Fable 5.1 on HLE", ASTRA_TABLE, ("Astra", "Fable 5.1")),
    ("Astra beats Fable 5.1 on Agent Index", AGENT_TABLE, ("GPT-6 Astra", "Claude Fable 5.1")),
    ("Opus 5.5 edges out Sonnet 5.5 on Agent Index", AGENT_TABLE, ("Claude Opus 5.5", "Claude Sonnet 5.5")),
    ("astra BEATS fable 5.1 on HLE", ASTRA_TABLE, ("Astra", "Fable 5.1")),
    ("GPT-6 Astra在Terminal-Bench 4.0上领先Fable 5.1", ASTRA_TABLE, ("Astra", "Fable 5.1")),
])
def test_models_are_found_exactly_or_by_their_distinctive_tokens(resolver, text, models, expected):
    assert parse(resolver, text, models, labels=["Agent Index v1.2"]).models == expected


def test_a_family_word_or_another_version_is_not_the_tables_model(resolver):
    assert parse(resolver, "Claude beats GPT on Agent Index", AGENT_TABLE, ["Agent Index v1.2"]).models == ()
    claim = parse(resolver, "Fable 5.0 beats Astra on HLE")
    assert claim.models == ("Astra",) and claim.subject is None
    assert claim.unparsed == "compares with 'Fable 5.0', which is not a model in the tables"


# ── benchmarks, tools, editions ─────────────────────────────────────────────


def test_registry_benchmarks_with_the_edition_written_after_them(resolver):
    claim = parse(resolver, "Astra leads on Terminal-Bench 4.0 and GPQA Diamond")
    assert claim.benchmarks == ("terminal-bench", "gpqa")
    assert claim.versions == (("terminal-bench", "4.0"),) and claim.subsets == (("gpqa", "diamond"),)


def test_a_number_after_a_benchmark_is_not_its_version(resolver):
    claim = parse(resolver, "Astra leads on Terminal-Bench by 2 points")
    assert claim.versions == () and claim.numbers == ((2.0, "points"),)


def test_the_tables_unknown_labels_are_benchmarks_by_their_core_name(resolver):
    claim = parse(resolver, "Opus 5.5 is state of the art on Agent Index", AGENT_TABLE, ["Agent Index v1.2"])
    assert claim.benchmarks == ("Agent Index v1.2",)
    assert claim.relation == "best" and claim.subject == "Claude Opus 5.5" and claim.strength == "state of the art"


@pytest.mark.parametrize("text, tools", [
    ("Fable 5.1 leads on HLE with tools", True), ("Fable 5.1 leads on HLE without tools", False),
    ("Fable 5.1 在 HLE（有工具）上领先", True), ("Fable 5.1 在 HLE（无工具）上领先", False),
    ("Fable 5.1 leads on HLE", None),
])
def test_tools_words(resolver, text, tools):
    claim = parse(resolver, text)
    assert claim.tools is tools and claim.benchmarks == ("hle",)


# ── relations, numbers, strength ────────────────────────────────────────────


@pytest.mark.parametrize("text, relation, subject, objects", [
    ("Astra outperforms Fable 5.1 on Terminal-Bench (57.9% vs 55.8%)", "beats", "Astra", ("Fable 5.1",)),
    ("Fable 5.1 trails Astra on AutomationBench", "beats", "Astra", ("Fable 5.1",)),
    ("Fable 5.1 is on par with Astra on HLE", "ties", "Fable 5.1", ("Astra",)),
    ("Astra is state of the art on GPQA", "best", "Astra", ()),
    ("Astra is #1 on OSWorld", "best", "Astra", ()),
    ("Astra improves by 10 points over Fable 5.1 on AutomationBench", "improves", "Astra", ("Fable 5.1",)),
    ("Astra scores 98% on FrontierMath", "value", "Astra", ()),
    ("GPT-6 Astra 在 Terminal-Bench 4.0 上领先", "beats", "Astra", ()),
    ("Astra 在 AutomationBench 上超过 Fable 5.1", "beats", "Astra", ("Fable 5.1",)),
    ("Astra 比 Fable 5.1 在 AutomationBench 上高 10 个百分点", "beats", "Astra", ("Fable 5.1",)),
    ("Fable 5.1 在 AutomationBench 上落后于 Astra", "beats", "Astra", ("Fable 5.1",)),
    ("Astra 与 Fable 5.1 在 HLE 上持平", "ties", "Astra", ("Fable 5.1",)),
    ("Astra 在 GPQA 上表现最佳", "best", "Astra", ()),
    ("Astra 在 AutomationBench 上提升 10 分", "improves", "Astra", ()),
    ("Astra 在 FrontierMath 上得分 98%", "value", "Astra", ()),
    ("Compared with Fable 5.1, Astra improves AutomationBench by +10 pp", "improves", "Astra", ("Fable 5.1",)),
    ("与 Fable 5.1 相比，Astra 在 AutomationBench 上提升 10 个百分点", "improves", "Astra", ("Fable 5.1",)),
    ("Astra 在 GPQA 上得分超过 90%", "value", "Astra", ()),
])
def test_relations_subjects_and_objects(resolver, text, relation, subject, objects):
    claim = parse(resolver, text)
    assert (claim.relation, claim.subject, claim.objects) == (relation, subject, objects)
    assert claim.unparsed is None


@pytest.mark.parametrize("text, numbers", [
    ("Astra outperforms Fable 5.1 on Terminal-Bench (57.9% vs 55.8%)", ((57.9, "%"), (55.8, "%"))),
    ("a 10-point jump on AutomationBench for Astra", ((10.0, "points"),)),
    ("Astra leads Fable 5.1 on HLE by +2.1 pp", ((2.1, "pp"),)),
    ("Astra scores 1853 on GDPval-AA", ((1853.0, ""),)),
    ("Astra 在 AutomationBench 上领先 Fable 5.1 10 分", ((10.0, "points"),)),
    ("Astra 在 GPQA 上得分 96 分", ((96.0, "分"),)),
    ("Astra is #1 on OSWorld 2.0 in 5-shot mode", ()),
    ("Astra scores over 90% on GPQA", ((90.0, ">%"),)),
    ("Astra 在 GPQA 上得分超过 90%", ((90.0, ">%"),)),
    ("Astra 在 GPQA 上得分 90% 以上", ((90.0, ">%"),)),
    ("Astra scores under 50% on AutomationBench", ((50.0, "<%"),)),
])
def test_numbers_are_kept_as_written_and_model_or_version_digits_are_not_numbers(resolver, text, numbers):
    assert parse(resolver, text).numbers == numbers


def test_strength_words_as_written(resolver):
    assert parse(resolver, "Astra significantly outperforms Fable 5.1 on HLE").strength == "significantly"
    assert parse(resolver, "Astra 在 HLE 上显著领先 Fable 5.1").strength == "显著"


# ── what cannot be read ─────────────────────────────────────────────────────


@pytest.mark.parametrize("text, unparsed", [
    ("We are excited to share our latest model.",
     "not a claim about the tables: it names no model, benchmark or score from them"),
    ("我们很高兴发布新模型。", "not a claim about the tables: it names no model, benchmark or score from them"),
    ("a 10-point jump on AutomationBench", "names no model from the tables"),
    ("Gemini 4 Ultra scores 60% on Terminal-Bench",
     "names no model from the tables ('Gemini 4 Ultra' is not one of them)"),
    ("Astra is our most capable model yet", "names no benchmark from the tables"),
    ("Astra was evaluated on HLE", "states no comparison, ranking or score"),
    ("Astra beats Gemini 4 on Terminal-Bench", "compares with 'Gemini 4', which is not a model in the tables"),
    ("Gemini 4 Ultra 在 Terminal-Bench 上超过 Astra",
     "compares with 'Gemini 4 Ultra', which is not a model in the tables"),
])
def test_sentences_missing_a_model_or_benchmark_say_what_is_missing(resolver, text, unparsed):
    claim = parse(resolver, text)
    assert claim.unparsed == unparsed
    if unparsed.startswith(("not a claim", "names no")):
        assert claim.relation == "unknown"


def test_claims_are_numbered_in_order_with_their_sources(resolver):
    items = [("Astra leads on HLE", "a.txt:1"), ("Nothing here", "a.txt:2"), ("Fable 5.1 leads on HLE", "a.txt:4")]
    claims = parse_claims(items, ASTRA_TABLE, resolver)
    assert [(c.id, c.source, c.text) for c in claims] == [
        ("t1", "a.txt:1", "Astra leads on HLE"), ("t2", "a.txt:2", "Nothing here"),
        ("t3", "a.txt:4", "Fable 5.1 leads on HLE")]


# ── scope ───────────────────────────────────────────────────────────────────


def _scoped(resolver, text: str):
    return parse_claims([(text, "claims.txt:1")], ASTRA_TABLE, resolver, benchmarks=["hle", "osworld"])[0]


@pytest.mark.parametrize("text", [
    "Astra leads on every benchmark", "Astra is best across the board", "Astra beats Fable 5.1 on all benchmarks",
    "Astra is the most capable model on every benchmark", "Astra leads on each of the benchmarks",
    "Astra 在所有基准上领先 Fable 5.1", "Astra 全面领先",
])
def test_a_claim_about_every_benchmark_covers_each_benchmark_in_the_tables(resolver, text):
    c = _scoped(resolver, text)
    assert (c.scope, c.benchmarks, c.unparsed) == ("all", ("hle", "osworld"), None)


@pytest.mark.parametrize("text", [
    "Astra leads on all benchmarks except HLE", "Astra leads on most benchmarks",
    "Astra leads on nearly every benchmark", "除了 HLE，Astra 在所有基准上领先",
])
def test_exceptions_and_hedges_are_not_read_as_every_benchmark(resolver, text):
    c = _scoped(resolver, text)
    assert c.scope == "named" and c.unparsed


def test_a_category_is_not_every_benchmark(resolver):
    c = _scoped(resolver, "Astra leads on all coding benchmarks")
    assert c.scope == "named" and c.benchmarks == () and "names no benchmark" in c.unparsed


def test_a_named_benchmark_keeps_the_claim_to_that_benchmark(resolver):
    c = _scoped(resolver, "Astra leads on HLE across the board")
    assert c.scope == "named" and c.benchmarks == ("hle",)


@pytest.mark.parametrize("text, numbers", [
    ("Astra is within 2 points of Fable 5.1 on HLE", ((2.0, "<points"),)),
    ("Astra is within 1.5 pp of Fable 5.1 on HLE", ((1.5, "<pp"),)),
    ("Astra 与 Fable 5.1 在 HLE 上相差不到 2 分", ((2.0, "<points"),)),
    ("Astra 与 Fable 5.1 在 HLE 上差距在 2 个百分点以内", ((2.0, "<pp"),)),
])
def test_within_bounds_the_gap(resolver, text, numbers):
    c = parse(resolver, text)
    assert (c.relation, c.subject, c.objects, c.numbers) == ("within", "Astra", ("Fable 5.1",), numbers)


def test_no_worse_than_is_a_denial_read_from_the_other_side(resolver):
    c = parse(resolver, "Fable 5.1 is no worse than Astra on HLE")
    assert (c.relation, c.negated, c.subject, c.objects) == ("beats", True, "Astra", ("Fable 5.1",))



@pytest.mark.parametrize("line, parts", [
    ("Astra leads on HLE by 12 points, while Fable 5.1 leads on OSWorld.",
     ["Astra leads on HLE by 12 points", "Fable 5.1 leads on OSWorld."]),
    ("Astra leads on HLE whereas Fable 5.1 leads on OSWorld",
     ["Astra leads on HLE", "Fable 5.1 leads on OSWorld"]),
    ("Astra 在 HLE 上领先，而 Fable 5.1 在 OSWorld 上领先。", ["Astra 在 HLE 上领先", "Fable 5.1 在 OSWorld 上领先。"]),
    ("Astra leads on HLE, and by a lot.", ["Astra leads on HLE, and by a lot."]),
])
def test_clauses_joined_by_while_whereas_or_er_are_separate_claims(line, parts):
    assert split_sentences(line) == parts


@pytest.mark.parametrize("text, numbers", [
    ("Astra scores between 55% and 60% on HLE", ((55.0, ">%"), (60.0, "<%"))),
    ("Astra scores 55-60% on HLE", ((55.0, ">%"), (60.0, "<%"))),
    ("Astra leads Fable 5.1 by 2 to 3 points on HLE", ((2.0, ">points"), (3.0, "<points"))),
    ("Astra leads Fable 5.1 64.6% to 52.6% on HLE", ((64.6, "%"), (52.6, "%"))),
    ("Astra scores 64.6% and 57.9% on HLE and OSWorld", ((64.6, "%"), (57.9, "%"))),
    ("Astra leads Fable 5.1 by up to 5 points on HLE", ((5.0, "<points"),)),
    ("Astra leads Fable 5.1 by more than 5 points on HLE", ((5.0, ">points"),)),
    ("Astra is 32% better than Fable 5.1 on HLE", ((32.0, "%gap"),)),
    ("Astra 在 HLE 上比 Fable 5.1 高 2.1 分", ((2.1, "points"),)),
    ("Astra 在 HLE 上比 Fable 5.1 高出约 32%", ((32.0, "%gap"),)),
    ("Astra 在 HLE 上比 Fable 5.1 高 10 分，在 OSWorld 上高 12 分", ((10.0, "points"), (12.0, "points"))),
])
def test_ranges_bounds_and_gaps(resolver, text, numbers):
    assert parse(resolver, text).numbers == numbers


@pytest.mark.parametrize("text, subject", [
    ("Fable 5.1 is outperformed by Astra on HLE", "Astra"),
    ("Fable 5.1 was surpassed by Astra by 3 points on HLE", "Astra"),
    ("Astra outperformed Fable 5.1 by 3 points on HLE", "Astra"),
    ("Fable 5.1 在 HLE 上被 Astra 超越", "Astra"),
    ("Fable 5.1 仅次于 Astra on HLE", "Astra"),
])
def test_passive_voice_puts_the_agent_ahead(resolver, text, subject):
    c = parse(resolver, text)
    assert (c.relation, c.subject, c.negated) == ("beats", subject, False)


def test_not_far_behind_concedes_the_gap(resolver):
    c = parse(resolver, "Fable 5.1 is not far behind Astra on HLE")
    assert (c.subject, c.negated) == ("Astra", False)


def test_the_metric_a_sentence_names_is_kept(resolver):
    assert parse(resolver, "Fable 5.1 scores 41.7% on OSWorld with strict completion").metric == "strict"



@pytest.mark.parametrize("text, unknown", [
    ("Astra is ahead of Fable 5.1 and GPT-5 on HLE", ("GPT-5",)),
    ("Astra is ahead of Fable 5.1, GPT-5 and Gemini on HLE", ("GPT-5",)),
    ("Astra 在 HLE 上超过 Fable 5.1 和 Gemini 4", ("Gemini 4",)),
    ("GPT-6 Astra beats Claude Fable 5.1 on HLE", ()),
    ("Astra beats Fable 5.1 on HLE (57.9% vs 55.8%)", ()),
])
def test_names_listed_beside_a_tables_model_are_kept(resolver, text, unknown):
    assert parse(resolver, text, models=["Astra", "Fable 5.1"]).unknown == unknown
