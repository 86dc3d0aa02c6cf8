"""CC413 — what a page prints where no table reader can check it (results held in images)."""

from __future__ import annotations

from typing import Iterator

from claimcheck.checker.base import CheckContext, Rule
from claimcheck.records import Finding, PageImage


class ResultsInImage(Rule):
    """Results the page prints only as images, which no check of its tables covers.

    A bar chart, a screenshot of a table or a heatmap holds numbers that never reach a table:
    their item counts, gaps and marks go unaudited, and a reader who trusts "the audit found
    nothing" about them is misled.  The finding names each image (file, alt text, the heading it
    sits under), once per page, so the analyst knows what is left to read by eye.  Images whose
    name, alt text, title or heading speak of results count; logos, badges and architecture
    diagrams do not (:mod:`claimcheck.readers.images`).

    Bad:
        ## Evaluation
        <img src="./assets/32b_eval.jpg">      (the 32B results exist only as this picture)
    Good:
        the same numbers as a Markdown or HTML table, with the picture beside it if wanted.
    Reference: Wilkinson, M. D. et al. (2016). "The FAIR Guiding Principles for scientific data management and
        stewardship." Scientific Data 3, 160018, doi:10.1038/sdata.2016.18 (data should be machine-readable;
        a chart of numbers is not).
    """

    code, slug, family, severity = "CC413", "results-in-image", "integrity", "info"

    def check(self, context: CheckContext) -> Iterator[Finding]:
        pages: dict[int, tuple[PageImage, ...]] = {}
        for t in context.tables:
            if t.page_images:
                pages.setdefault(t.input, t.page_images)
        for images in pages.values():
            shown = "; ".join(f"{im.name}" + (f" ({im.alt!r})" if im.alt else "") + (f" under {im.heading!r}" if im.heading
                                                                                    else "") + f", line {im.line}"
                              for im in images[:6]) + (f"; and {len(images) - 6} more" if len(images) > 6 else "")
            yield self.finding(
                f"{len(images)} image{'s' if len(images) != 1 else ''} of the page show{'' if len(images) != 1 else 's'} "
                f"results as pictures, which no check here reads (compare them with the tables by eye): {shown}",
                images=[im.src for im in images])


RULES = [ResultsInImage]
