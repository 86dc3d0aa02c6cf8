"""What an analyst gets from one audit, against the budgets of the "findings an analyst can act on" issue.

    python benchmarks/budgets.py [--repeat 3] [--corpus ../shared/corpus]

For the kimi_k2_instruct release table (tests/fixtures/vendor: the CSV transcription, and the
README section as published, which adds the legend) and, when the corpus is beside the
clone, each real page of ../shared/corpus: the number of findings, the terminal lines of the default
output when piped, the PDF's body pages (before appendix A) and total pages, and the seconds to audit
and to render the PDF in-process (minimum over repeats in this one run; the machines are shared and
noisy).  Budgets for kimi_k2_instruct: ≤ 40 findings, ≤ 120 terminal lines, ≤ 12 body pages, PDF in
≤ 10 s; each is printed with ✓ or ✗.
"""

from __future__ import annotations

import argparse
import io
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KIMI = ROOT / "tests" / "fixtures" / "vendor" / "moonshot_kimi-k2-instruct.csv"
KIMI_README = KIMI.with_suffix(".readme.md")  # the same table as its README prints it, with the legend
BUDGET = {"findings": 40, "lines": 120, "body": 12, "pdf_s": 10.0}


def best_of(repeat: int, work) -> tuple[float, object]:
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = work()
        times.append(time.perf_counter() - start)
    return min(times), result


def body_pages(path: Path) -> tuple[int, int]:
    """(pages before appendix A, all pages) of a rendered report."""
    from pypdf import PdfReader

    pages = PdfReader(str(path)).pages
    for i, page in enumerate(pages):
        text = page.extract_text() or ""
        if "Appendix A. Every comparison" in text and "Contents" not in text:
            return i, len(pages)
    return len(pages), len(pages)


def measure(source: Path, repeat: int, out: Path) -> dict:
    from claimcheck.pipeline import audit
    from claimcheck.report.pdf import render_pdf
    from claimcheck.report.terminal import render_terminal
    from claimcheck.report.view import build_view

    audit_s, report = best_of(repeat, lambda: audit([str(source)]))
    view = build_view(report)
    buffer = io.StringIO()
    try:
        render_terminal(view, buffer, report=report, concise=True, color="never")
    except TypeError:  # a claimcheck from before the concise output (to measure "before")
        render_terminal(view, buffer)
    pdf_s, _ = best_of(repeat, lambda: render_pdf(view, out))
    body, total = body_pages(out)
    return {"findings": len(report.findings), "lines": len(buffer.getvalue().splitlines()), "body": body,
            "pages": total, "audit_s": audit_s, "pdf_s": pdf_s}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus")
    args = parser.parse_args()
    out = Path(tempfile.mkdtemp()) / "budget.pdf"
    sources = [("kimi_k2_instruct (csv)", KIMI), ("kimi_k2_instruct (README)", KIMI_README)]
    if args.corpus.is_dir():
        for case in sorted(p for p in args.corpus.iterdir() if (p / "expected.yaml").exists()):
            raw = next((p for p in (case / "raw.md", case / "raw.html") if p.exists()), None)
            if raw is not None:
                sources.append((case.name, raw))
    print(f"claimcheck budgets — min of {args.repeat} per figure, one run")
    print(f"  {'input':<34} {'findings':>8} {'lines':>6} {'body':>5} {'pages':>6} {'audit s':>8} {'pdf s':>7}")
    failed = []
    for name, source in sources:
        m = measure(source, args.repeat, out)
        print(f"  {name:<34} {m['findings']:>8} {m['lines']:>6} {m['body']:>5} {m['pages']:>6} "
              f"{m['audit_s']:>8.2f} {m['pdf_s']:>7.2f}")
        if source in (KIMI, KIMI_README):
            for key, limit in BUDGET.items():
                ok = m[key] <= limit
                print(f"    budget {key} ≤ {limit:g}: {m[key]:g} {'✓' if ok else '✗'}")
                failed += [] if ok else [key]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
