"""Score claimcheck on the real release pages of ../shared/corpus against the experts' audits.

    python -m tests.corpus_eval              # per page and in total
    python -m tests.corpus_eval -v           # … with every miss and false alarm listed
    python -m tests.corpus_eval CASE …       # only these pages

Four figures, each against hand-made ground truth that claimcheck's output never wrote:

- **cells attributed**: every value cell of ``cells.csv`` (a hand transcription of the page) must be
  a score of claimcheck's with the same value, on the same row and model (labels compared without
  markup), or a missing score where the page prints "-"/"n/a".  Scores claimcheck made that match no
  transcribed cell are counted as *spurious*.
- **rows resolved**: each benchmark row of ``expected.yaml`` against its answer key
  (``tests/corpus/keys/CASE.yaml``: the registry id, or null where the registry lacks the benchmark,
  and the n an audit may use).  An honest "unknown" is right when the registry lacks the benchmark.
- **findings caught**: an expert finding is caught when claimcheck raises one of the key's codes on
  one of the finding's cells (on a finding about no cell, such as results held in images: a
  finding of the page about no cell with one of the codes; on a row's attribute cell, such as a
  model's pretraining size: one of the row's value cells).
- **negative controls clean**: a control is violated when claimcheck raises one of the key's codes
  (the false alarm the control warns about) on one of its cells.

Tables are matched to the page's tables by the cells they share, so a table claimcheck reads as two
or a links-only table it leaves out does not shift the numbering.
"""

from __future__ import annotations

import csv
import html
import re
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import yaml

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
KEYS = Path(__file__).resolve().parent / "corpus" / "keys"

_TAG = re.compile(r"<[^>]*>")
_TOKEN = re.compile(r"[0-9a-z]+\+*|[^\x00-\x7f\s]", re.I)  # "MBPP+" is not "MBPP"


def tokens(text: str | None) -> tuple[str, ...]:
    """A label as compared: markup, escapes and punctuation dropped, case folded, split into words."""
    text = html.unescape(_TAG.sub(" ", str(text or ""))).replace("\\", "")
    return tuple(t.casefold() for t in _TOKEN.findall(text) if t not in "·*†‡§¶")


def names_match(expected: str, ours: str | None) -> bool:
    """Whether our label names the expected one: all of its words, in any order (ours may add the
    qualifiers or attribute columns it joined to the name, such as a size)."""
    want, have = tokens(expected), tokens(ours)
    return bool(want) and not (Counter(want) - Counter(have))


@dataclass
class Cell:
    """One transcribed value cell."""

    table: int
    row: str
    column: str
    printed: str
    value: float | None
    row_idx: int | None
    section: str
    part: str

    @property
    def key(self) -> tuple:
        return (self.table, self.row, self.column)


def read_cells(case: Path) -> list[Cell]:
    out = []
    with (case / "cells.csv").open(encoding="utf-8", newline="") as fh:
        for r in csv.DictReader(fh):
            if (r.get("part") or "") == "attribute":
                continue
            value = r["value"].strip()
            out.append(Cell(int(r["table"]), r["row"], r["column"], r["printed"],
                            float(value) if value else None,
                            int(r["row_idx"]) if (r.get("row_idx") or "").strip() else None,
                            r.get("section") or r.get("group") or "", r.get("part") or ""))
    return out


@dataclass
class Outcome:
    case: str
    cells: int = 0
    attributed: int = 0
    spurious: int = 0
    rows: int = 0
    rows_right: int = 0
    findings: int = 0
    caught: int = 0
    controls: int = 0
    clean: int = 0
    ours: int = 0  # findings claimcheck raised
    error: str | None = None
    misses: list[str] = field(default_factory=list)


def _one_part(label: str, part: str) -> str:
    """The label of one part of a composite cell: "AIME 2024 (pass@1 / cons@64)" -> "AIME 2024 (pass@1)"."""
    if not part:
        return label
    return re.sub(r"\(([^()]*/[^()]*)\)", lambda m: f"({part})" if part in m.group(1) else m.group(0), label)


def _candidates(cell: Cell, scores: list) -> list:
    """Our scores that could be this transcribed cell: same value (or both missing), same row and model."""
    out = []
    for s in scores:
        if cell.value is None:
            if s.status not in ("missing", "skipped"):
                continue
        elif s.value is None or abs(s.value - cell.value) > 1e-9:
            continue
        label, model = row_text(s), s.model
        row, column = _one_part(cell.row, cell.part), _one_part(cell.column, cell.part)
        if (names_match(row, label) and names_match(column, model)) or (
                names_match(row, model) and names_match(column, label)):
            out.append(s)
    return out


def row_text(s) -> str:
    """Everything our reading says names the score's row: its label, the label it inherits ("same as
    above", a merged cell) and its qualifier columns (a language column under one benchmark)."""
    return " ".join([s.label, s.title, *s.qualifiers])


def attribute(cells: list[Cell], scores: list) -> dict[int, object]:
    """Match transcribed cells to our scores one to one: {cell index: score}.

    Our tables are matched to the page's by the cells they share; within a table, cells whose labels
    repeat are matched in row order.
    """
    by_table: dict[int, list] = defaultdict(list)
    for s in scores:
        by_table[s.table].append(s)
    pairs = []
    for t in sorted({c.table for c in cells}):
        mine = [i for i, c in enumerate(cells) if c.table == t]
        for ours, group in by_table.items():
            hits = sum(1 for i in mine if _candidates(cells[i], group))
            if hits:
                pairs.append((hits, t, ours))
    table_of: dict[int, set[int]] = defaultdict(set)
    used_ours: set[int] = set()
    for hits, t, ours in sorted(pairs, reverse=True):
        if ours in used_ours:
            continue
        table_of[t].add(ours)
        used_ours.add(ours)
    matched: dict[int, object] = {}
    taken: set[str] = set()
    for i, c in sorted(enumerate(cells), key=lambda ic: (ic[1].table, ic[1].row_idx or 0, ic[0])):
        pool = [s for o in table_of.get(c.table, ()) for s in by_table[o] if s.id not in taken]
        found = sorted(_candidates(c, pool), key=lambda s: s.row)
        if found:
            matched[i] = found[0]
            taken.add(found[0].id)
    return matched


def _refs(refs, cells: list[Cell]) -> list[int]:
    """Indexes of the transcribed cells an expected.yaml reference names ("*" = any)."""
    out = []
    for ref in refs or []:
        if isinstance(ref, dict):
            t, row, col, idx = ref.get("table"), ref.get("row"), ref.get("column"), ref.get("row_idx")
            if ref.get("part") == "attribute":  # a row's attribute ("Pretraining size"): the row's value cells
                col = "*"
        else:
            t, row, col = ref[:3]
            idx = None
        for i, c in enumerate(cells):
            if c.table == int(t) and (row == "*" or c.row == row) and (col == "*" or c.column == col) and (
                    idx is None or c.row_idx is None or c.row_idx == idx):
                out.append(i)
    return out


def _expected_rows(expected: dict) -> list[dict]:
    rows = [dict(b, table=t["table"]) for t in expected.get("tables", []) for b in t.get("benchmarks", [])]
    return rows + list(expected.get("benchmarks", []))


def _row_scores(key: dict, scores: list, table_of_ours: dict[int, int]) -> list:
    """Our scores of one benchmark row (or column, where models are rows): those whose row names
    every word of the key's label with the fewest other words (so "MMLU" is not "MMLU-Pro"); a
    composite label ("AIME 2024 (pass@1 / cons@64)") is found through its first part."""
    tables = key["table"] if isinstance(key["table"], list) else [key["table"]]
    label = key["label"]
    parts = _label_parts(label)
    if len(parts) > 1:  # "4k | 8k | 16k": the key describes each of several printed lines
        return [s for part in parts for s in _row_scores(dict(key, label=part), scores, table_of_ours)]
    if re.search(r"\(([^()]*/[^()]*)\)", label):
        label = re.sub(r"\(([^()]*?)\s*/[^()]*\)", r"(\1)", label)
    want = Counter(tokens(label))
    found = []
    for s in scores:
        if table_of_ours.get(s.table) not in tables:
            continue
        have = Counter(tokens(row_text(s)))
        if want and not (want - have):
            found.append((len(tokens(s.label)) - sum((want & Counter(tokens(s.label))).values()), s))
    if not found:
        return []
    best = min(extra for extra, _ in found)
    return [s for extra, s in found if extra == best]


def _label_parts(label: str) -> list[str]:
    """The printed lines a key's label names: "4k | 8k" and "**no context** / **half book**" name
    two each; any other label ("AIME 2024 (pass@1 / cons@64)") names one."""
    if " | " in label:
        return [p.strip() for p in label.split(" | ")]
    parts = [p.strip() for p in label.split(" / ")]
    if len(parts) > 1 and all(re.fullmatch(r"\*\*[^*]+\*\*", p) for p in parts):
        return parts
    return [label]


def judge_row(key: dict, hits: list) -> str | None:
    """None when the row is resolved right, else what is wrong."""
    want = key.get("benchmark")
    if want == "attribute":
        scored = [s for s in hits if s.status == "checked"]
        return f"an attribute row read as {len(scored)} scores" if scored else None
    if not hits:
        return "no score for this row"
    res = Counter((s.resolution.benchmark, s.resolution.row_kind, s.n) for s in hits).most_common(1)[0][0]
    bench, kind, n = res
    if want == "derived":
        return None if kind in ("aggregate", "skipped", "unknown") else f"a derived row resolved as {bench}"
    if want is None:
        return None if bench is None else f"resolved as {bench} (n={n}), which the key says the registry lacks"
    if isinstance(want, list):  # several registry entries describe the row equally well
        want = bench if bench in want else want[0]
    if bench != want:
        return f"want {want}, got {bench} ({kind})"
    if key.get("n") is not None and n is not None and n != key["n"]:
        return f"{want}: n={n}, want {key['n']}"
    return None


def evaluate_case(case: Path) -> Outcome:
    from claimcheck.errors import ClaimcheckError
    from claimcheck.pipeline import audit

    out = Outcome(case.name)
    raw = next(p for p in (case / "raw.md", case / "raw.html") if p.exists())
    cells = read_cells(case)
    out.cells = len(cells)
    try:
        report = audit([str(raw)])
    except ClaimcheckError as exc:
        out.error = exc.one_line()
        return out
    scores = list(report.scores)
    out.ours = len(report.findings)
    matched = attribute(cells, scores)
    out.attributed = len(matched)
    for i, c in enumerate(cells):
        if i not in matched:
            out.misses.append(f"cell  t{c.table} {c.row!r} × {c.column!r} = {c.printed!r}")
    used = {s.id for s in matched.values()}
    spurious = [s for s in scores if s.id not in used and s.status != "skipped"]  # a skipped cell says why
    out.spurious = len(spurious)
    for s in spurious[:40]:
        out.misses.append(f"extra t{s.table + 1} {s.label!r} × {s.model!r} = {s.cell.raw!r}")
    table_of_ours = {}
    for i, s in matched.items():
        table_of_ours.setdefault(s.table, cells[i].table)

    key_path = KEYS / f"{case.name}.yaml"
    if not key_path.exists():
        out.misses.append("no answer key: rows, findings and controls not scored")
        return out
    key = yaml.safe_load(key_path.read_text(encoding="utf-8"))
    for row in key.get("rows", []):
        out.rows += 1
        wrong = judge_row(row, _row_scores(row, scores, table_of_ours))
        if wrong is None:
            out.rows_right += 1
        else:
            out.misses.append(f"row   t{row['table']} {row['label']!r}: {wrong}")

    expected = yaml.safe_load((case / "expected.yaml").read_text(encoding="utf-8"))
    touched: dict[str, set[str]] = defaultdict(set)  # score id -> codes raised on it
    for f in report.findings:
        for sid in f.scores:
            touched[sid].add(f.code)

    def raised(refs, codes) -> bool:
        if not refs:  # a finding about the page, not a cell (its images, its history): any finding of the code
            return any(f.code in codes and not f.scores for f in report.findings)
        ids = {matched[i].id for i in _refs(refs, cells) if i in matched}
        return any(touched[sid] & set(codes) for sid in ids)

    for f in expected.get("findings", []):
        out.findings += 1
        codes = key.get("findings", {}).get(f["id"], {}).get("codes", [])
        if raised(f.get("cells"), codes):
            out.caught += 1
        else:
            what = f.get("check") or f.get("what") or ""
            out.misses.append(f"miss  {f['id']} ({'/'.join(codes) or 'no rule'}): {str(what)[:90]}")
    for n in expected.get("negative_controls", []):
        out.controls += 1
        codes = key.get("controls", {}).get(n["id"], {}).get("codes", [])
        if raised(n.get("cells"), codes):
            out.misses.append(f"alarm {n['id']} ({'/'.join(codes)}): {str(n.get('looks_suspicious') or n.get('looks_like'))[:90]}")
        else:
            out.clean += 1
    return out


def _pct(a: int, b: int) -> str:
    return f"{100 * a / b:5.1f}%" if b else "   — "


def main(argv: list[str]) -> int:
    verbose = "-v" in argv
    names = [a for a in argv if not a.startswith("-")]
    cases = [p for p in sorted(CORPUS.iterdir()) if (p / "cells.csv").exists() and (not names or p.name in names)]
    outcomes = [evaluate_case(c) for c in cases]
    print(f"{'page':34} {'cells':>13} {'spurious':>8} {'rows':>12} {'findings':>12} {'controls':>12} {'ours':>5}")
    for o in outcomes:
        print(f"{o.case:34} {o.attributed:4}/{o.cells:<4}{_pct(o.attributed, o.cells)} {o.spurious:8} "
              f"{o.rows_right:3}/{o.rows:<3}{_pct(o.rows_right, o.rows)} {o.caught:3}/{o.findings:<3}{_pct(o.caught, o.findings)} "
              f"{o.clean:3}/{o.controls:<3}{_pct(o.clean, o.controls)} {o.ours:5}" + (f"  ERROR {o.error}" if o.error else ""))
        if verbose:
            for m in o.misses:
                print("    " + m)
    t = lambda name: sum(getattr(o, name) for o in outcomes)  # noqa: E731
    print(f"{'TOTAL':34} {t('attributed'):4}/{t('cells'):<4}{_pct(t('attributed'), t('cells'))} {t('spurious'):8} "
          f"{t('rows_right'):3}/{t('rows'):<3}{_pct(t('rows_right'), t('rows'))} {t('caught'):3}/{t('findings'):<3}"
          f"{_pct(t('caught'), t('findings'))} {t('clean'):3}/{t('controls'):<3}{_pct(t('clean'), t('controls'))} {t('ours'):5}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
