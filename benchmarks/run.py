"""Measure claimcheck end to end on the bundled example; print ratios measured in one run.

    python benchmarks/run.py [--repeat 5]

The machines are shared and noisy, so every figure is the minimum over
repeats in this one run, and the claims worth checking are ratios:

- the demo command end to end, and ``claimcheck --help``, as fresh processes;
- the PDF stage (charts, HTML render, WeasyPrint layout and write) of the
  bundled example against the same stage for an empty report: the same
  template, CSS, fonts and page furniture with no rows (target: at most 2×).
  Measured twice: in a fresh process, as a CLI run pays it (WeasyPrint and
  matplotlib imported, fonts loaded), and warm in-process (layout alone).
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


def best_of(repeat: int, work, clock=time.perf_counter) -> float:
    times = []
    for _ in range(repeat):
        start = clock()
        work()
        times.append(clock() - start)
    return min(times)


_COLD = """
import pickle, sys, time
view = pickle.load(open(sys.argv[1], "rb"))
start = time.perf_counter()
from claimcheck.report.pdf import render_pdf
render_pdf(view, sys.argv[2])
print(time.perf_counter() - start)
"""


def cold_pdf_stage(view, out: Path, repeat: int) -> float:
    """The PDF stage as the CLI pays it: a fresh process draws the charts, imports WeasyPrint,
    loads the fonts, lays out and writes (the view-model is handed over pickled)."""
    import pickle

    blob = out.with_suffix(".view.pickle")
    blob.write_bytes(pickle.dumps(view))
    runs = [float(subprocess.run([sys.executable, "-c", _COLD, str(blob), str(out)], check=True,
                                 capture_output=True, text=True, cwd=ROOT).stdout) for _ in range(repeat)]
    return min(runs)


def process(args: list[str]) -> None:
    subprocess.run(CLI + args, check=False, capture_output=True, cwd=ROOT)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    repeat = parser.parse_args().repeat

    from claimcheck.pipeline import audit
    from claimcheck.report.pdf import render_pdf
    from claimcheck.report.view import build_view

    out = Path(tempfile.mkdtemp()) / "bench.pdf"
    report = audit([str(EXAMPLE)])
    empty = replace(report, scores=(), comparisons=(), findings=(), tables=(), rules=(), benchmarks=())
    full_view, empty_view = build_view(report), build_view(empty)
    render_pdf(empty_view, out)  # warm fonts and caches once

    pipeline = best_of(repeat, lambda: audit([str(EXAMPLE)]))
    pdf_full = best_of(repeat, lambda: render_pdf(full_view, out))
    pdf_empty = best_of(repeat, lambda: render_pdf(empty_view, out))
    cold_full = cold_pdf_stage(full_view, out, repeat)
    cold_empty = cold_pdf_stage(empty_view, out, repeat)
    demo = best_of(max(2, repeat // 2), lambda: process([str(EXAMPLE), "-o", str(out), "--fail-on", "never", "-q"]))
    helptime = best_of(repeat, lambda: process(["--help"]))
    pages_full = render_pdf(full_view, out)
    pages_empty = render_pdf(empty_view, out)

    rows = [
        ("demo command end to end (fresh process)", demo, ""),
        ("claimcheck --help (fresh process)", helptime, ""),
        ("pipeline in-process (read → check)", pipeline, ""),
        (f"PDF stage, fresh process, bundled example ({pages_full} pages)", cold_full, ""),
        (f"PDF stage, fresh process, empty report: same template and fonts ({pages_empty} pages)", cold_empty, ""),
        ("ratio, fresh process (what a CLI run pays; target ≤ 2)", cold_full / cold_empty, "ratio"),
        ("PDF stage, warm in-process, bundled example", pdf_full, ""),
        ("PDF stage, warm in-process, empty report", pdf_empty, ""),
        ("ratio, warm in-process (layout alone)", pdf_full / pdf_empty, "ratio"),
    ]
    print(f"claimcheck benchmarks — min of {repeat} (demo: min of {max(2, repeat // 2)}), one run")
    for name, value, kind in rows:
        print(f"  {name:<80} {value:6.2f}{'×' if kind else ' s'}")


if __name__ == "__main__":
    main()
