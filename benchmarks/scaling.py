"""How the audit's time grows with the size of a board; print times and ratios measured in one run.

    python benchmarks/scaling.py [--repeat 3] [--boards 5000 50000] [--items 1000x2000] [--no-shapes]

Two shapes that issue 11 found quadratic: a long table of N models on one benchmark
(``model,benchmark,score``), and one row with N model columns.  Each figure is the minimum over
repeats of ``claimcheck.pipeline.audit`` in this process (no PDF); the claim worth checking is
the ratio between sizes (linear growth doubles the time when N doubles).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def long_table(n: int) -> str:
    rows = "\n".join(f"M{i},GPQA Diamond,{50 + i % 40}.1" for i in range(n))
    return "model,benchmark,score\n" + rows + "\n"


def wide_row(n: int) -> str:
    return "Benchmark," + ",".join(f"M{i}" for i in range(n)) + "\nGPQA Diamond," + ",".join(
        f"{50 + i % 40}.1" for i in range(n)) + "\n"


BOARD_BENCHMARKS = ("GPQA Diamond", "MMLU", "MMLU-Pro", "HumanEval", "GSM8K", "MATH-500", "AIME 2024", "HellaSwag",
                    "ARC-Challenge", "MMLU-Redux")

_BOARD = """
import resource, sys, time
import pandas
from claimcheck.limits import Limits
from claimcheck.pipeline import Options, audit
start = time.perf_counter(); frame = pandas.read_csv(sys.argv[1]); read = time.perf_counter() - start
# a board of more than 250,000 cells is refused by default (--limit table-cells=N): raised to fit it
options = Options(limits=Limits(table_cells=max(Limits().table_cells, (len(frame) + 1) * len(frame.columns))))
start = time.perf_counter(); audit([sys.argv[1]], options); took = time.perf_counter() - start
print(read, took, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
"""


def long_board(n: int) -> str:
    """N models x 10 registered benchmarks, one (model, benchmark, score) line each."""
    rows = [f"M{i},{b},{20 + (i * 7919 + j * 104729) % 700 / 10:.1f}" for i in range(n)
            for j, b in enumerate(BOARD_BENCHMARKS)]
    return "model,benchmark,score\n" + "\n".join(rows) + "\n"


def item_board(models: int, items: int) -> str:
    """Per-item results: every model right or wrong on every item (``item,model,score,benchmark``), a model's
    skill and an item's difficulty fixed by a seeded generator, so the file repeats run to run."""
    import random

    rng = random.Random(1)
    skill = [rng.uniform(0.2, 0.8) for _ in range(models)]
    hard = [rng.uniform(-0.15, 0.15) for _ in range(items)]
    lines = (f"q{i},model-{m},{int(rng.random() < min(1.0, max(0.0, skill[m] - hard[i])))},GSM8K"
             for m in range(models) for i in range(items))
    return "item,model,score,benchmark\n" + "\n".join(lines) + "\n"


def board_figures(path: Path) -> tuple[float, float, float]:
    """(pandas read_csv s, audit s, peak RSS MB) of one board, in a fresh process."""
    import subprocess

    out = subprocess.run([sys.executable, "-c", _BOARD, str(path)], capture_output=True, text=True, check=True,
                         cwd=ROOT).stdout.split()
    return float(out[0]), float(out[1]), float(out[2])


def best(path: Path, repeat: int) -> float:
    from claimcheck.pipeline import audit

    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        audit([str(path)])
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--boards", type=int, nargs="*", default=[1000, 5000],
                        help="long boards of N models x 10 benchmarks to measure (default 1000 5000)")
    parser.add_argument("--items", nargs="*", default=[], metavar="MODELSxITEMS",
                        help="per-item boards to measure, e.g. 1000x2000 (none by default: 2 M lines take a minute)")
    parser.add_argument("--no-shapes", action="store_true",
                        help="measure only the boards, not the long-table and one-row shapes")
    args = parser.parse_args()
    from claimcheck.pipeline import audit

    with tempfile.TemporaryDirectory() as tmp:
        warm = Path(tmp) / "warm.csv"
        warm.write_text(long_table(10), encoding="utf-8")
        audit([str(warm)])  # imports and registry load, paid once
        print(f"claimcheck scaling — min of {args.repeat} per figure, one run")
        shapes = (("long table, N models on one benchmark", long_table, (500, 1000, 2000, 4000)),
                  ("one row, N model columns", wide_row, (375, 750, 1500, 3000)))
        for name, make, sizes in () if args.no_shapes else shapes:
            print(f"  {name}")
            last = None
            for n in sizes:
                path = Path(tmp) / f"{n}.csv"
                path.write_text(make(n), encoding="utf-8")
                t = best(path, args.repeat)
                ratio = f"  ×{t / last:.2f} for ×2 rows" if last else ""
                print(f"    N = {n:>5}: {t:6.2f} s{ratio}")
                last = t
        if args.boards:
            print("  long board, N models x 10 benchmarks (fresh process each)")
            for n in args.boards:
                path = Path(tmp) / f"board{n}.csv"
                path.write_text(long_board(n), encoding="utf-8")
                read, took, rss = board_figures(path)
                print(f"    N = {n:>6}: audit {took:6.2f} s = {took / read:5.0f}× pandas read_csv ({read:.3f} s); "
                      f"peak RSS {rss:,.0f} MB")
        if args.items:
            print("  per-item board, M models x I items, one benchmark (fresh process each; rank sets over the M models)")
            for size in args.items:
                models, items = (int(x) for x in size.lower().split("x"))
                path = Path(tmp) / f"items{size}.csv"
                path.write_text(item_board(models, items), encoding="utf-8")
                read, took, rss = board_figures(path)
                print(f"    {models:,} x {items:,}: audit {took:6.2f} s = {took / read:5.0f}× pandas read_csv "
                      f"({read:.3f} s); peak RSS {rss:,.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
