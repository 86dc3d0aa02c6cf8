"""Print the catalogue for people (`claimcheck registry list|show`) and for programs (JSON)."""

from __future__ import annotations

from typing import Any

from claimcheck.registry.models import Benchmark, Count


def _count(c: Count) -> str:
    if c.value is None:
        return "n unknown"
    return f"n={c.value:,} ({c.evidence}{'' if c.verified else ', not used for intervals'})"


def entry_record(b: Benchmark) -> dict[str, Any]:
    """One entry as plain JSON types (id, name, aliases, versions with subsets and n, unit, status, sources)."""
    data = b.model_dump(mode="json")
    data["verified_n"] = [{"version": v.id, "subset": s.id if s else None, "n": c.value, "evidence": c.evidence}
                          for v, s, c in b.verified_counts()]
    return data


def list_lines(entries: list[Benchmark]) -> list[str]:
    """One line per entry: id, unit, versions, verified counts, standing."""
    width = max((len(b.id) for b in entries), default=10)
    lines = []
    for b in entries:
        verified = [f"{v.id}{'/' + s.id if s else ''}={c.value:,}" for v, s, c in b.verified_counts()]
        states = sorted({s.state for s in b.status if s.state != "active"})
        lines.append(f"{b.id:<{width}}  {b.unit:<10} {b.name}"
                     + (f" · n: {', '.join(verified[:4])}{' …' if len(verified) > 4 else ''}" if verified else "")
                     + (f" · {', '.join(states)}" if states else ""))
    return lines


def show_lines(b: Benchmark) -> list[str]:
    """Everything the catalogue knows about one entry, with sources."""
    out = [f"{b.name} ({b.id})", f"  family {b.family}; suite {b.suite_id}; unit {b.unit}; metric {b.metric}"
           + (f" (also {', '.join(b.metrics)})" if b.metrics else "")
           + "; higher is better" * (b.direction == "higher") + "; lower is better" * (b.direction == "lower")]
    if b.chance is not None:
        out.append(f"  chance level {b.chance:g}%")
    out.append(f"  aliases: {', '.join(b.aliases) or '—'}")
    for v in b.versions:
        default = " [default]" if v.id == b.default_version else ""
        out.append(f"  version {v.id}{default}: {v.date or 'undated'}; {_count(v.n)}")
        out += [f"      source: {s}" for s in v.n.sources]
        if v.changes:
            out.append(f"      changes: {v.changes}")
        for s in v.subsets:
            out.append(f"    subset {s.id}: {_count(s.n)}" + (f" — {s.note}" if s.note else ""))
            out += [f"        source: {src}" for src in s.n.sources]
    for k in b.knobs:
        out.append(f"  knob {k.knob}: {k.note}")
    for s in b.status:
        out.append(f"  status {s.state}{' (' + ', '.join(s.versions) + ')' if s.versions else ''}: {s.who}"
                   f"{', ' + s.when if s.when else ''}: {s.what}{' [second-hand]' if s.unverified else ''}")
        out.append(f"      source: {s.source}")
    if not b.protocol_noise:
        out.append("  protocol noise: not measured (no sourced figure)")
    for x in b.protocol_noise:
        spread = f"SD {x.figure:g} pp" if x.kind == "sd" else f"range {x.figure:g} pp over {x.conditions} protocols"
        used = " [used]" if x is b.protocol_sd else ""
        out.append(f"  protocol noise{used}: {spread} (SD {x.sd:.2f} pp) when the {x.varied} changes; {x.models}")
        out.append(f"      source: {x.source}")
        out.append(f"      quote: {x.quote}")
    out += [f"  source: {s}" for s in b.sources]
    if b.notes:
        out.append(f"  notes: {b.notes}")
    return out


#: the columns of `claimcheck registry list --format csv`: one row per item count the catalogue holds
#: (each version, and each subset of it), known or not
CSV_COLUMNS = ("id", "name", "family", "suite", "unit", "metric", "direction", "chance", "version", "subset",
               "n", "evidence", "used_for_intervals", "n_sources", "status", "aliases", "sources")


def csv_rows(b: Benchmark) -> list[dict[str, str]]:
    """One entry as spreadsheet rows: a row per version and per subset of it, with its count, the count's
    evidence and sources, and the entry's standing (the states other than active, with who said so)."""
    status = "; ".join(f"{s.state} ({s.who}{', ' + s.when if s.when else ''})" for s in b.status if s.state != "active")
    common = {"id": b.id, "name": b.name, "family": b.family, "suite": b.suite_id, "unit": b.unit, "metric": b.metric,
              "direction": b.direction, "chance": "" if b.chance is None else f"{b.chance:g}", "status": status,
              "aliases": "; ".join(b.aliases), "sources": "; ".join(b.sources)}
    rows = []
    for v in b.versions or ():
        for s, c in [(None, v.n), *((x, x.n) for x in v.subsets)]:
            rows.append({**common, "version": v.id, "subset": s.id if s else "",
                         "n": "" if c.value is None else str(c.value), "evidence": c.evidence or "",
                         "used_for_intervals": "yes" if c.verified else "no", "n_sources": "; ".join(c.sources)})
    if not rows:  # an entry with no version: one row, no count
        rows.append({**common, "version": "", "subset": "", "n": "", "evidence": "", "used_for_intervals": "no",
                     "n_sources": ""})
    return rows
