"""Model names against benchmark labels, measured on real release tables.

Every row and column label of ../shared/corpus/*/cells.csv is keyed below by hand as a model name,
a benchmark (or another measurement label: a subset, a language, a context length, an average) or
other (sizes, attributes, "+SFT" rows relative to the row above, the "Human" baseline).  The test
prints the measured rates and fails on any model missed or any non-model accepted.  Two more
checks use material the recogniser was not written against: the benchmark registry's names and
aliases (none may look like a model) and the held-out vendor tables of tests/fixtures/vendor
(their model columns must, their benchmark rows must not).

    python -m tests.models.test_corpus_names      # print the rates
"""

from __future__ import annotations

import csv
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import yaml

from claimcheck.models import looks_like_model, recognise

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT.parent / "shared" / "corpus"
VENDOR = ROOT / "tests" / "fixtures" / "vendor"

# One label per line, exactly as printed in cells.csv (markup kept).
MODELS = r"""
    CodeLLama
    StarCoder2
    DeepSeek-Coder-Base
    CodeQwen1.5
    Yi-Coder
    GPT-4
    DeepSeek-Coder-Instruct
    CodeQwen1.5-Chat
    Yi-Coder-Chat
    Yi-Coder-9B-Chat
    DS-Coder-33B-Instruct
    CodeQwen1.5-7B-Chat
    GLM-4
    CodeLLaMA-13B-Instruct
    CodeLLaMA-7b-Instruct
    CodeShell
    CodeGeex-2
    StarCoder-Base
    CodeLLama-Base
    OLMo-1B (0724)
    OLMo-7B (0724)
    JetMoE-2B-9B
    DeepSeek-3B-16B
    Qwen1.5-3B-14B
    **OLMoE (This Model)**
    **GPT-4**
    **GPT-3.5 Turbo**
    **LLaMA-7B**
    **LLaMA2-7B**
    **MPT-7B**
    **Falcon-7B**
    **ChatGLM2-6B**
    **Baichuan-7B**
    **Baichuan2-7B-Base**
    **LLaMA-13B**
    **LLaMA2-13B**
    **Vicuna-13B**
    **Chinese-Alpaca-Plus-13B**
    **XVERSE-13B**
    **Baichuan-13B-Base**
    **Baichuan2-13B-Base**
    LLaMA-2<br>-7B
    LLaMA-2<br>-70B
    DeepSeek LLM<br>7B Base
    DeepSeek LLM<br>67B Base
    DeepSeek LLM 7B  Base
    DeepSeek LLM 67B Base
    DeepSeek LLM 7B Chat
    DeepSeek LLM 67B Chat
    DeepSeek LLM 7B Chat + MC
    StarCoder 2 15B
    Code Llama 13B
    DeepSeek Coder 7B
    CodeGemma 7B
    Code Llama 7B
    StarCoder 2 7B
    StarCoderBase 7B
    CodeGemma 2B
    Stable Code 3B
    StarCoder 2 3B
    InternLM2.5-7B
    Llama3-8B
    Yi-1.5-9B
    InternLM2.5-7B-Chat
    Llama3-8B-Instruct
    Gemma2-9B-IT
    Yi-1.5-9B-Chat
    GLM-4-9B-Chat
    Qwen2-7B-Instruct
    EXAONE 3.5 32B
    Qwen 2.5 32B
    C4AI Command R 32B
    Gemma 2 27B
    Yi 1.5 34B
    EXAONE 3.5 7.8B
    Qwen 2.5 7B
    Llama 3.1 8B
    Gemma 2 9B
    Phi 3 small (7B)
    EXAONE 3.5 2.4B
    Qwen 2.5 3B
    Qwen 2.5 1.5B
    Llama 3.2 3B
    Gemma 2 2B
    EXAONE Deep 32B
    DeepSeek-R1-Distill-Qwen-32B
    QwQ-32B
    DeepSeek-R1-Distill-Llama-70B
    DeepSeek-R1 (671B)
    EXAONE Deep 7.8B
    DeepSeek-R1-Distill-Qwen-7B
    DeepSeek-R1-Distill-Llama-8B
    OpenAI o1-mini
    EXAONE Deep 2.4B
    DeepSeek-R1-Distill-Qwen-1.5B
    Llama 3.2 1B
    Llama 3.2 1B bf16
    Llama 3.2 1B Vanilla PTQ\*\*
    Llama 3.2 1B Spin Quant
    Llama 3.2 1B QLoRA
    Llama 3.2 3B bf16
    Llama 3.2 3B Vanilla PTQ\*\*
    Llama 3.2 3B Spin Quant
    Llama 3.2 3B QLoRA
    Phi-3.5-MoE-instruct
    Mistral-Nemo-12B-instruct-2407
    Llama-3.1-8B-instruct
    Gemma-2-9b-It
    Gemini-1.5-Flash
    GPT-4o-mini-2024-07-18 (Chat)
    Mistral-7B-instruct-v0.3
    **GPT-4o (11-20)**
    **Claude-3.5-Sonnet (10-22)**
    **Gemini-1.5-Pro (002)**
    **Gemini-2.0-Flash (exp)**
    **Qwen2.5-72B-Inst.**
    **DeepSeek-V3**
    **Llama-3.1-405B-Inst.**
    **MiniMax-Text-01**
    GPT-4o (11-20)
    Claude-3.5-Sonnet (10-22)
    Deepseek-V3
    Qwen2.5-72B-Inst.
    Gemini-1.5-Pro (002)
    Gemini-2.0-Flash (exp)
    Qwen-Long
    Mistral-7B
    Gemma2-9B
    Qwen2-7B
    **Qwen2.5-7B**
    Qwen2-0.5B
    **Qwen2.5-0.5B**
    Qwen2-1.5B
    **Qwen2.5-1.5B**
    Gemma2-2.6B
    **Qwen2.5-3B**
    Light-R1-7B-DS
    **Skywork-OR1-7B**
    TinyR1-32B-Preview
    Qwen3-32B
    DeepSeek-R1
    **Skywork-OR1-32B**
    Solar-pro-preview
    Phi-3-medium-4K-instruct
    Gemma 2 27B IT
    Llama-3.1-70B-instruct
    MiMo-7B-RL
    MiMo-7B-RL-0530
    GPT-4o-0513
    Claude-3.5-Sonnet-1022
    QwQ-32B-Preview
    R1-Distill-Qwen-14B
    R1-Distill-Qwen-7B
    MiMo-7B-Base
    MiMo-7B-RL-Zero
    MiMo-7B-SFT
"""
OTHER = r"""
    Size
    +SFT
    +DPO
    +Chat
    **+SFT**
    **+DPO**
    Pretraining size [tokens]
    Human
    **1.5B**
    **7B**
    **14B**
    **32B**
    #Non-emb Params
    *Release Date*
    *Model size*
    *License*
    Evaluation setting
    Metric
    Evaluation tool
"""
BENCHMARKS = r"""
    Python
    C++
    Java
    PHP
    TS
    C#
    Bash
    JS
    Avg
    Debug
    Translation
    Switch
    Polish
    Avg Win Rate
    GSM8k
    MATH
    GSM-Hard
    SVAMP
    TabMWP
    ASDiv
    MAWPS
    MMLU
    BBH
    Human-Eval
    Alpaca-Eval 1.0
    XSTest
    IFEval
    **GSM8K**
    **MATH**
    **HumanEval**
    **MBPP**
    **CN-EN**
    **CN-FR**
    **CN-ES**
    **CN-AR**
    **CN-RU**
    **CN-JP**
    **CN-DE**
    Average
    Hella<br>Swag
    Trivia<br>QA
    GSM8K
    Human<br>Eval
    CEval
    CMMLU
    Chinese<br>QA
    TriviaQA
    HumanEval
    C-Eval
    ChineseQA
    JavaScript
    MMLU (5-shot)
    CMMLU (5-shot)
    BBH (3-shot)
    MATH (4-shot)
    GSM8K (4-shot)
    GPQA (0-shot)
    BBH (3-shot CoT)
    MATH (0-shot CoT)
    GSM8K (0-shot CoT)
    MT-Bench
    LiveBench
    Arena-Hard
    AlpacaEval
    KoMT-Bench[1]
    LogicKor
    MATH-500 (pass@1)
    AIME 2024 (pass@1 / cons@64)
    AIME 2025 (pass@1 / cons@64)
    CSAT Math 2025 (pass@1)
    GPQA Diamond (pass@1)
    Live Code Bench (pass@1)
    AGIEval English
    ARC-Challenge
    SQuAD
    QuAC (F1)
    DROP (F1)
    Needle in Haystack
    Open-rewrite eval
    TLDR9+ (test)
    GSM8K (CoT)
    MATH (CoT)
    ARC-C
    GPQA
    Hellaswag
    BFCL V2
    Nexus
    InfiniteBench/En.QA
    InfiniteBench/En.MC
    NIH/Multi-needle
    MGSM (CoT)
    Portuguese
    Spanish
    Italian
    German
    French
    Hindi
    Thai
    Arena Hard
    BigBench Hard CoT (0-shot)
    MMLU-Pro (0-shot, CoT)
    ARC Challenge (10-shot)
    BoolQ (2-shot)
    GPQA (0-shot, CoT)
    HellaSwag (5-shot)
    OpenBookQA (10-shot)
    PIQA (5-shot)
    Social IQA (5-shot)
    TruthfulQA (MC2) (10-shot)
    WinoGrande (5-shot)
    Multilingual MMLU (5-shot)
    MGSM (0-shot CoT)
    GSM8K (8-shot, CoT)
    MATH (0-shot, CoT)
    Qasper
    SQuALITY
    HumanEval (0-shot)
    MBPP (3-shot)
    **Average**
    Popular aggregated benchmark
    Reasoning
    Language understanding
    Robustness
    Long context
    Math
    Code generation
    Multilingual
    Multilingual MMLU
    Multilingual MMLU-Pro
    MGSM
    MEGA MLQA
    MEGA TyDi QA
    MEGA UDPOS
    MEGA XCOPA
    MEGA XStoryCloze
    GovReport
    QMSum
    SummScreenFD
    4K
    8K
    16K
    32K
    64K
    128K
    Rust
    TypeScript
    MMLU<sup>*</sup>
    MMLU-Pro<sup>*</sup>
    SimpleQA
    C-SimpleQA
    IFEval _(avg)_
    GPQA<sup>*</sup> _(diamond)_
    DROP<sup>*</sup> _(F1)_
    GSM8k<sup>*</sup>
    MATH<sup>*</sup>
    MBPP +
    4k
    8k
    16k
    32k
    64k
    128k
    256k
    512k
    1M
    **overall**
    **easy**
    **hard**
    **short**
    **medium**
    **long**
    **no context**
    **half book**
    **full book**
    **Δ half book**
    **Δ full book**
    **AritificalAnalysisIndex***
    **GPQA**
    **MMLU-PRO**
    **HLE**
    **LiveCodeBench***
    **SciCode**
    **AIME24**
    **AIME25**
    **HMMT FEB 25**
    **Pass@1 (Avg@64)**
    **Majority@64**
    **GenSelect**
    **HMMT Feb 25**
    **LCB v6 2408-2505**
    MMLU-pro
    MMLU-redux
    Trurhfulqa
    Winogrande
    Theoremqa
    MMLU-stem
    HumanEval+
    MBPP
    MBPP+
    MultiPL-E
    Multi-Exam
    Multi-Understanding
    Multi-Mathematics
    Multi-Translation
    AIME24 (Avg@32)
    AIME25 (Avg@32)
    LiveCodeBench (8/1/24-2/1/25) (Avg@4)
    **MMLU**
    **MMLU Pro**
    **IFEval**
    **ARC-C**
    **HellaSwag**
    **EQBench**
    **BigBench Hard**
    **MUSR**
    MMLU Pro
    HellaSwag
    EQBench
    BigBench Hard
    MUSR
    MATH500<br/>(Pass@1)
    AIME 2024<br/>(Pass@1)
    AIME 2025<br/>(Pass@1)
    LiveCodeBench v5<br/>(Pass@1)
    LiveCodeBench v6<br/>(Pass@1)
    GPQA-Diamond<br/>(Pass@1)
    Alignbench1.1<br/>(Evaluated by GPT4.1)
    GPQA Diamond<br/>(Pass@1)
    SuperGPQA<br/>(Pass@1)
    DROP<br/>(3-shot F1)
    MMLU-Pro<br/>(EM)
    IF-Eval<br/>(Prompt Strict)
    MATH-500<br/>(Pass@1)
"""
KEY = {label: kind for kind, block in (("model", MODELS), ("other", OTHER), ("benchmark", BENCHMARKS))
       for label in (line.strip() for line in block.splitlines()) if label}


@dataclass
class Rates:
    """Counts of one measurement: labels by kind, and the ones the recogniser got wrong."""

    counts: dict[str, int] = field(default_factory=lambda: {"model": 0, "benchmark": 0, "other": 0})
    missed: list[str] = field(default_factory=list)  # models not recognised
    accepted: list[str] = field(default_factory=list)  # non-models taken for models
    unkeyed: list[str] = field(default_factory=list)

    def add(self, label: str, kind: str | None) -> None:
        if kind is None:
            self.unkeyed.append(label)
            return
        self.counts[kind] += 1
        said = looks_like_model(label)
        if kind == "model" and not said:
            self.missed.append(label)
        elif kind != "model" and said:
            self.accepted.append(label)

    def summary(self, title: str) -> str:
        n_model = self.counts["model"]
        n_rest = self.counts["benchmark"] + self.counts["other"]
        return (f"{title}: models recognised {n_model - len(self.missed)}/{n_model}, "
                f"non-models rejected {n_rest - len(self.accepted)}/{n_rest} "
                f"({self.counts['benchmark']} benchmark labels, {self.counts['other']} other); "
                f"false negatives {self.missed}, false positives {self.accepted}"
                + (f", unkeyed {len(self.unkeyed)}" if self.unkeyed else ""))


def corpus_labels() -> list[str]:
    """Distinct row and column labels of the corpus transcriptions, in order of appearance."""
    seen: dict[str, None] = {}
    for path in sorted(CORPUS.glob("*/cells.csv")):
        with path.open(encoding="utf-8", newline="") as fh:
            for row in csv.DictReader(fh):
                seen.setdefault(row["row"], None)
                seen.setdefault(row["column"], None)
    return list(seen)


def corpus_rates() -> Rates:
    rates = Rates()
    for label in corpus_labels():
        rates.add(label, KEY.get(label))
    return rates


def registry_rates() -> Rates:
    """Every name and alias of the benchmark catalogue, as benchmark labels."""
    from claimcheck.registry.catalogue import load_catalogue

    rates = Rates()
    for bench in load_catalogue():
        for label in {bench.name, *bench.aliases, *(a for v in bench.versions for s in v.subsets for a in s.aliases)}:
            rates.add(label, "benchmark")
    return rates


def vendor_rates() -> Rates:
    """Held-out vendor tables: model columns (or, transposed, the first column) against their benchmark rows."""
    rates = Rates()
    for meta_path in sorted(VENDOR.glob("*.meta.yaml")):
        meta = yaml.safe_load(meta_path.read_text(encoding="utf-8"))
        if meta.get("orientation") == "transposed":
            with meta_path.with_name(meta_path.name.replace(".meta.yaml", ".csv")).open(encoding="utf-8") as fh:
                firsts = [r[0] for r in list(csv.reader(fh))[1:] if r and r[0].strip()]
            # bold headings over groups of rows ("**GPT-4 Turbo and GPT-4**", "**Other Models (Reported)**")
            # name no one model; "**o3**" heads its own rows and is a model name
            for label in firsts:
                heading = label.startswith("**") and (" and " in label or "Models" in label)
                rates.add(label, "other" if heading else "model")
        else:
            for label in meta.get("model_columns") or ():
                rates.add(label, "model")
        for entry in meta.get("expected") or ():
            if entry.get("label"):
                rates.add(str(entry["label"]), "benchmark")
    return rates


def test_the_key_covers_the_corpus():
    labels = corpus_labels()
    if not labels:
        pytest.skip("../shared/corpus is not available")
    unkeyed = [l for l in labels if l not in KEY]
    assert len(unkeyed) <= 0.05 * len(labels), unkeyed  # new corpus cases: key their labels here


def test_corpus_models_and_benchmarks_are_told_apart():
    rates = corpus_rates()
    if not sum(rates.counts.values()):
        pytest.skip("../shared/corpus is not available")
    print("\n" + rates.summary("corpus labels"))
    assert not rates.missed and not rates.accepted, rates.summary("corpus labels")


def test_no_registry_benchmark_name_looks_like_a_model():
    rates = registry_rates()
    print("\n" + rates.summary("benchmark registry names and aliases"))
    assert rates.counts["benchmark"] >= 500 and not rates.accepted, rates.accepted


def test_held_out_vendor_tables():
    rates = vendor_rates()
    if not rates.counts["model"]:
        pytest.skip("tests/fixtures/vendor is not available")
    print("\n" + rates.summary("held-out vendor tables"))
    assert len(rates.missed) <= 0.02 * rates.counts["model"], rates.missed
    assert len(rates.accepted) <= 0.01 * rates.counts["benchmark"], rates.accepted


def test_corpus_model_labels_resolve_to_families():
    """Every model printed in the corpus belongs to a catalogued family, not only to a name's shape."""
    unknown = [l for l, kind in KEY.items() if kind == "model" and not recognise(l).known]
    assert not unknown, unknown


if __name__ == "__main__":
    print(corpus_rates().summary("corpus labels"))
    print(registry_rates().summary("benchmark registry names and aliases"))
    print(vendor_rates().summary("held-out vendor tables"))
