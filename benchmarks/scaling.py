"""How the audit's time grows with the size of a board; print times and ratios measured in one run.

    python benchmarks/scaling.py [--repeat 3]

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
    args = parser.parse_args()
    from claimcheck.pipeline import audit

    with tempfile.TemporaryDirectory() as tmp:
        warm = Path(tmp) / "warm.csv"
        warm.write_text(long_table(10), encoding="utf-8")
        audit([str(warm)])  # imports and registry load, paid once
        print(f"claimcheck scaling — min of {args.repeat} per figure, one run")
        for name, make, sizes in (("long table, N models on one benchmark", long_table, (500, 1000, 2000, 4000)),
                                  ("one row, N model columns", wide_row, (375, 750, 1500, 3000))):
            print(f"  {name}")
            last = None
            for n in sizes:
                path = Path(tmp) / f"{n}.csv"
                path.write_text(make(n), encoding="utf-8")
                t = best(path, args.repeat)
                ratio = f"  ×{t / last:.2f} for ×2 rows" if last else ""
                print(f"    N = {n:>5}: {t:6.2f} s{ratio}")
                last = t
    return 0


if __name__ == "__main__":
    sys.exit(main())
