"""Turn resolved observations into scores: value, unit, proportion, n and interval.

An interval is printed only when n is known (table, registry) or assumed by the
user (and then marked); otherwise the score stays relative.
"""

from __future__ import annotations

import math
import re
import unicodedata

from claimcheck.parsing.roles import is_difference, is_mean_of_models, is_ratio_of_models
from claimcheck.records import PROPORTION_UNITS, Observation, Resolution, Score, unit_scale
from claimcheck.registry.resolver import with_n

UPPER_BOUND_NOTE = (
    "the binomial variance is an upper bound for scores averaged over samples or given partial credit, "
    "so this interval is conservative"
)


def _one_line(text: str) -> str:
    """A name as messages print it: a header broken over lines in the source ("Claude Opus 4\n(w/o
    extended thinking)") on one line."""
    return " ".join(text.split())


_BOLD = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*")
#: "(ours)" after a model's name says whose page it is, not which model: the name is what comes before it
_OURS = re.compile(r"\s*[(（]\s*(?:ours|our model|本文|我们的?(?:模型)?)\s*[)）]", re.I)


def model_name(text: str) -> str:
    """A model's name as messages print it: on one line, without the bold, the "(ours)" or the emoji a page
    decorates its own model with ("**OLMo 7B** (ours)" -> "OLMo 7B", "**Zephyr-7b-β** 🪁" -> "Zephyr-7b-β")."""
    name = _BOLD.sub(r"\1", _one_line(text))
    name = _OURS.sub("", name).strip() or name
    plain = "".join(ch for ch in name if unicodedata.category(ch) != "So" and ch != "\ufe0f")
    return " ".join(plain.split()) or name


def _inherited_title(context) -> str:
    """The title of a row that repeats the line above with another setup (an empty label under
    "TerminalBench", with "Terminus (Acc)" beside it): the line above's name and the setup."""
    if context.inherits_from is None or not context.inherited_label:
        return ""
    return " · ".join([context.inherited_label, *context.qualifiers[:1]])


def measure(
    obs: Observation, res: Resolution, *, ci_method: str = "wilson", alpha: float = 0.05, origin: str = "",
    checkpoint: str | None = None,
) -> Score:
    """Build the score record for one observation."""
    cell = obs.cell
    base = dict(
        id=obs.id, input=obs.input, table=obs.table, row=obs.row, column=obs.column, col=obs.col,
        label=obs.source_label or obs.context.label, model=model_name(obs.model), cell=cell, group=obs.group,
        title=_one_line(obs.title or obs.context.label or _inherited_title(obs.context)), at=obs.at or (obs.row, obs.col),
        qualifiers=obs.context.qualifiers, items=obs.items, origin=origin, block=obs.block, section=obs.section, relative=obs.relative,
        checkpoint=checkpoint, details=obs.details, down=obs.down,
        votes=_votes(obs.context.fields.get("votes", "")),
    )
    if res.row_kind == "skipped":
        return Score(**base, resolution=res, unit="unknown", status="skipped", reason=res.skip_reason,
                     value=cell.value)
    if is_difference(obs.model) and cell.status != "missing":  # a column "Difference between A and B"
        return Score(**base, resolution=res, unit="unknown", status="skipped", value=cell.value,
                     reason=f"a difference between two setups ({obs.model.strip()!r}), not a score of its own")
    if is_ratio_of_models(obs.model) and cell.status != "missing":  # a quantized model's "Recovery" column
        return Score(**base, resolution=res, unit="unknown", status="skipped", value=cell.value,
                     reason=f"a ratio of two models' scores ({obs.model.strip()!r}), not a score of its own")
    if is_mean_of_models(obs.model) and cell.status != "missing":  # an "Average" row of a models-as-rows table
        return Score(**base, resolution=res, unit="unknown", status="skipped", value=cell.value,
                     reason=f"a summary of the table's models ({obs.model.strip()!r}), not a model's score")
    if cell.status == "missing":
        shown = cell.raw.strip() or "empty"
        return Score(**base, resolution=res, unit=res.unit, status="missing",
                     reason=f"printed as {shown!r}: missing, not zero")
    if cell.status == "unparseable":
        return Score(**base, resolution=res, unit="unknown", status="skipped", reason=cell.problem)
    if cell.n:
        res = with_n(res, cell.n, "table", "printed in the cell")
    unit = _cell_unit(res.unit, cell)
    proportion = _proportion(unit, cell.value)
    ci, method, note = _interval(res, unit, proportion, cell, ci_method, alpha)
    return Score(
        **base, resolution=res, unit=unit, status="checked", value=cell.value,
        proportion=proportion, ci=ci, ci_method=method, ci_note=note,
        ci_total=_total_interval(ci, res.protocol_sd, alpha) if unit in PROPORTION_UNITS else None,
    )


#: how a score's interval was made when it comes from a printed standard error, not from n
SE_INTERVAL = "printed-se"


def _se_interval(p: float, se: float, alpha: float):
    """The normal interval p ± z·SE from a standard error printed beside the score (a harness's "Stderr"
    column), clipped to 0–1: with no item count, the uncertainty the table itself states."""
    from claimcheck.stats import z_crit
    from claimcheck.stats.intervals import se_interval

    ci = se_interval(p, se, alpha=alpha)
    return ((ci.low, ci.high), SE_INTERVAL,
            f"p ± {z_crit(alpha):.2f} × the printed standard error {se:.4g}: no item count is known")


def _total_interval(ci: tuple[float, float] | None, protocol_sd: float | None, alpha: float) -> tuple[float, float] | None:
    """The sampling interval widened by protocol noise: its half-width and z·σ added in quadrature about its
    centre, clipped to 0–1 (None where either is unknown)."""
    if ci is None or protocol_sd is None:
        return None
    from claimcheck.stats import z_crit

    centre, half = (ci[0] + ci[1]) / 2, (ci[1] - ci[0]) / 2
    total = math.sqrt(half ** 2 + (z_crit(alpha) * protocol_sd / 100) ** 2)
    return max(0.0, centre - total), min(1.0, centre + total)


def _votes(text: str) -> int | None:
    """A printed vote count ("52,301", "12.5k"); None when the cell prints none."""
    m = re.fullmatch(r"\s*(\d[\d,]*(?:\.\d+)?)\s*([kK])?\s*", text or "")
    if not m:
        return None
    value = float(m.group(1).replace(",", "")) * (1000 if m.group(2) else 1)
    return int(value) if value >= 1 else None


def _cell_unit(row_unit: str, cell) -> str:
    if cell.percent_sign:
        return "percent" if row_unit in ("percent", "fraction", "unknown") else row_unit
    if row_unit == "percent" and cell.value is not None and 0 <= cell.value <= 1 and cell.decimals and cell.decimals >= 2:
        return "fraction"
    return row_unit


def _proportion(unit: str, value: float | None) -> float | None:
    if value is None or unit not in PROPORTION_UNITS:
        return None
    p = value / unit_scale(unit)
    return p if 0.0 <= p <= 1.0 else None


def _interval(res: Resolution, unit: str, p: float | None, cell, method: str, alpha: float):
    if cell.bounds is not None:
        low, high = cell.bounds
        if unit in PROPORTION_UNITS:
            return (low / unit_scale(unit), high / unit_scale(unit)), "published", "interval as printed in the table"
        return (low, high), "published", "interval as printed in the table"
    if p is not None and res.n is None and cell.plus_minus_se and cell.plus_minus:
        return _se_interval(p, cell.plus_minus / unit_scale(unit), alpha)
    if p is None or res.n is None:
        return None, None, None
    from claimcheck.stats import proportion_interval, zero_failure_upper_bound

    low, high = proportion_interval(p, res.n, method=method, alpha=alpha)
    averaged = res.averaged or (cell.n is not None and ("mean of" in cell.raw or "estimate of" in cell.raw))
    note = UPPER_BOUND_NOTE if averaged else None
    if p in (0.0, 1.0) and not averaged:  # a perfect score still allows failures on unseen items
        bound = zero_failure_upper_bound(res.n, alpha=alpha)
        what = ("failure", "failures") if p == 1.0 else ("success", "successes")
        note = (f"no {what[1]} in {res.n} items: the true {what[0]} rate may still be up to {100 * bound:.1f}% "
                f"(one-sided {100 * (1 - alpha):.0f}% bound 1 − α^(1/n))")
    return (low, high), method, note
