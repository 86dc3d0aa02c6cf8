"""The recogniser's edge cases: markup, sizes, variants, dates, benchmarks that look like names."""

from __future__ import annotations

import pytest

from claimcheck.models import clean, looks_like_model, model_share, open_weights, recognise, same_vendor
from claimcheck.models.names import identity, moving_name


@pytest.mark.parametrize("label, family, size, active", [
    ("**Qwen2.5-7B**", "qwen", "7B", None),
    ("<strong>Kimi K2</strong>", "kimi", None, None),
    ("Claude Sonnet 4 (w/o extended thinking)", "claude", None, None),
    ("LLaMA-2<br>-7B", "llama", "7B", None),
    ("Qwen3-235B-A22B", "qwen", "235B", "22B"),
    ("Mixtral-8x7B", "mixtral", "8x7B", None),
    ("JetMoE-2B-9B", "jetmoe", "9B", "2B"),
    ("Qwen1.5-MoE-A2.7B", "qwen", None, "2.7B"),
    ("Gemma-2-9b-It", "gemma", "9B", None),
    ("phi-4 (14B)", "phi", "14B", None),
    ("EXAONE 3.5 7.8B", "exaone", "7.8B", None),
    ("SmolLM-135M", "smollm", "135M", None),
    ("DeepSeek-R1-Distill-Qwen-1.5B", "deepseek-r1-distill", "1.5B", None),
    ("Llama-3.1-Nemotron-70B-Instruct", "nemotron", "70B", None),
    ("Code Llama 13B", "code-llama", "13B", None),
    ("StarCoderBase 7B", "starcoder", "7B", None),
    ("gpt-oss-120b", "gpt-oss", "120B", None),
    ("GPT-J-6B", "gpt-j", "6B", None),
    ("Meta Llama 3 8B", "llama", "8B", None),
    ("meta-llama/Llama-3.1-8B-Instruct", "llama", "8B", None),
    ("Qwen3-VL-\n235B-A22B-\nThinking", "qwen", "235B", "22B"),
])
def test_families_and_sizes(label, family, size, active):
    name = recognise(label)
    assert name is not None and (name.family, name.size, name.active) == (family, size, active)
    assert looks_like_model(label)


@pytest.mark.parametrize("label, version, variants", [
    ("GPT-4o-mini-2024-07-18 (Chat)", "4o", {"mini", "2024-07-18", "Chat"}),
    ("Claude-3.5-Sonnet-1022", "3.5", {"Sonnet", "1022"}),
    ("GPT-4o (11-20)", "4o", {"11-20"}),
    ("Gemini-1.5-Pro (002)", "1.5", {"Pro", "002"}),
    ("Mistral-7B-instruct-v0.3", "v0.3", {"instruct"}),
    ("Qwen2.5-72B-Inst.", "2.5", {"Inst"}),
    ("Llama 3.2 1B bf16", "3.2", {"bf16"}),
    ("InternLM2.5-7B-Chat-1M", "2.5", {"Chat", "1M"}),
    ("DeepSeek-V3-0324", "V3", {"0324"}),
    ("MiniMax-M1-80K", "M1", {"80K"}),
    ("o3-mini (high)", "o3", {"mini", "high"}),
    ("DeepSeek-R1", "R1", set()),
    ("Kimi K2.5 (Thinking)", "K2.5", {"Thinking"}),
])
def test_versions_and_variant_words(label, version, variants):
    name = recognise(label)
    assert name.version == version and variants <= set(name.variants), name


@pytest.mark.parametrize("label", [
    "MMLU", "GSM8K", "GSM8k<sup>*</sup>", "HumanEval", "HumanEval+", "AIME 2024", "AIME 2025 (pass@1 / cons@64)",
    "GPQA Diamond", "MATH-500", "MATH500<br/>(Pass@1)", "LiveCodeBench v5", "Arena-Hard", "C-Eval", "MT-Bench",
    "IFEval", "Alpaca-Eval 1.0", "AlpacaEval 2.0", "Vicuna Bench", "Alignbench1.1<br/>(Evaluated by GPT4.1)",
    "ArenaHard (GPT-4-1106)", "MMLU-Redux 2.0", "Terminal-Bench 2.0", "Agent Index v1.2", "BFCL V2",
    "LCB v6 2408-2505", "HMMT Feb 25", "RULER 1M", "128k", "4K", "**7B**", "7B models", "10B+ models",
    "Human", "+SFT", "Average", "Size", "#Non-emb Params", "Pretraining size [tokens]", "", "   ", "—",
])
def test_benchmarks_and_other_labels_are_not_models(label):
    assert not looks_like_model(label), recognise(label)


@pytest.mark.parametrize("label, confidence", [
    ("Foo-7B", 0.7),  # a size token
    ("Astra-70B-Instruct", 0.7),
    ("Bar-Chat", 0.6),  # a model suffix
    ("Fable 5.1", 0.5),  # a dotted version
    ("Acme 2.5", 0.5),
    ("OpenAI Nova-32B", 0.75),  # a vendor's prefix adds a little
])
def test_unknown_names_are_recognised_by_their_shape(label, confidence):
    name = recognise(label)
    assert name is not None and name.family is None and name.confidence == confidence
    assert looks_like_model(label)


def test_an_unknown_name_printed_after_a_vendor_keeps_the_vendor():
    assert recognise("OpenAI Nova-32B").vendor == "openai"
    assert recognise("OpenAI MRCR") is None  # a benchmark by a vendor is not a model


def test_a_bare_word_is_not_a_model():
    assert recognise("Astra") is None and recognise("Nexus") is None


def test_markup_does_not_matter():
    plain = recognise("Qwen2.5-7B")
    for printed in ("**Qwen2.5-7B**", "<strong>Qwen2.5-7B</strong>", "<b>Qwen2.5-7B</b>", "*Qwen2.5-7B*",
                    "Qwen2.5-7B<sup>*</sup>", "Qwen2.5-7B[^3]", "Qwen2.5-7B†", "<ins>**Qwen2.5-7B**</ins>",
                    "[Qwen2.5-7B](https://huggingface.co/Qwen/Qwen2.5-7B)", "Qwen2.5&#8209;7B".replace("&#8209;", "-")):
        name = recognise(printed)
        assert (name.family, name.size, name.version, name.text) == (plain.family, plain.size, plain.version, plain.text)


def test_clean_keeps_the_name_and_drops_the_marks():
    assert clean("Llama 3.2 1B Vanilla PTQ\\*\\*") == "Llama 3.2 1B Vanilla PTQ"
    assert clean("DeepSeek LLM<br>7B Base") == "DeepSeek LLM 7B Base"
    assert clean("KoMT-Bench[1]") == "KoMT-Bench"


def test_remarks_in_parentheses_are_notes():
    name = recognise("Claude Sonnet 4 (w/o extended thinking)")
    assert name.text == "Claude Sonnet 4" and name.notes == ("w/o extended thinking",)


def test_the_vendors_own_model_is_marked():
    assert recognise("**OLMoE (This Model)**").own
    assert recognise("Qwen2.5-72B-Instruct (ours)").own
    assert not recognise("Qwen2.5-72B-Instruct").own


def test_longest_family_pattern_wins():
    assert recognise("DeepSeek-R1-Distill-Llama-8B").family == "deepseek-r1-distill"
    assert recognise("DeepSeek-R1-Distill-Llama-8B").based_on == "llama"
    assert recognise("DeepSeek-R1").family == "deepseek-r1"
    assert recognise("DeepSeek-V3").family == "deepseek-v"
    assert recognise("DeepSeek LLM 67B Chat").family == "deepseek-llm"
    assert recognise("OLMoE-1B-7B").family == "olmoe" and recognise("OLMo-7B").family == "olmo"
    assert recognise("Yi-Coder-9B-Chat").family == "yi-coder" and recognise("Yi-34B").family == "yi"


@pytest.mark.parametrize("label, expected", [
    ("Llama-3.1-8B-Instruct", True),
    ("GPT-4o", False),
    ("Claude 3.5 Sonnet", False),
    ("Gemini 2.5 Flash", False),
    ("gpt-oss-20b", True),
    ("Mistral-7B-Instruct-v0.3", True),  # a line of a mixed family
    ("Mistral Medium 3", None),  # a tier whose weights no cited source settles
    ("Grok-1", True),
    ("Grok 3", None),
    ("Kimi K2 Instruct", True),
    ("Kimi k1.5", None),
    ("Qwen2.5-72B-Instruct", True),
    ("Qwen2.5-Max", None),
    ("GLM-4-9B-Chat", True),
    ("Foo-7B", None),  # unknown family: unknown openness
    ("MMLU", None),
])
def test_open_weights(label, expected):
    assert open_weights(label) is expected


def test_open_weights_answers_carry_their_source():
    name = recognise("Solar-pro-preview")
    assert name.open_weights is True and name.open_weights_source.startswith("https://huggingface.co/upstage/")


def test_a_heading_over_several_models_is_not_one_model():
    assert not looks_like_model("**GPT-4 Turbo and GPT-4**")


def test_generic_stems_alone_are_weaker_evidence():
    assert recognise("Yi").confidence < recognise("Yi-34B").confidence
    assert looks_like_model("Yi")


def test_model_share_tells_orientation():
    headers = ["Benchmark", "Qwen2.5-7B", "Llama3-8B", "Gemma2-9B", "Mistral-7B"]
    labels = ["MMLU", "GSM8K", "HumanEval", "MATH", "#Non-emb Params"]
    assert model_share(headers) == 0.8 and model_share(labels) == 0.0
    assert model_share([]) == 0.0 and model_share(["", "  "]) == 0.0


def test_same_vendor_finds_the_subject():
    headers = ["EXAONE Deep 32B", "DeepSeek-R1-Distill-Qwen-32B", "QwQ-32B", "OpenAI o1-mini"]
    assert [h for h in headers if same_vendor(h, "LG-AI-EXAONE")] == ["EXAONE Deep 32B"]
    assert same_vendor("QwQ-32B", "Qwen") and not same_vendor("QwQ-32B", "nobody")


def test_recognition_is_cached_and_repeatable():
    assert recognise("Qwen2.5-7B") is recognise("Qwen2.5-7B")


@pytest.mark.parametrize("label", ["Spider 2.0", "MRCR 1.5", "AlpacaEval 2.0", "WinoGrande 1.1", "Finance Agent v1.1"])
def test_a_version_alone_is_weak_evidence_for_benchmark_like_names(label):
    assert not looks_like_model(label)


def test_a_size_token_outweighs_a_topic_word():
    assert looks_like_model("MetaMath-7B") and looks_like_model("MathCoder-L-7B")


@pytest.mark.parametrize("text, kind", [
    ("Llama-3-8B-Instruct", "tuned"), ("Gemma-2-9b-it", "tuned"), ("Qwen2.5-7B-Base", "base"),
    ("Instruction Tuned Models", "tuned"), ("Base Pretrained Models", "base"), ("预训练模型", "base"), ("对话模型", "tuned"),
    ("Llama 3.1 8B", None), ("Base and Chat models", None),
    ("Qwen2.5-72B-Inst.", "tuned"), ("Gemma 2 27B IT", "tuned"),  # variant words the recogniser reads off a name
])
def test_checkpoint_kind_reads_names_and_headings_alike(text, kind):
    from claimcheck.models.names import checkpoint_kind

    assert checkpoint_kind(text) == kind


@pytest.mark.parametrize("text, moving", [
    ("GPT-4", "GPT-4"),
    ("OpenAI GPT-4o", "GPT-4o"),  # the vendor prefix is no snapshot
    ("**GPT-3.5 Turbo**", "GPT-3.5 Turbo"),
    ("Claude 3.5 Sonnet", "Claude 3.5 Sonnet"),
    ("Gemini-1.5-Flash", "Gemini 1.5 Flash"),
    ("GPT-4 (0613)", None),  # a snapshot
    ("gpt-4o-2024-08-06", None),
    ("Claude-3.5-Sonnet (10-22)", None),
    ("Gemini-1.5-Pro (002)", None),  # Google's three-digit stable version
    ("gemini-1.5-flash-002", None),
    ("Gemini 1.5 Pro (exp)", None),  # a release remark
    ("GPT-4o-mini", None),  # one snapshot only: not a moving name
    ("GPT-4 Turbo (preview)", None),
    ("Llama 3.1 405B", None),
])
def test_moving_api_names(text, moving):
    found = moving_name(text)
    assert (found.name if found else None) == moving


def test_google_stable_versions_are_snapshots():
    assert identity("gemini-1.5-flash-002").same_model(identity("Gemini-1.5-Flash (002)"))
    assert not identity("Gemini-1.5-Pro (001)").same_model(identity("Gemini-1.5-Pro (002)"))


def test_the_catalogue_knows_families_whose_models_are_tuned_whatever_their_names_say():
    from claimcheck.models.names import checkpoint_kind

    assert [checkpoint_kind(n) for n in ("Vicuna-13B", "ChatGLM2-6B", "Alpaca-7B", "Chinese-Alpaca-Plus-13B")] == ["tuned"] * 4
    # Chinese-LLaMA is the same project's base model; LLaMA 2 says neither; "-Base" says base
    assert [checkpoint_kind(n) for n in ("Chinese-LLaMA-2-13B", "LLaMA2-7B", "Baichuan2-7B-Base")] == [None, None, "base"]
    assert checkpoint_kind("ChatGLM3-6B-Base") == "base"  # the family's chat models are tuned; its "-Base" is not


def test_bare_names_that_are_base_checkpoints_by_the_vendors_naming():
    from claimcheck.models.names import names_base_checkpoint

    assert [names_base_checkpoint(n) for n in ("Qwen 2.5 32B", "Qwen2.5-32B", "Llama 3.1 8B", "Llama 3.2 3B")] == [True] * 4
    # the name says which it is, or the family's bare name is the tuned model (Qwen3), or the catalogue has no fact
    assert not any(names_base_checkpoint(n) for n in (
        "Qwen2.5-32B-Instruct", "Llama-3.1-8B-Instruct", "Qwen3-32B", "Qwen2.5-Max", "Gemma 2 27B", "Phi 3 small (7B)"))


@pytest.mark.parametrize("a,b,same", [
    ("Qwen3-A22B", "Qwen3-32B", False),  # 22B active of an MoE is no dense 32B
    ("Qwen3-A22B", "Qwen3-235B-A22B", True),  # the short name of the MoE
    ("Qwen3-235B", "Qwen3-235B-A22B", True),  # … and its total alone
    ("Qwen3-30B-A3B", "Qwen3-235B-A22B", False),
    ("Qwen3-A3B", "Qwen3-A22B", False),
    ("Qwen3-235B-A22B", "Qwen3-235B-A3B", False),  # same total, other active size
])
def test_active_sizes_tell_mixtures_of_experts_apart(a, b, same):
    assert identity(a).same_model(identity(b)) is same and identity(b).same_model(identity(a)) is same


def test_vendors_making_is_same_vendor_over_every_pair():
    from claimcheck.models.names import vendors_making

    texts = ["EXAONE Deep 32B", "QwQ-32B", "Llama 3.1 8B", "M17", "DeepSeek-V3"]
    vendors = ["LG-AI-EXAONE", "Qwen", "deepseek-ai", "OpenAI", "nobody", "Meta"]
    expected = {v for v in vendors if any(same_vendor(t, v) for t in texts)}
    assert vendors_making(texts, vendors) == expected
    assert {"LG-AI-EXAONE", "Qwen", "deepseek-ai"} <= expected and "OpenAI" not in expected
    assert vendors_making(["M17", "Foo"], vendors) == set()
