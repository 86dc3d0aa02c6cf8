"""Read protocol facets out of row labels and qualifier text, in English and Chinese.

"HLE, with tools" → tools on; "Same as above, strict completion" / "同上，严格完成口径"
→ inherits the row above, strict metric; "pass@1", "avg@64", "maj@32", "5-shot",
"high effort", "2024-08 – 2025-01", "tool and judge protocols differ" → facets.
This module knows no benchmark names; the resolver matches those against the
registry and hands the rest of the text here.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field, replace
from typing import Any

_DITTO = re.compile(
    r"^\s*(?:same\s+as\s+above|ditto|as\s+above|idem|同上|〃|″|\")\s*(?:[,，;；:：\-–—(（]\s*)?(.*?)[)）]?\s*$",
    re.I,
)


def split_ditto(label: str) -> tuple[bool, str]:
    """Whether a label says "same as above", and what it adds ("strict completion")."""
    m = _DITTO.match(label or "")
    if not m:
        return False, label
    return True, m.group(1).strip()


@dataclass(frozen=True)
class Facets:
    """Protocol facets found in a piece of text, each with the words that set it."""

    tools: bool | None = None
    metric: str | None = None
    shots: int | None = None
    cot: bool | None = None
    effort: str | None = None
    thinking_budget: str | None = None
    attempts: int | None = None
    selection: str | None = None  # best-of-configurations, best-of-k, consensus
    unit: str | None = None  # elo | percentile | lower-is-better | percent
    not_percent: bool = False
    differs: tuple[str, ...] = ()
    unknown: tuple[str, ...] = ()
    secondhand: bool = False
    protocol: str | None = None
    version: str | None = None  # a generic version token ("v3", "2.1", "2024")
    window: str | None = None  # a date window "2024-08..2025-01"
    harness: str | None = None
    judge: str | None = None
    reasons: dict[str, str] = field(default_factory=dict)

    def merged_under(self, stronger: "Facets") -> "Facets":
        """These facets with every facet ``stronger`` sets taking precedence."""
        values: dict[str, Any] = {}
        for name in self.__dataclass_fields__:
            if name in ("reasons", "differs", "unknown"):
                continue
            mine, theirs = getattr(self, name), getattr(stronger, name)
            if name in ("not_percent", "secondhand"):  # flags: either text may raise them
                values[name] = mine or theirs
            else:
                values[name] = theirs if theirs is not None else mine
        values["differs"] = tuple(dict.fromkeys(self.differs + stronger.differs))
        values["unknown"] = tuple(dict.fromkeys(self.unknown + stronger.unknown))
        values["reasons"] = {**self.reasons, **stronger.reasons}
        return Facets(**values)


def _nfkc(text: str) -> str:
    return unicodedata.normalize("NFKC", text)


# one word naming a metric ("prompt_level_strict_acc"): bounded, with the keyword found by lookahead, so a long
# run of such words costs linear time
_SUB_METRIC = r"(?=[\w@\-]{0,40}?(?:prompt|instruction|inst|strict|loose|acc|em|f1|pass@\d))[\w@\-]{1,40}"
_METRICS: list[tuple[re.Pattern[str], str | None]] = [
    # "Avg(Prompt/Instruction acc Loose/Strict)", "mean of prompt_level_strict_acc and instruction_level_strict_acc":
    # one number averaging several of a benchmark's own metrics
    (re.compile(r"\b(?:avg|average|mean)\s*\((?=[^()]{0,200}?(?:prompt|instruction|inst|strict|loose))"
                r"(?=[^()]{0,200}?[/,&+])[^()]{0,200}\)|"
                rf"\b(?:avg|average|mean)\s+of\s+(?:the\s+)?{_SUB_METRIC}(?:\s{{0,3}}(?:,|and|&|/|\+)\s{{0,3}}{_SUB_METRIC}){{1,8}}",
                re.I),
     "blend"),
    (re.compile(r"\bpass\s*\^\s*(\d+)", re.I), "pass^{}"),
    # "Pass@1 (Avg@64)": pass@1 estimated as the mean over 64 samples, so avg@64 says what the number is
    (re.compile(r"\b(?:avg|mean|average)\s*@\s*(\d+)|\b(?:averaged?|mean)\s+(?:score\s+|result\s+)?(?:of|over|across)\s+"
                r"(\d+)\s+(?:runs|samples|seeds|trials|repetitions|attempts|generations)", re.I),
     "avg@{}"),
    (re.compile(r"\bpass\s*@\s*(\d+)|\bp@(\d+)\b", re.I), "pass@{}"),  # "p@1, 0-Shot" (NVIDIA's cards)
    (re.compile(r"\bcons\s*@\s*(\d+)", re.I), "cons@{}"),
    (re.compile(r"\bmaj(?:ority)?\s*@\s*(\d+)|\bmajority[- ]vot(?:e|ing)\s*(?:of|over|@)\s*(\d+)", re.I), "maj@{}"),
    (re.compile(r"\bbest[- ]of[- ](\d+)|\bbo(\d+)\b", re.I), "best-of-{}"),
    # one answer chosen among many samples by a model or verifier (NVIDIA's GenSelect, reranking)
    (re.compile(r"\bgen-?select\b|\bselect(?:ion)?\s*@\s*\d+|\brerank(?:ed|ing)?\b|\bverifier[- ]select", re.I), "selection"),
    (re.compile(r"\bprompt[- ]?level[- ]?strict|\bprompt[- ]strict|\bstrict[- ]prompt", re.I), "prompt-strict"),
    (re.compile(r"\bprompt[- ]?level[- ]?loose|\bprompt[- ]loose|\bloose[- ]prompt", re.I), "prompt-loose"),
    (re.compile(r"\binst(?:ruction)?[- ]?(?:level[- ]?)?strict|\bstrict[- ]inst", re.I), "instruction-strict"),
    (re.compile(r"\binst(?:ruction)?[- ]?(?:level[- ]?)?loose|\bloose[- ]inst", re.I), "instruction-loose"),
    (re.compile(r"\bloose[- ]?acc(?:uracy)?\b|\bacc(?:uracy)?[- ]?loose\b", re.I), "loose"),  # IFEval "Loose Acc": level unsaid
    (re.compile(r"\bstrict[- ]?acc(?:uracy)?\b|\bacc(?:uracy)?[- ]?strict\b", re.I), "strict"),
    (re.compile(r"\bmc\s*([12])\b", re.I), "mc{}"),  # TruthfulQA MC1 (one right answer) and MC2 (probability mass)
    (re.compile(r"\bpartial[- ]?(?:credit|score|reward)|部分得分|部分奖励|部分分", re.I), "partial-credit"),
    (re.compile(r"\bstrict(?:[- ]completion)?\b|every requirement met|all requirements (?:are )?(?:met|satisfied)|严格|全部要求满足|全通过", re.I), "strict"),
    (re.compile(r"\blc[- ]?win[- ]?rate|\blength[- ]controlled", re.I), "lc-win-rate"),
    (re.compile(r"\bwin[- ]?rate|\bwr\b|胜率", re.I), "win-rate"),
    (re.compile(r"\bexact[- ]match\b|\bem\b", re.I), "em"),
    (re.compile(r"\bf1\b", re.I), "f1"),
    (re.compile(r"\bresolved\b|解决率", re.I), "resolved"),
    (re.compile(r"\bpercentile\b|百分位", re.I), "percentile"),
    (re.compile(r"\belo\b|\brating\b|评级|等级分", re.I), "rating"),
    # translation metrics, each on its own scale ("spBLEU" before "BLEU"; "chrF++" is chrF with word n-grams)
    (re.compile(r"\bsp-?bleu\b", re.I), "spbleu"),
    (re.compile(r"\bchrf\+\+", re.I), "chrf++"),
    (re.compile(r"\bchrf\b", re.I), "chrf"),
    (re.compile(r"\bbleurt\b", re.I), "bleurt"),
    (re.compile(r"\bcomet(?:-?(?:22|20|kiwi))?\b", re.I), "comet"),
    (re.compile(r"\bsacre-?bleu\b|\bbleu\b", re.I), "bleu"),
    # lm-evaluation-harness spellings: "acc_norm" (the choices' log-likelihood normalised by their length) and
    # "acc_char" score the same answers otherwise than "acc", and print other numbers (HellaSwag 60.6 vs 78.0)
    (re.compile(r"\bacc[_-]norm\b", re.I), "acc-norm"),
    (re.compile(r"\bacc[_-]char\b", re.I), "acc-char"),
    (re.compile(r"\bacc(?:uracy)?\b|准确率|正确率", re.I), "accuracy"),
]
_TOOLS_ON = re.compile(r"\b(?:with|w/|w\.|using|use)\s*(?:tools?|search|python|code execution|browsing)\b|"
                       r"\b(?:python|search|browsing|code)\s*\+\s*(?:search|python|browsing|code)\b|\btool[- ]?(?:use|augmented|enabled)\b|\bagentic\b|"
                       # program-aided: the model writes code that is run (PAL, program of thoughts, a code interpreter)
                       r"\bprogram[- ]aided\b|\bprograms?[- ]of[- ]thoughts?\b|\bmath(?:ematical)?\s+programming\b|"
                       r"\btool[- ]integrated\b|\bcode[- ]interpreter\b|(?-i:\bPAL\b)|有工具|使用工具|带工具|可用工具|工具增强", re.I)
#: Agent scaffolds and harnesses vendors name, and "in-house framework" / "X harness" phrases.
_HARNESS = re.compile(
    r"\b(?:agentless|(?:mini-)?swe-agent|openhands|open\s?hands|terminus(?:[- ]?\d+)?|codex[- ]cli|claude[- ]code|"
    r"aider|moatless(?:[- ]tools)?|autocoderover|bash[- ]only|"
    r"lm[- ]?eval(?:uation)?[- ]harness|bigcode[- ]evaluation[- ]harness|lighteval|opencompass|simple[- ]evals|evalplus|"
    r"(?:in-house|internal|our own|proprietary|custom|our)\s+(?:evaluation\s+)?(?:framework|harness|scaffold(?:ing)?|agent)|"
    r"(?!(?:evaluation|eval|the|same|standard|official|this|that|an?|its|their)\s)(?<![\w.-])[A-Za-z][\w.-]{0,40}\s+(?:harness|scaffold))\b"
    r"|内部框架|自研框架", re.I)
_TOOLS_OFF = re.compile(r"\b(?:no|without|w/o)\s*(?:tools?|code[- ]interpreter|code execution|python|search|browsing|"
                        r"pal|program[- ]aided)\b|\btool[- ]?free\b|\bno[- ]tool\b|\bagentless\b|无工具|不使用工具|不用工具|不带工具",
                        re.I)
_SHOTS = re.compile(r"\b(\d{1,4})\s*-?\s*shots?\b|(?<!\d)(\d{1,4})\s*样本", re.I)
_ZERO_SHOT = re.compile(r"\bzero[- ]shot\b|零样本", re.I)
_COT = re.compile(r"\bco?t\b|chain[- ]of[- ]thought|思维链", re.I)
_EFFORT = re.compile(r"\b(?:reasoning\s+)?effort\s*[:=]?\s*(minimal|low|medium|high|xhigh|max)\b|\b(minimal|low|medium|high|xhigh|max)\s+(?:reasoning\s+)?effort\b|\((minimal|low|medium|high|xhigh|max)\)|推理强度\s*[:：]?\s*(\S+)", re.I)
_BEST_CONFIG = re.compile(r"best (?:score )?(?:over|across|of) (?:all |several |the )?(?:reasoning[- ]effort|effort|configurations?|settings|prompts|runs)|highest (?:score )?(?:over|across)|各推理档位中的最高分|最高分|parallel test[- ]time compute|parallel sampling", re.I)
_NEGATION_BEFORE = re.compile(r"(?:\bw/o|\bwithout|\bno|\bnon[- ]?|\bdisabled?|不|无|关闭)\s*(?:extended\s+)?$", re.I)
_NEGATION_AFTER = re.compile(r"^\s*(?:[:=]\s*)?(?:off|disabled|none|no)\b|^\s*(?:关闭|关)", re.I)


def _negated(text: str, m: re.Match[str]) -> bool:
    """Whether a mode word is negated: "w/o extended thinking", "without thinking", "thinking off"."""
    return bool(_NEGATION_BEFORE.search(text[max(0, m.start() - 30):m.start()]) or _NEGATION_AFTER.match(text[m.end():]))


_THINKING = re.compile(r"(?<![\d.])(\d{1,6}(?:\.\d{1,3})?\s*[kKmM])\s*(?:(?:thinking|reasoning)(?:\s*tokens?)?|tokens?)|(?:extended\s+)?thinking\s*[:(]?\s*(\d{1,6}(?:\.\d{1,3})?\s*[kKmM])|\b(non[- ]?thinking|thinking)\b", re.I)
#: Words saying a value was copied from another report, not measured here: "from the tech report", "from
#: DeepSeek's technical report", "sourced from other public reports", "reported in the original papers", "taken
#: from the official leaderboard", "the official results on OpenCompass", "来自技术报告".  A source that is the
#: publisher's own run ("from our internal evaluation", "taken from our pipeline") is not another report.
_SOURCE_NOUN = r"(?:tech(?:nical)? reports?|papers?|model cards?|blogs?|leaderboards?|reports|publications?|websites?)"
_SECONDHAND = re.compile(
    rf"from (?:the|their|its|a|other|respective|[\w.\-]+['’]s?)(?: [\w.\-'’]+){{0,3}}? {_SOURCE_NOUN}|"
    rf"reported in (?:(?:the|their|its|each|respective|original|official|corresponding|published|model'?s?)\s+){{1,3}}"
    rf"{_SOURCE_NOUN.replace('reports', 'reports?')}|"
    r"as reported (?:by|in)|reported by|(?:copied|taken|cited|sourced|borrowed|quoted|extracted|obtained) from|"
    r"self-reported|\bofficial(?:ly)? (?:reported )?(?:results|numbers|scores|figures|values)\b|"
    r"来自技术报告|引自|摘自|转引|复制|转载|取自|来自(?:原|其)?(?:论文|报告)|官方(?:结果|数据|分数)", re.I)
#: what makes a "from …" the publisher's own run, right after the words above or inside them
_OWN_SOURCE = re.compile(r"^\W*(?:(?:the|a)\s+)?(?:our|ours|internal|in-house|own|the same|this)\b", re.I)
#: A marked note's "values marked with † are from OpenCompass": for the marked values, any named source is another.
_MARKED_FROM = re.compile(r"\b(?:are|is|were|was)\s+(?:all\s+|directly\s+|instead\s+)?(?:from|via)\s+(?=\S)", re.I)


def copied_words(text: str, *, marked: bool = False) -> str | None:
    """The words saying a value was copied from another report (see ``_SECONDHAND``), or None.  For a note
    explaining a mark (``marked``), "are from <any source>" says so too."""
    for pattern in (_SECONDHAND, _MARKED_FROM) if marked else (_SECONDHAND,):
        for m in pattern.finditer(text):
            if not _OWN_SOURCE.match(text[m.end():]):
                return m.group(0).strip()
    return None
_NOT_PERCENT = re.compile(r"not (?:a )?percent(?:age)?|非百分数|不是百分数|非百分比", re.I)
_LOWER_BETTER = re.compile(
    r"lower is better|\(↓\)|↓|越低越好|\bbpb\b|bits per byte|perplexity|\bppl\b|latency|延迟|"
    r"\bcost\b|\bprice\b|pricing|\$|\busd\b|per million|\bseconds\b|wall[- ]?clock|成本|价格|费用", re.I)
_UNIT_ELO = re.compile(r"\belo\b|\bbradley[- ]terry\b|\brating\b|评级|等级分", re.I)
_PROTOCOL = re.compile(r"(?<![\w.\-])([\w.\-]{1,40}(?: [\w.\-]{1,40}){0,3}?)\s+release protocol|(?<![\w.\-])([\w.\-]{1,40})\s*发布协议", re.I)
_TO = r"\s*(?:–|—|-|~|to|至|到)\s*"
_MONTHS = {m: i for i, m in enumerate(
    ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"], start=1)}
_MON = r"(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
# Date windows in the spellings vendors use (LiveCodeBench above all), each -> (y1, m1, y2, m2)
_WINDOWS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(rf"(20\d\d)[./-](\d{{1,2}})[./-]\d{{1,2}}{_TO}(20\d\d)[./-](\d{{1,2}})[./-]\d{{1,2}}"), "ymd"),  # 2024-08-01 – 2025-01-31
    (re.compile(rf"\b(20\d\d)(0[1-9]|1[0-2])[0-3]\d{_TO}(20\d\d)(0[1-9]|1[0-2])[0-3]\d\b"), "ymd"),  # 20240801-20250201
    (re.compile(rf"(\d{{1,2}})/\d{{1,2}}/(20\d\d){_TO}(\d{{1,2}})/\d{{1,2}}/(20\d\d)"), "mdy"),  # 10/01/2024-02/01/2025
    (re.compile(rf"\b(\d{{1,2}})/\d{{1,2}}/(\d{{2}}){_TO}(\d{{1,2}})/\d{{1,2}}/(\d{{2}})\b"), "mdy"),  # 8/1/24-2/1/25
    (re.compile(rf"(20\d\d)[./-](\d{{1,2}}){_TO}(20\d\d)[./-](\d{{1,2}})"), "ym"),  # 2024-08 – 2025-01
    (re.compile(rf"\b(\d{{2}})[./](\d{{1,2}}){_TO}(\d{{2}})[./](\d{{1,2}})\b"), "yy.m"),  # 25.02-25.05, 24/8~25/5
    (re.compile(rf"\b{_MON}\s*'?(\d{{2}}|20\d\d){_TO}{_MON}\s*'?(\d{{2}}|20\d\d)\b", re.I), "mon"),  # Aug 24 - May 25
    (re.compile(rf"\b(\d{{2}})(0[1-9]|1[0-2]){_TO}(\d{{2}})(0[1-9]|1[0-2])\b"), "yymm"),  # 2408-2501
    (re.compile(rf"\b(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01]){_TO}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\b"), "mmdd"),  # 0901-0401
]
_VERSION = re.compile(r"(?<![\w.])v(\d+(?:\.\d+)*)\b|(?<![\w.@^])(\d+\.\d+(?:\.\d+)*)(?![\w.%])|(?<![\w.])((?:19|20)\d\d)(?![\w.%])", re.I)
_CLAUSES = re.compile(r"[;；。.\n]|,(?=\s*[a-z])|，")
_FACET_WORDS = {
    "tools": re.compile(r"\btools?\b|工具", re.I),
    "judge": re.compile(r"\bjudges?\b|\bgraders?\b|\bgrading\b|裁判|评审|评分器", re.I),
    "harness": re.compile(r"\bharness(?:es)?\b|\bscaffold(?:s|ing)?\b|\bframework\b|\bagent\b|运行框架|框架|脚手架", re.I),
    "version": re.compile(r"\bversions?\b|版本", re.I),
    "budget": re.compile(r"\bbudgets?\b|\beffort\b|\btime limits?\b|\bstep limits?\b|预算|推理强度", re.I),
    "metric": re.compile(r"\bmetrics?\b|\bscoring\b|指标|计分|口径", re.I),
}
_DIFFER = re.compile(r"\bdiffer(?:s|ent)?\b|\bvar(?:y|ies)\b|\bnot the same\b|不同|不一致", re.I)
_UNKNOWN = re.compile(r"to be checked|\bunknown\b|not stated|unspecified|not disclosed|undisclosed|须另核对|另行核对|待核|未说明|未知|未披露", re.I)


def _metric(text: str) -> tuple[str | None, str | None]:
    for pattern, name in _METRICS:
        m = pattern.search(text)
        if m:
            k = next((g for g in m.groups() if g), None) if m.groups() else None
            return (name.format(k) if k else name), m.group(0)
    return None, None


_ACCURACY = re.compile(r"^(?:acc(?:uracy)?|correct|%\s*correct|top-?1|(?:macro|micro)_avg/acc|average/acc|准确率|正确率)$", re.I)
_EM = re.compile(r"(?:^|[/_\s])(?:em|exact[ _-]?match)(?:$|[/_\s])|^em_|_em$", re.I)
#: HELM's relaxed variants of exact match: each its own metric, not exact match ("quasi_exact_match"
#: compares normalised strings, "prefix_exact_match" a prefix of the output)
_RELAXED_EM = re.compile(r"(?:quasi|prefix)[ _-]?(?:prefix[ _-]?)?exact[ _-]?match", re.I)


def canonical_metric(text: str) -> str | None:
    """A metric column's words in the shared vocabulary ("Acc" -> accuracy, "em_maj1@1" -> em)."""
    text = _nfkc(text or "").strip()
    if not text or text in ("-", "—"):
        return None
    if _ACCURACY.match(text):
        return "accuracy"
    if _RELAXED_EM.search(text):
        return _slug(text)
    if _EM.search(text):
        return "em"
    metric, _ = _metric(text)
    if metric:
        return metric
    return _slug(text) or None


#: metrics that are no share of answers right (a macro F1 of a constant guess is about 1/3 on a two-way task whose
#: guessing accuracy is 50%), so a benchmark's chance level, that of guessing an answer, is not theirs
_NOT_A_SHARE_RIGHT = re.compile(r"(?:(?:macro-|micro-|weighted-)?f1|bleu|rouge|chrf|mcc|auc|auroc|pearson|spearman|"
                                r"corr|perplexity|win-rate|lc-win-rate|rating|partial-credit)(?![a-z])", re.I)


def counts_right_answers(metric: str | None) -> bool:
    """Whether a metric in the shared vocabulary (None: the benchmark's own) is a share of answers right."""
    return not _NOT_A_SHARE_RIGHT.match(metric or "")


def _slug(text: str) -> str:
    """A metric name in the vocabulary's spelling: lower case, words joined by "-" ("quasi_exact_match@5")."""
    return re.sub(r"[^0-9a-z@^]+", "-", text.casefold()).strip("-")


def _clause_facets(text: str, trigger: re.Pattern[str]) -> tuple[str, ...]:
    found = []
    for clause in _CLAUSES.split(text):
        if trigger.search(clause):
            found += [facet for facet, words in _FACET_WORDS.items() if words.search(clause)]
    return tuple(dict.fromkeys(found))


def extract_facets(text: str) -> Facets:
    """Every facet the text states; facets it does not mention stay None."""
    text = _nfkc(text or "")
    if not text.strip():
        return Facets()
    reasons: dict[str, str] = {}
    values: dict[str, Any] = {}

    def found(name: str, value: Any, words: str) -> None:
        values[name] = value
        reasons[name] = words.strip()

    if m := _TOOLS_OFF.search(text):
        found("tools", False, m.group(0))
    elif m := _TOOLS_ON.search(text):
        found("tools", True, m.group(0))
    if m := _HARNESS.search(text):
        found("harness", " ".join(m.group(0).split()), m.group(0))
    metric, words = _metric(text)
    if metric:
        found("metric", metric, words or metric)
        if metric.startswith("pass@"):
            values["attempts"] = int(metric.split("@")[1])
        if metric.startswith("best-of-"):
            values["selection"] = metric
    if m := _SHOTS.search(text):
        found("shots", int(m.group(1) or m.group(2)), m.group(0))
    elif m := _ZERO_SHOT.search(text):
        found("shots", 0, m.group(0))
    if m := _COT.search(text):
        found("cot", True, m.group(0))
    if m := _EFFORT.search(text):
        found("effort", next(g for g in m.groups() if g).lower(), m.group(0))
    if m := _BEST_CONFIG.search(text):
        found("selection", "best-of-configurations", m.group(0))
    if m := _THINKING.search(text):
        mode = m.group(3)
        value = ("off" if mode.lower().startswith("non") or _negated(text, m) else "on") if mode \
            else (m.group(1) or m.group(2)).replace(" ", "").upper()
        found("thinking_budget", value, m.group(0))
    if words := copied_words(text):
        found("secondhand", True, words)
    _unit_facets(text, found, values)
    if m := _PROTOCOL.search(text):
        found("protocol", (m.group(1) or m.group(2)).strip(), m.group(0))
    _window_and_version(text, found)
    differs, unknown = _clause_facets(text, _DIFFER), _clause_facets(text, _UNKNOWN)
    return Facets(**values, differs=differs, unknown=unknown, reasons=reasons)


def _unit_facets(text: str, found, values) -> None:
    if m := _NOT_PERCENT.search(text):
        found("not_percent", True, m.group(0))
    if m := _LOWER_BETTER.search(text):
        found("unit", "lower-is-better", m.group(0))
    elif m := re.search(r"\bpercentile\b|百分位", text, re.I):
        found("unit", "percentile", m.group(0))
    elif m := _UNIT_ELO.search(text):
        found("unit", "elo", m.group(0))
    elif m := _RATING_SCALE.search(text):
        found("unit", "points", m.group(0))


#: a rating scale the label states: "(Score 1-10)", "1–5 scale", "rated 0~10" (judge scores, not percentages)
_SCALE_SPAN = r"[01]\s*(?:-|–|~|to)\s*(?:5|7|10)(?![\d.%])"
_RATING_SCALE = re.compile(rf"(?:\bscor(?:e|es|ed)|\bscale|\brat(?:ing|ings|ed)|\bpoints?|分)\W{{0,3}}(?:on\s+an?\s+|from\s+)?(?<![\d.]){_SCALE_SPAN}"
                           rf"|(?<![\d.]){_SCALE_SPAN}\s*(?:-?\s*(?:points?|scale|分制|分)\b)|\(\s*{_SCALE_SPAN}\s*\)", re.I)


def _year(y: str) -> int:
    return int(y) if len(y) == 4 else 2000 + int(y)


def _window(text: str) -> tuple[str, str] | None:
    """A date window as "YYYY-MM..YYYY-MM" and the words that state it."""
    for pattern, kind in _WINDOWS:
        m = pattern.search(text)
        if not m:
            continue
        g = m.groups()
        if kind == "mmdd":  # month and day with no year ("0901-0401": Sep 1 to Apr 1); it may cross a new year
            return f"--{g[0]}-{g[1]}..--{g[2]}-{g[3]}", m.group(0)  # ISO 8601's "--MM-DD": a date with no year
        if kind == "mdy":
            y1, m1, y2, m2 = g[1], g[0], g[3], g[2]
        elif kind == "mon":
            y1, m1, y2, m2 = g[1], _MONTHS[g[0][:3].lower()], g[3], _MONTHS[g[2][:3].lower()]
        else:
            y1, m1, y2, m2 = g
        m1, m2 = int(m1), int(m2)
        start, end = (int(_year(y1)), m1), (int(_year(y2)), m2)
        if kind == "yymm" and start[0] < 2020:
            continue  # "0901-0401" is MMDD (Sep 1 to Apr 1, no year; the next pattern), not 2009-01 to 2004-01
        if 1 <= m1 <= 12 and 1 <= m2 <= 12 and start <= end:  # a window ends after it starts
            return f"{start[0]}-{m1:02d}..{end[0]}-{m2:02d}", m.group(0)
    return None


def _window_and_version(text: str, found) -> None:
    window = _window(text)
    if window:
        found("window", window[0], window[1])
        text = text.replace(window[1], " ")
    if m := _VERSION.search(text):
        found("version", next(g for g in m.groups() if g), m.group(0))


def facets_of(label_rest: str, qualifiers: tuple[str, ...]) -> Facets:
    """Facets from the label's own words, with qualifier text filling only what the label leaves open.

    The label decides: a qualifier such as "kept apart from the with-tools
    configuration" on a "no tools" row must not turn tools on.
    """
    label = extract_facets(label_rest)
    quals = extract_facets(" ; ".join(qualifiers))
    # Numbers in free text ("SE about 3.5 pp") are not versions unless written "v3.5".
    keep = quals.version and not label.version and quals.reasons.get("version", "").lower().startswith("v")
    quals = replace(quals, version=quals.version if keep else None)
    return quals.merged_under(label)
