"""Measure claimcheck end to end on the bundled example; print ratios measured in one run.

    python benchmarks/run.py [--repeat 5]

The machines are shared and noisy, so every figure is the minimum over
repeats in this one run, and the claims worth checking are ratios:

- the demo command end to end, and ``claimcheck --help``, as fresh processes;
- the PDF stage (HTML render + WeasyPrint layout + write) of the bundled
  example against the same stage for an empty report: the same template,
  CSS, fonts and page furniture with no rows (target: at most 2×).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "astra_fable_release.csv"
CLI = [sys.executable, "-m", "claimcheck"]


def best_of(repeat: int, work) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def process(args: list[str]) -> None:
    subprocess.run(CLI + args, check=False, capture_output=True, cwd=ROOT)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    repeat = parser.parse_args().repeat

    from claimcheck.pipeline import audit
    from claimcheck.report.html import render_html
    from claimcheck.report.pdf import write_pdf
    from claimcheck.report.view import build_view

    out = Path(tempfile.mkdtemp()) / "bench.pdf"
    report = audit([str(EXAMPLE)])
    empty = replace(report, scores=(), comparisons=(), findings=(), tables=(), rules=(), benchmarks=())
    full_view, empty_view = build_view(report), build_view(empty)
    write_pdf(render_html(empty_view), out)  # warm fonts and caches once

    pipeline = best_of(repeat, lambda: audit([str(EXAMPLE)]))
    pdf_full = best_of(repeat, lambda: write_pdf(render_html(full_view), out))
    pdf_empty = best_of(repeat, lambda: write_pdf(render_html(empty_view), out))
    demo = best_of(max(2, repeat // 2), lambda: process([str(EXAMPLE), "-o", str(out), "--fail-on", "never", "-q"]))
    helptime = best_of(repeat, lambda: process(["--help"]))
    pages_full = write_pdf(render_html(full_view), out)
    pages_empty = write_pdf(render_html(empty_view), out)

    rows = [
        ("demo command end to end (fresh process)", demo, ""),
        ("claimcheck --help (fresh process)", helptime, ""),
        ("pipeline in-process (read → check)", pipeline, ""),
        (f"PDF stage, bundled example ({pages_full} pages)", pdf_full, ""),
        (f"PDF stage, empty report, same template and fonts ({pages_empty} pages)", pdf_empty, ""),
        ("ratio PDF example / empty (target ≤ 2)", pdf_full / pdf_empty, "ratio"),
    ]
    print(f"claimcheck benchmarks — min of {repeat} (demo: min of {max(2, repeat // 2)}), one run")
    for name, value, kind in rows:
        print(f"  {name:<72} {value:6.2f}{'×' if kind else ' s'}")


if __name__ == "__main__":
    main()
