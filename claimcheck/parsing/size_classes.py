"""Model sizes as blocks: a table that bolds one best per size class without printing the classes apart.

Open-model release tables often list models by size (``MiniCPM-2B``, ``…-1.8B``, then the 7B
models, then the 20B ones) in one block and bold the best of each size, with no section row or
spacer between the sizes.  Read as one ranking, every bold cell but the largest model's is "not the
best of its row".  This module finds such tables and gives each size class its own block, the way
a section row would, so every later stage (best marks, rank sets, pairs) sees one contest per size.

A table is read this way only when the marks themselves say so: every model's size is printed in
its name, the sizes fall into two or more classes that follow each other in the table (no size
comes back after a larger one), most lines with a bold cell bold cells of two or more classes, and
no line bolds two different values within one class.  A model set wholly in bold (the vendor's own)
bolds two values of one class on most lines, so it is not taken for a size class.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Sequence

from claimcheck.records import Observation

#: sizes within this ratio of a class's smallest are one class (1.8B with 2B, 7B with 8B; not 7B with 13B)
CLASS_RATIO = 1.6

_PARAMS = re.compile(r"^(?:(\d{1,4})x)?(\d{1,6}(?:\.\d{1,4})?)([bBmM])")
#: a size glued to a name the recogniser does not split ("…-Mixtral8x22B", "OpenELM-270M"): its last such token
_GLUED_SIZE = re.compile(r"(?<![\d.])(?:\d{1,4}x)?\d{1,6}(?:\.\d{1,4})?[bBmM](?![A-Za-z0-9])")


def parameters(size: str | None) -> float | None:
    """Total parameters in billions from a printed size ("7B", "1.5B", "8x22B", "135M"), else None."""
    m = _PARAMS.match(size or "")
    if not m:
        return None
    experts = int(m.group(1) or 1)
    value = float(m.group(2)) * (1 if m.group(3) in "bB" else 1e-3)
    return experts * value


def size_classes(models: Sequence[str]) -> dict[str, int] | None:
    """The size class of each model, in printed order, or None when some size is unprinted or the
    classes do not follow each other (a size that comes back after another class)."""
    from claimcheck.models.names import recognise

    sizes = []
    for m in models:
        name = recognise(m)
        glued = _GLUED_SIZE.findall(m)
        params = parameters(name.size if name and name.size else (glued[-1] if glued else None))
        if params is None or params <= 0:
            return None
        sizes.append(params)
    classes, lows, highs = [], [sizes[0]], [sizes[0]]
    for size in sizes:
        low = min(lows[-1], size)
        if max(highs[-1], size) / low > CLASS_RATIO:
            lows.append(size)
            highs.append(size)
        else:
            lows[-1], highs[-1] = low, max(highs[-1], size)
        classes.append(len(lows) - 1)
    for a in range(len(lows)):  # a size that comes back later: the rows are not ordered by size
        for b in range(a + 1, len(lows)):
            if max(highs[a], highs[b]) / min(lows[a], lows[b]) <= CLASS_RATIO:
                return None
    return dict(zip(models, classes))


def _bold(o: Observation) -> bool:
    return "bold" in o.cell.emphasis and o.cell.value is not None


def size_blocks(cut: Sequence[Observation]) -> tuple[list[Observation], str | None]:
    """The table's observations with each model's size class as its block, and why; unchanged (and
    None) unless the table's bold cells mark one best per size class (see the module docstring)."""
    if not cut or any(o.block for o in cut):
        return list(cut), None
    models = list(dict.fromkeys(o.model for o in cut))
    classes = size_classes(models) if len(models) >= 3 else None
    if not classes or len(set(classes.values())) < 2:
        return list(cut), None
    lines: dict[str, list[Observation]] = {}
    for o in cut:
        lines.setdefault(o.group, []).append(o)
    marked = spread = 0
    for cells in lines.values():
        bold: dict[int, set[float]] = {}
        for o in cells:
            if _bold(o):
                bold.setdefault(classes[o.model], set()).add(o.cell.value)  # type: ignore[arg-type]
        if not bold:
            continue
        if any(len(values) > 1 for values in bold.values()):
            return list(cut), None  # two different values bold in one class: the marks are not per size
        marked += 1
        spread += len(bold) >= 2
    if not marked or 2 * spread <= marked:
        return list(cut), None
    sizes = []
    for m in models:
        if classes[m] == len(sizes):
            sizes.append(m)
    why = (f"bold marks one best per model size, with no row between the sizes: {len(sizes)} size classes "
           f"(from {', '.join(repr(m) for m in sizes)}) are read as blocks, each its own contest")
    return [replace(o, block=classes[o.model]) for o in cut], why
