"""What a sentence asserts: its relation, the numbers it prints and its strength words.

English and Chinese wording.  Relations, tried in this order:

- improves: "improves by", "+N points", "a 10-point jump", 提升/提高;
- best: state of the art, SOTA, best, #1, top, highest, 最佳/第一/最高/榜首;
- ties: matches, on par, comparable, 持平/相当/不相上下;
- beats: outperforms, beats, leads, ahead of, higher/better than, surpasses, 领先/超过/优于/高于,
  "A 比 B 高"; and the reverse (trails, behind, lower than, 落后/低于/不如), where the model
  after the word is the one ahead;
- value: "scores 98%", 得分/达到 with a number;
- within: "within 1 point of", "相差不到 1 分": a bound on the gap, checked against the printed
  numbers (its number gets unit "<points" or "<pp").

Numbers are kept as written with their unit.  A number is a *gap* (unit "pp" or
"points") when the text says so ("+2.1", "by 3 points", "a 10-point jump", "领先 2.1 分",
"2.1 个百分点"); a "10% jump" is read as 10 points, relative readings are not tried.
Other numbers are *values* (unit "%", "分" or "" for a bare number after "scores"/"vs").
A value written as a bound gets its unit prefixed: ">" for "over 90%", "at least",
"超过 90%", "90% 以上"; "<" for "under", "below", "at most", "低于 90%", "不到".
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_R = re.IGNORECASE
IMPROVES = re.compile(r"\bimprov\w*|\bjump(?:s|ed)?\b|\bgains?\b|\bgained\b|\bboost\w*|\bleap\b|\buplift\b|"
                      r"(?<![\w.])\+\s*\d|提升|提高|增长|进步", _R)
BEST = re.compile(r"state[- ]of[- ]the[- ]art|\bsota\b|\bbest\b|#\s*1\b|\bnumber one\b|\bno\.\s*1\b|\btops?\b|"
                  r"\btop[- ]ranked\b|\bfirst place\b|\branks? first\b|\bhighest\b|\bstrongest\b|\bmost capable\b|"
                  r"最佳|第一|最高|最强|最好|榜首|业界领先|领先水平", _R)
TIES = re.compile(r"\bmatch(?:es|ed|ing)?\b|\bon par\b|\bpar with\b|\bcomparable\b|\bties?\b|\btied\b|"
                  r"\bneck and neck\b|\bsame level\b|\bas good as\b|持平|相当|相近|打平|不相上下|旗鼓相当", _R)
BEATS = re.compile(r"\boutperform\w*|\bbeat(?:s|ing)?\b|\bleads?\b|\bahead of\b|\bhigher than\b|\bbetter than\b|"
                   r"\bleading\b|\bsurpass\w*|\bexceed\w*(?!\s*\d)|\bedges? out\b|\bwins? (?:over|against)\b|"
                   r"领先|超过(?!\s*\d)|超越|优于|高于(?!\s*\d)|胜过|强于|"
                   r"比(?=[^。]{0,40}?(?:高|强|好|更优))", _R)
TRAILS = re.compile(r"\btrail\w*|\blags?\b|\blagging\b|\bbehind\b|\blower than\b|\bworse than\b|"
                    r"\bfalls? short of\b|\bunderperform\w*|落后|低于(?!\s*\d)|不如|逊于|比(?=[^。]{0,40}?(?:低|差|弱))", _R)
WITHIN = re.compile(r"\bwithin\s+(?=[+]?\d)|(?:相差|差距|差)(?:在|不到|不足|小于)?\s*(?=\d[^。]{0,12}?(?:以内|之内|内))|"
                    r"(?:相差|差距)(?:不到|不足|小于)\s*(?=\d)", _R)
VALUE = re.compile(r"\bscor(?:es|ed|ing)\b|\bachiev\w*|\breach\w*|\bhits?\b|\bgets?\b|\bposts?\b|\brecords?\b|"
                   r"得分|达到|取得|拿下|获得|成绩", _R)
STRENGTH = re.compile(r"statistically significant(?:ly)?|\bsignificantly\b|\bsubstantially\b|\bconsiderably\b|"
                      r"\bdramatically\b|\bclearly\b|\bdecisively\b|\bby far\b|\bfar ahead\b|\bwell ahead\b|"
                      r"\bmassively\b|"
                      r"\bstate[- ]of[- ]the[- ]art\b|\bsota\b|\bbest\b|\bhighest\b|\bstrongest\b|\bmost capable\b|"
                      r"显著|大幅|明显|遥遥|最佳|最强|第一", _R)

_EVALS = r"(?:benchmarks?|evals?|evaluations?|tests?|tasks?|categories|domains|metrics)"
SCOPE_ALL = re.compile(
    rf"\b(?:every|each)(?: single| one of the| of the)? {_EVALS}|\ball (?:of )?(?:the |our |these |its |reported |listed )*"
    rf"{_EVALS}|\bacross the board\b|\bacross the table\b|\bclean sweep\b|"
    r"所有(?:的)?(?:基准|评测|测试|任务|榜单|指标)|每(?:一)?(?:个|项)(?:基准|评测|测试|任务|指标)|"
    r"全部(?:基准|评测|测试|任务)|全面领先|各项(?:基准|评测|测试|指标)", _R)
_EXCEPT = re.compile(rf"\bexcept\b|\bbut (?:one|two|three|a few)\b|\bother than\b|\bapart from\b|\bsave for\b|"
                     rf"\bmost (?:of (?:the |our )?)?{_EVALS}|\b(?:nearly|almost|virtually) (?:all|every)\b|"
                     r"除了?|之外|大多数|大部分|几乎", _R)

_NUMBER = re.compile(
    r"(?<![\w.#])([+＋]?)(\d+(?:\.\d+)?)(?:\s*-?\s*(%|pp\b|p\.p\.|percentage[- ]points?\b|points?\b|pts?\b|"
    r"个百分点|百分点|分))?", _R)
_GAP_UNITS = {"pp": "pp", "p.p.": "pp", "个百分点": "pp", "百分点": "pp"}
_GAP_BEFORE = re.compile(r"(?:\bby|\bwithin|(?:jump|gain|lead|improvement|increase|boost|margin|advantage)\s+of|"
                         r"(?:相差|差距|差)(?:在|不到|不足|小于)?|领先|高出|提升|提高|多出|超出|增加|增长)\s*$", _R)
_GAP_AFTER = re.compile(r"^\s*-?\s*(?:jump|gain|lead|improvement|increase|boost|margin|advantage|leap|uplift|"
                        r"higher|more|better|ahead|的领先|的优势|的提升)", _R)
_VALUE_BEFORE = re.compile(r"(?:scor(?:es|ed|ing|e)|achiev\w*|reach\w*|hits?|gets?|posts?|records?|at|of|with|"
                           r"得分|达到|取得|拿下|获得|为|是)\s*[:：]?\s*$", _R)
_AT_LEAST = re.compile(r"(?:\bover|\babove|\bmore than|\bat least|\bexceed\w*|\bupwards of|>|≥|超过|高于|逾)\s*$", _R)
_AT_MOST = re.compile(r"(?:\bunder|\bbelow|\bless than|\bat most|\bup to|<|≤|低于|不到|不足)\s*$", _R)
_PAIR_AFTER = re.compile(r"^\s*(?:vs\.?|versus|to|against|对|比)\s*\d", _R)
_PAIR_BEFORE = re.compile(r"\d\s*%?\s*(?:vs\.?|versus|to|against|对|比)\s*$", _R)


@dataclass(frozen=True)
class Relation:
    """The relation a sentence states and where its keyword sits."""

    name: str  # beats | ties | best | value | improves | unknown
    start: int = -1
    end: int = -1
    reversed: bool = False  # "A trails B": the model after the keyword is the one ahead
    negated: bool = False  # "A does not beat B", "A 未超过 B"


_NEGATION = re.compile(r"(?:\bno\s+|\b(?:not|never|no longer|fails? to|failed to|cannot|can't|doesn't|don't|didn't|isn't|"
                       r"aren't|wasn't)\b(?:\s+\w+){0,2}\s*|(?:未|没有|并未|并没有|不|未能)\s*)$", re.I)


def _negated(text: str, start: int) -> bool:
    """Whether the words just before a relation keyword deny it ("does not beat", "未超过")."""
    return bool(_NEGATION.search(text[max(0, start - 30):start]))


def find_relation(text: str, has_values: bool) -> Relation:
    """The sentence's relation; ``has_values`` says whether it prints a score."""
    if m := WITHIN.search(text):
        return Relation("within", m.start(), m.end())
    for name, pattern in (("improves", IMPROVES), ("best", BEST), ("ties", TIES)):
        if m := pattern.search(text):
            return Relation(name, m.start(), m.end())
    beats, trails = BEATS.search(text), TRAILS.search(text)
    if beats and (not trails or beats.start() <= trails.start()):
        return Relation("beats", beats.start(), beats.end(), negated=_negated(text, beats.start()))
    if trails:
        return Relation("beats", trails.start(), trails.end(), reversed=True, negated=_negated(text, trails.start()))
    if has_values:
        m = VALUE.search(text)
        return Relation("value", m.start() if m else -1, m.end() if m else -1)
    return Relation("unknown")


def find_strength(text: str) -> str | None:
    """The first strength word as written ("significantly", "state of the art", 显著)."""
    m = STRENGTH.search(text)
    return m.group(0) if m else None


def find_numbers(text: str) -> list[tuple[float, str]]:
    """(value, unit) for every score or gap the text prints, in order."""
    out: list[tuple[float, str]] = []
    for m in _NUMBER.finditer(text):
        sign, digits, unit = m.group(1), m.group(2), (m.group(3) or "")
        after = text[m.end():]
        if unit.isascii() and unit and after[:1].isalnum() or not unit and after[:1].isascii() and after[:1].isalpha():
            continue  # "1st", "3x", "5-shot"
        kind = _classify(text[:m.start()], after, sign, unit.casefold())
        if kind is not None:
            out.append((float(digits), _bound(text[:m.start()], after, kind)))
    return out


def _bound(before: str, after: str, unit: str) -> str:
    """The unit with ">" or "<" in front when the text gives the value as a bound."""
    if gap_unit(unit):
        within = re.search(r"(?:\bwithin|不到|不足|小于)\s*$", before[-12:], _R) or re.match(r"^\s*(?:以内|之内|内)", after)
        return "<" + unit if within else unit
    if _AT_LEAST.search(before[-12:]) or re.match(r"^\s*(?:以上|or more|or higher|\+)", after, _R):
        return ">" + unit
    if _AT_MOST.search(before[-12:]) or re.match(r"^\s*(?:以下|or less|or lower)", after, _R):
        return "<" + unit
    return unit


def _classify(before: str, after: str, sign: str, unit: str) -> str | None:
    gap = bool(sign) or bool(_GAP_BEFORE.search(before[-24:])) or bool(_GAP_AFTER.match(after))
    if unit in _GAP_UNITS or unit.startswith("percentage"):
        return "pp"
    if unit in ("point", "points", "pt", "pts"):
        return "" if _VALUE_BEFORE.search(before[-16:]) and not gap else "points"
    if unit == "分":
        return "points" if gap else "分"
    if unit == "%":
        return "pp" if gap else "%"
    if gap:
        return "points"
    if _VALUE_BEFORE.search(before[-16:]) or _PAIR_AFTER.match(after) or _PAIR_BEFORE.search(before[-16:]):
        return ""
    return None


def gap_unit(unit: str) -> bool:
    """Whether a number's unit marks it as a gap between two scores ("<points": at most that gap)."""
    return unit.lstrip("<") in ("pp", "points")


def scope_words(text: str) -> str | None:
    """What a sentence says about its benchmarks' scope: "all" ("on every benchmark", "across the
    board", 全面领先), "all-but" (the same with exceptions or hedges: "all but one", "except HLE",
    "most benchmarks", 除了), or None."""
    hedged = _EXCEPT.search(text)
    if SCOPE_ALL.search(text):
        return "all-but" if hedged else "all"
    return "all-but" if hedged and re.search(rf"\bmost (?:of (?:the |our )?)?{_EVALS}|大多数|大部分", text, _R) else None
