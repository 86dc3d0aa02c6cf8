"""What a sentence asserts: its relation, the numbers it prints and its strength words.

English and Chinese wording.  Relations, tried in this order:

- within: "within 1 point of", "相差不到 1 分": a bound on the gap, checked against the printed
  numbers (its number gets unit "<points" or "<pp");
- improves: "improves by", "+N points", "a 10-point jump", 提升/提高;
- best: state of the art, SOTA, best, #1, top, highest, 最佳/第一/最高/榜首;
- ties: matches, on par, comparable, 持平/相当/不相上下;
- beats: outperforms, beats, leads, ahead of, higher/better than, surpasses, 领先/超过/优于/高于,
  "A 比 B 高"; and the reverse (trails, behind, lower than, 落后/低于/不如), where the model
  after the word is the one ahead;
- value: "scores 98%", 得分/达到 with a number.

Passive forms swap the sides ("Fable is outperformed by Astra", "Fable 被 Astra 超越"); "not far
behind" concedes a gap rather than denying one; a sentence that says a model is both ahead and
behind is two claims and is not read as one.

Numbers are kept as written with their unit.  A number is a *gap* (unit "pp" or
"points") when the text says so ("+2.1", "by 3 points", "a 10-point jump", "领先 2.1 分",
"2.1 个百分点", "比 B 高 2 分"); a gap written with "%" ("32% better", "高出 32%") gets unit "%gap" and
the judge accepts it as points or as relative to the lower score.  Bounds on gaps ("up to 5
points", "more than 10 points", "within 2 points") and both ends of a range ("between 55% and
60%", "55–60%", "2 to 3 points") get "<" / ">".
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
BEATS = re.compile(r"\boutperform\w*|\boutscor\w*|\bbeat(?:s|ing|en)?\b|\bbested\b|\bleads?\b|\bahead of\b|\bhigher than\b|\bbetter than\b|"
                   r"\bleading\b|\bsurpass\w*|\bexceed\w*(?!\s*\d)|\bedges? out\b|\bwins? (?:over|against)\b|"
                   r"领先|超过(?!\s*\d)|超越|优于|高于(?!\s*\d)|胜过|强于|"
                   r"比(?=[^。]{0,40}?(?:高|强|好|更优))", _R)
TRAILS = re.compile(r"\btrail\w*|\blags?\b|\blagging\b|\bbehind\b|\blower than\b|\bworse than\b|"
                    r"\bfalls? short of\b|\bshy of\b|仅次于|\bunderperform\w*|落后|低于(?!\s*\d)|不如|逊于|比(?=[^。]{0,40}?(?:低|差|弱))", _R)
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
_APPROX = r"(?:\s*(?:约|大约|近|about|around|roughly|approximately|some|nearly|almost|up to|at most|at least|" \
          r"more than|over|under|less than|不超过|超过|不到))?"
_GAP_BEFORE = re.compile(r"(?:\bby|\bwithin|(?:jump|gain|lead|improvement|increase|boost|margin|advantage)\s+of|"
                         r"(?:相差|差距|差)(?:在|不到|不足|小于)?|领先|高出|提升|提高|多出|超出|增加|增长)"
                         + _APPROX + r"\s*$", _R)
_COMPARED = re.compile(r"比[^。]{1,60}?(?:高|低|多|少|强|好|快)(?:了|出)?" + _APPROX + r"\s*$", _R)  # "比 B 高 2 分"
_RANGE_DASH = re.compile(r"^\s*(?:-|–|—|~|至|到)\s*$")
_BETWEEN = re.compile(r"\bbetween\s*$|介于\s*$|在\s*$", _R)
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
                       r"aren't|wasn't)\b(?:\s+\w+){0,2}\s*|(?:未|没有|并未|并没有|并非|并不是|不是|不|未能)\s*)$", re.I)


_NOT_FAR = re.compile(r"\bnot (?:far|much|too far|that far|very far|so far)\s*$", re.I)
_PASSIVE_BY = re.compile(r"\s+by\b(?!\s*[+]?\d)", re.I)  # "outperformed by Astra", not "by 12 points"


def _negated(text: str, start: int) -> bool:
    """Whether the words just before a relation keyword deny it ("does not beat", "未超过");
    "not far behind" concedes the gap rather than denying it."""
    before = text[max(0, start - 30):start]
    return bool(_NEGATION.search(before)) and not _NOT_FAR.search(before)


def _passive(text: str, m: re.Match) -> bool:
    """"Fable is outperformed by Astra", "Fable 被 Astra 超越": the model after the keyword (or after
    被) is the one doing it, so the sides swap."""
    word = m.group(0)
    if re.search(r"(?:ed|en)$", word, re.I) and _PASSIVE_BY.match(text, m.end()):
        return True
    clause = re.split(r"[,，;；。]", text[:m.start()])[-1]
    return "被" in clause


def find_relation(text: str, has_values: bool) -> Relation:
    """The sentence's relation; ``has_values`` says whether it prints a score."""
    if m := WITHIN.search(text):
        return Relation("within", m.start(), m.end(), negated=_negated(text, m.start()))
    for name, pattern in (("improves", IMPROVES), ("best", BEST), ("ties", TIES)):
        if m := pattern.search(text):
            return Relation(name, m.start(), m.end(), negated=_negated(text, m.start()))
    beats, trails = BEATS.search(text), TRAILS.search(text)
    if beats and (not trails or beats.start() <= trails.start()):
        return Relation("beats", beats.start(), beats.end(), reversed=_passive(text, beats),
                        negated=_negated(text, beats.start()))
    if trails:
        return Relation("beats", trails.start(), trails.end(), reversed=not _passive(text, trails),
                        negated=_negated(text, trails.start()))
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
    spans: list[tuple[int, int]] = []
    for m in _NUMBER.finditer(text):
        sign, digits, unit = m.group(1), m.group(2), (m.group(3) or "")
        after = text[m.end():]
        if unit.isascii() and unit and after[:1].isalnum() or not unit and after[:1].isascii() and after[:1].isalpha():
            continue  # "1st", "3x", "5-shot"
        kind = _classify(text[:m.start()], after, sign, unit.casefold())
        if kind is None and out and _is_range(text, spans[-1], m, out[-1][0], float(digits)):
            kind = out[-1][1].lstrip("<>")  # "55-60%": the first end takes the second's unit
        if kind is not None:
            out.append((float(digits), _bound(text[:m.start()], after, kind)))
            spans.append((m.start(), m.end()))
    return _ranges(text, out, spans)


def _is_range(text: str, prev: tuple[int, int], m: re.Match, low: float, high: float) -> bool:
    """Whether two numbers are the ends of one range: "between 55% and 60%", "55–60%", "2 to 3 points"
    (a "to" range only when it rises: "64.6% to 52.6%" is a pair of scores)."""
    between = text[prev[1]:m.start()]
    if _RANGE_DASH.match(between):
        return True
    if re.fullmatch(r"\s*and\s*", between, _R) and _BETWEEN.search(text[:prev[0]]):
        return True
    return bool(re.fullmatch(r"\s*to\s*", between, _R)) and low < high


def _ranges(text: str, out: list[tuple[float, str]], spans: list[tuple[int, int]]) -> list[tuple[float, str]]:
    """Each range as two bounds: (55, ">%"), (60, "<%")."""
    result = list(out)
    for i in range(1, len(out)):
        (low, u1), (high, u2) = out[i - 1], out[i]
        if u1.startswith(("<", ">")) or u2.startswith(("<", ">")):
            continue
        start = text[spans[i - 1][0]:spans[i][1]]
        m = re.match(r"[+]?(\d+(?:\.\d+)?)", start)
        second = list(_NUMBER.finditer(text, spans[i][0], spans[i][1]))
        if not m or not second:
            continue
        if _is_range(text, spans[i - 1], second[0], low, high):
            unit = u2 if u1 in ("", u2) else u1
            result[i - 1], result[i] = (low, ">" + unit), (high, "<" + unit)
    return result


def _bound(before: str, after: str, unit: str) -> str:
    """The unit with ">" or "<" in front when the text gives the value as a bound: "over 90%",
    "within 2 points", "up to 5 points" (ranges are marked afterwards, see ``_ranges``)."""
    if gap_unit(unit):
        within = re.search(r"(?:\bwithin|\bup to|\bat most|\bless than|\bunder|不到|不足|小于|不超过)\s*$",
                           before[-14:], _R) or re.match(r"^\s*(?:以内|之内|内)", after)
        over = re.search(r"(?:\bat least|\bmore than|\bover|超过)\s*$", before[-14:], _R)
        return "<" + unit if within else ">" + unit if over else unit
    if _AT_LEAST.search(before[-12:]) or re.match(r"^\s*(?:以上|or more|or higher|\+)", after, _R):
        return ">" + unit
    if _AT_MOST.search(before[-12:]) or re.match(r"^\s*(?:以下|or less|or lower)", after, _R):
        return "<" + unit
    return unit


def _classify(before: str, after: str, sign: str, unit: str) -> str | None:
    gap = (bool(sign) or bool(_GAP_BEFORE.search(before[-30:])) or bool(_GAP_AFTER.match(after))
           or bool(_COMPARED.search(before[-80:])))
    if unit in _GAP_UNITS or unit.startswith("percentage"):
        return "pp"
    if unit in ("point", "points", "pt", "pts"):
        return "" if _VALUE_BEFORE.search(before[-16:]) and not gap else "points"
    if unit == "分":
        return "points" if gap else "分"
    if unit == "%":
        return "%gap" if gap else "%"  # "32% better": points or relative, the judge tries both
    if gap:
        return "points"
    if _VALUE_BEFORE.search(before[-16:]) or _PAIR_AFTER.match(after) or _PAIR_BEFORE.search(before[-16:]):
        return ""
    return None


#: Units of a stated gap: percentage points, points, and "%" read as points or relative ("32% better").
GAP_UNITS = ("pp", "points", "%gap")


def gap_unit(unit: str) -> bool:
    """Whether a number's unit marks it as a gap between two scores ("<points": at most that gap)."""
    return unit.lstrip("<>") in GAP_UNITS


def scope_words(text: str) -> str | None:
    """What a sentence says about its benchmarks' scope: "all" ("on every benchmark", "across the
    board", 全面领先), "all-but" (the same with exceptions or hedges: "all but one", "except HLE",
    "most benchmarks", 除了), or None."""
    hedged = _EXCEPT.search(text)
    if SCOPE_ALL.search(text):
        return "all-but" if hedged else "all"
    return "all-but" if hedged and re.search(rf"\bmost (?:of (?:the |our )?)?{_EVALS}|大多数|大部分", text, _R) else None


_DENIAL = re.compile(r"\b(?:not|never|no longer)\b|n't\b|并非|并不|不是|没有|未能?", re.I)


def denies(text: str, relation: Relation) -> bool:
    """Whether the sentence denies its relation anywhere before the keyword ("does not lead across
    the board", "并非在所有基准上都领先"), not only right before it."""
    return relation.negated or bool(_DENIAL.search(text[:relation.start] if relation.start >= 0 else text))


def both_ways(text: str) -> bool:
    """Whether a sentence says a model is ahead and behind ("leads on A but trails on B"): two claims
    in one sentence that cannot share one subject.  Passive forms count as the other direction."""
    ahead = [m for m in BEATS.finditer(text) if not _passive(text, m)] + \
        [m for m in TRAILS.finditer(text) if _passive(text, m)]
    behind = [m for m in TRAILS.finditer(text) if not _passive(text, m)] + \
        [m for m in BEATS.finditer(text) if _passive(text, m)]
    return bool(ahead) and bool(behind)


_FIELD = re.compile(r"\bamong\b|\bnon-\w+|\bopen[- ](?:weights?|source)\b|\bin (?:its|their) class\b|"
                    r"\bbest-in-class\b|\bfor (?:its|their) size\b|\bsmall(?:er)? models\b|同级|同类|同尺寸|开源模型中|国产", _R)


def restricted_field(text: str) -> str | None:
    """The words that limit a ranking to some of the models ("among open models", "best
    non-Anthropic model", "best-in-class", 开源模型中), or None."""
    m = _FIELD.search(text)
    return m.group(0) if m else None
