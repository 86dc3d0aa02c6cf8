"""The typed, immutable records the stages hand each other.

    SourceTable ──parse──> Observation ──resolve──> Score ──measure──> Comparison
                                                      └──check──> Finding ──> Report

Every stage may import this module; it imports nothing from the project.
Records are frozen dataclasses; sequences are tuples; mappings are never
mutated after a record is built.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Collection, Literal, Mapping, Sequence

Severity = Literal["error", "warning", "info"]
SEVERITY_RANK: Mapping[str, int] = {"info": 0, "warning": 1, "error": 2}
_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")

#: Units a score can be printed in (the JSON contract's ``unit``).
UNITS = (
    "percent", "fraction", "elo", "percentile", "win-rate",
    "points", "index", "lower-is-better", "count", "normalized", "unknown",
)
#: Units whose values are proportions of items (intervals and tests apply).
PROPORTION_UNITS = frozenset({"percent", "fraction", "win-rate"})


def unit_scale(unit: str) -> float:
    """What a proportion unit prints for "all items": 1 for a fraction, 100 for a percentage or win rate."""
    return 1.0 if unit == "fraction" else 100.0


# ── read ────────────────────────────────────────────────────────────────────


@dataclass(frozen=True, slots=True)
class InputFile:
    """One input as given on the command line."""

    index: int
    path: str
    sha256: str
    format: str  # csv | tsv | xlsx | md | html | url | dataframe
    encoding: str | None = None
    delimiter: str | None = None


@dataclass(frozen=True, slots=True)
class RawCell:
    """A cell's text exactly as printed, with where it came from.

    ``row`` is the 1-based row number in the source (header rows counted, as a
    spreadsheet numbers them); ``col`` is the 0-based column index.
    ``markers`` holds footnote markers a reader split off (HTML ``<sup>``),
    ``emphasis`` styling that carries meaning in vendor tables (bold, underline).
    """

    text: str
    row: int
    col: int
    markers: tuple[str, ...] = ()
    emphasis: tuple[str, ...] = ()
    lines: tuple[str, ...] = ()  # the printed text of each line when ``<br>`` breaks the cell
    part: int = 0  # which line of a ``<br>``-stacked row this cell is (1-based; 0: not stacked)
    marked: str = ""  # the text with bold on part of it written ``**…**`` ("72.1 / **90.0**"); "" if none
    spanned: bool = False  # the text of a cell merged down from a row above (an HTML rowspan), repeated here


@dataclass(frozen=True, slots=True)
class PageImage:
    """An image of a page that holds results (:mod:`claimcheck.readers.images`): numbers no table gives."""

    src: str
    alt: str = ""
    title: str = ""
    heading: str = ""  # the heading it is printed under
    line: int = 0  # where the page prints it (1-based)
    icon: bool = False  # printed at a few pixels (a vendor's logo in a table header): no picture of results

    @property
    def name(self) -> str:
        """The file name, as a message names the image ("32b_eval.jpg")."""
        return self.src.rsplit("/", 1)[-1].split("?", 1)[0] or self.src


@dataclass(frozen=True, slots=True)
class SourceTable:
    """One table read from an input, before any interpretation."""

    input: int
    name: str
    header: tuple[str, ...]
    rows: tuple[tuple[RawCell, ...], ...]
    notes: tuple[str, ...] = ()  # footnotes or captions printed around the table
    decimal_comma: bool = False  # the table prints "88,4%" for 88.4%
    caption: str = ""  # the heading or caption the table is printed under, when the reader knows it
    leads: tuple[str, ...] = ()  # the opening paragraph of each section the table is printed in, outermost first
    prose: tuple[str, ...] = ()  # every prose line of those sections above the table, per section (glosses)
    parents: tuple[str, ...] = ()  # the headings of the sections around the table's own heading, outermost first
    page_title: str = ""  # the document's title (a README's "# Kimi K2", an HTML page's <h1>), when known
    #: the one model a model card is about (its model-index's model, a "Model Card for X" heading), when the page
    #: says: a value column headed only "Value" or "Score" holds that model's numbers
    page_model: str = ""
    page_date: str | None = None  # the latest date the document's text mentions (parsing.dates), ISO
    page_images: tuple[PageImage, ...] = ()  # the document's images that hold results (readers.images)
    #: (row, column, text) of cells a row prints past the header's last column, which Markdown renderers do not show
    overflow: tuple[tuple[int, int, str], ...] = ()

    @property
    def heading(self) -> str:
        """The heading a reader wrote into the name ("page.md table 2 — Ruler") and the caption line
        above the table, as one text ("CodeEditorBench 1) Primary"); either alone when only one is known."""
        return " ".join(self.headings)

    @property
    def headings(self) -> tuple[str, ...]:
        """The heading in the name and the caption line, each on its own."""
        named = self.name.rsplit(" — ", 1)[1].strip() if " — " in self.name else ""
        return tuple(dict.fromkeys(p for p in (named, self.caption) if p))


@dataclass(frozen=True, slots=True)
class Note:
    """A note printed with a table, with the mark it explains (None: unmarked)."""

    marker: str | None
    text: str


@dataclass(frozen=True, slots=True)
class Legend:
    """What a table's notes say about its marks and emphasis, read once (parsing/legend.py).

    ``bold``/``underline``: "best" (of the row), "group-best" (of the group named in ``*_group``,
    such as open-source models), "own" (the vendor's model), "second" (runner-up), or None when
    no note says.
    """

    notes: tuple[Note, ...] = ()
    bold: str | None = None
    bold_group: str | None = None
    underline: str | None = None
    underline_group: str | None = None
    tie_gap: float | None = None  # gaps up to this (printed units) are ties, all marked
    rule: str | None = None  # the note that states the emphasis rule
    secondhand_marks: tuple[str, ...] = ()  # marks whose note says the value is copied from another report
    unreleased_marks: tuple[tuple[str, str], ...] = ()  # (mark, note) whose note says the model is not released
    private_harness: str | None = None  # the sentence saying the scores come from evaluation code that is not public
    missing_note: str | None = None  # the note saying what a missing cell ("-", "n/a") means
    styled_rows: tuple[int, ...] = ()  # source rows set wholly in bold, label too (an Average row, the vendor's own model): style, no best mark


@dataclass(frozen=True, slots=True)
class TableReading:
    """How one source table was read, decided once before any cell becomes a score.

    The roles of its columns and of the rows that hold no score (setup rows folded into the header,
    section headings, spacers, ``<br>``-stacked rows split into lines), and why the orientation was
    chosen.  ``claimcheck scrape --explain`` prints it; the JSON report carries it per table.
    """

    table: int
    kind: str  # wide | long | leaderboard | transposed | items | text (no value to read) | resource (figures, not scores)
    label_col: int
    columns: tuple[tuple[str, str], ...]  # (header as read, role) for each column
    header_rows: tuple[tuple[int, str], ...] = ()  # (source row, text) of setup rows folded into the header
    sections: tuple[tuple[int, str], ...] = ()  # (source row, heading) of rows heading the rows below
    spacers: tuple[int, ...] = ()  # source rows with no text
    annotations: tuple[tuple[int, str], ...] = ()  # (source row, text) of rows of words annotating the row above
    stacked: tuple[int, ...] = ()  # source rows whose <br>-stacked lines became rows of their own
    why: str = ""  # why this orientation and label column
    legend: Legend = Legend()  # what its notes say about marks and emphasis
    caption: str = ""  # the heading the table is printed under; it may name the benchmark of every line
    captions: tuple[str, ...] = ()  # the caption line and the heading apart, each tried for a benchmark name
    parents: tuple[str, ...] = ()  # the headings of the enclosing sections, innermost first ("Chat Model")
    leads: tuple[str, ...] = ()  # the opening paragraphs of the enclosing sections, innermost first
    settings: tuple["SettingsRow", ...] = ()  # a table of text only: its rows, when they state evaluation settings
    prose: tuple[str, ...] = ()  # the prose of the sections it is printed in, where the page glosses its labels


@dataclass(frozen=True, slots=True)
class CellAccount:
    """Where every cell of the input went: a value, a missing cell, a skipped cell (with its reason),
    or a row the reading recorded as holding no score (setup, section, spacer rows; text-only tables; tables of
    resource or configuration figures)."""

    values: int = 0
    missing: int = 0
    skipped: int = 0
    setup_rows: int = 0
    section_rows: int = 0
    spacer_rows: int = 0
    note_rows: int = 0  # rows of words annotating the model row above (the model behind each best value)
    text_tables: int = 0
    item_rows: int = 0  # rows of per-item results: each is one item of a score's per-item vector (ItemResults)
    resource_tables: int = 0  # tables of resource or configuration figures (memory, speed, hardware, settings)
    unaccounted: tuple[tuple[str, int, int, str], ...] = ()  # (table, row, column, text) of cells nothing read

    def describe(self) -> str:
        parts = [f"{self.values} values", f"{self.missing} missing", f"{self.skipped} skipped"]
        rows = [(self.item_rows, "item result", "item results"), (self.setup_rows, "setup row", "setup rows"),
                (self.section_rows, "section row", "section rows"), (self.spacer_rows, "spacer row", "spacer rows"),
                (self.note_rows, "note row", "note rows"),
                (self.text_tables, "table without scores", "tables without scores"),
                (self.resource_tables, "table of resource/configuration figures, not scores",
                 "tables of resource/configuration figures, not scores")]
        parts += [f"{k} {one if k == 1 else many}" for k, one, many in rows if k]
        if self.unaccounted:
            parts.append(f"{len(self.unaccounted)} cells not read")
        return ", ".join(parts)


# ── parse ───────────────────────────────────────────────────────────────────


def half_unit(decimals: int | None) -> float:
    """Half a unit of the last printed digit; 0 when no precision was printed."""
    return 0.0 if decimals is None else 0.5 * 10.0 ** (-decimals)


@dataclass(frozen=True, slots=True)
class CellValue:
    """A value cell parsed from its printed text; nothing is guessed."""

    raw: str
    status: Literal["ok", "missing", "unparseable"]
    value: float | None = None
    percent_sign: bool = False
    decimals: int | None = None  # digits printed after the decimal point
    markers: tuple[str, ...] = ()  # footnote markers: *, †, ‡, superscripts
    emphasis: tuple[str, ...] = ()  # bold / underline / best as printed
    plus_minus: float | None = None  # "79.8 ± 1.2" -> 1.2 (in the value's unit)
    plus_minus_decimals: int | None = None  # digits printed after the ±'s decimal point: "± 0.1" -> 1
    plus_minus_se: bool = False  # the ± is a standard error by its column's header (a harness's "Stderr")
    bounds: tuple[float, float] | None = None  # absolute low/high printed with the value
    n: int | None = None  # "(n=…)" printed in the cell
    delta: float | None = None  # "47.2 (+12.6)", "47.2 ↑12.6": a change against some baseline, printed beside the value
    problem: str | None = None  # why the cell is unparseable
    setting: str = ""  # "10.0 (8shot CoT)": the setup the cell states for itself, a qualifier of this value alone

    @property
    def half_unit(self) -> float:
        """How far rounding to the printed digits can have moved the value (0 for an exact value
        such as "25/30" or a mean of per-item results, which print no precision)."""
        return half_unit(self.decimals)

    @property
    def shown(self) -> str:
        """The value as printed, without markup ("**91.5**†" -> "91.5†")."""
        if self.value is None or self.decimals is None:
            return self.raw.strip()
        text = f"{self.value:.{self.decimals}f}{'%' if self.percent_sign else ''}"
        # a footnote number must not read as more digits of the value: 24.3 with note 1 is "24.3¹"
        return text + "".join(m.translate(_SUPERSCRIPT) for m in self.markers if len(m) <= 3)


@dataclass(frozen=True, slots=True)
class ItemResults:
    """Per-item results of one model on one benchmark (a per-item input, not a printed cell).

    ``values`` are per-item scores in [0, 1], averaged over ``samples`` runs when an item was run
    several times; ``clusters`` (optional) names the independent unit each item belongs to.
    """

    items: tuple[str, ...]
    values: tuple[float, ...]
    clusters: tuple[str, ...] | None = None
    samples: int = 1
    binary: bool = True
    missing: int = 0  # item rows whose score was empty


@dataclass(frozen=True, slots=True)
class RowContext:
    """What the table says about a row besides its value cells."""

    label: str
    qualifiers: tuple[str, ...] = ()  # free text: metric/qualifier/notes columns
    fields: Mapping[str, str] = field(default_factory=dict)  # long-table columns
    inherits_from: int | None = None  # source row a "same as above" row continues
    inherited_label: str | None = None  # the label it inherits the benchmark from
    marks: tuple[str, ...] = ()  # footnote marks the reader split off the row's label or the model's name ("MMLU<sup>1</sup>")


@dataclass(frozen=True, slots=True)
class SettingsRow:
    """One row of a table of evaluation settings ("| IFEval | 0-shot | mean of prompt- and instruction-level
    strict | lm-eval-harness |"): what it says about the benchmark its label names, wherever it is scored."""

    input: int
    table: int
    row: int
    context: RowContext  # its label, and its setting, metric and tool columns as qualifiers and fields


@dataclass(frozen=True, slots=True)
class Observation:
    """One (row, model) cell of a table, parsed but not yet resolved."""

    id: str
    input: int
    table: int
    row: int
    column: str
    col: int
    model: str
    context: RowContext
    cell: CellValue
    group: str = ""  # cells in one group are one line item: a head-to-head row
    title: str = ""  # the line item as a reader names it ("SWE-bench · Verified")
    at: tuple[int, int] = (0, 0)  # (row, col) of the cell in its SourceTable, for annotation
    source_label: str = ""  # the original label when a long file carries provenance (--export-claims)
    items: ItemResults | None = None  # per-item input: the results this score summarises
    block: int = 0  # which block of rows (between spacer or section rows) the cell's model sits in
    section: str = ""  # the heading or category of the rows the cell sits under ("<3B models"; "Reasoning"), as printed
    relative: str = ""  # the label as printed when it names its model only against the row above ("+SFT")
    details: tuple[tuple[str, str], ...] = ()  # (column header, text) of the model-detail columns joined to the name
    down: bool = False  # the cell's line runs down a column (models as rows, benchmarks as columns)


# ── resolve ─────────────────────────────────────────────────────────────────


@dataclass(frozen=True, slots=True)
class StatusNote:
    """A registry statement about a benchmark's standing (copied, not judged)."""

    state: str  # active | saturated | deprecated | flawed | contaminated
    who: str
    when: str | None
    what: str
    source: str
    version: str | None = None
    unverified: bool = False
    impact: str = "minor"  # major: the scores are not valid measurements as printed
    onset: bool = False  # the state begins on ``when``: results measured before it are not affected


@dataclass(frozen=True, slots=True)
class CountEvidence:
    """Why a line that states no item count is read as one registered set: ``fits`` of its ``cells``
    values are whole counts k/n of ``name``, which chance explains with one-sided binomial ``p``."""

    name: str
    fits: int
    cells: int
    p: float
    n: int | None = None


@dataclass(frozen=True, slots=True)
class Resolution:
    """What a row label and its qualifiers mean, with the reason for each field."""

    benchmark: str | None = None
    benchmark_name: str | None = None
    suite: str | None = None
    version: str | None = None
    subset: str | None = None
    tools: bool | None = None
    tools_heading: str | None = None  # the table heading that set ``tools`` ("Math Programming"), the line silent
    harness: str | None = None
    judge: str | None = None
    metric: str | None = None
    protocol: str | None = None  # a vendor-specific protocol named in the label
    budget: Mapping[str, Any] = field(default_factory=dict)
    unit: str = "unknown"
    unit_reason: str | None = None
    n: int | None = None
    n_source: str | None = None  # table | registry | implied (read off the values: ``n_evidence``) | assumed
    n_note: str | None = None  # e.g. an unverified registry count that was not used
    n_fixed: bool = True  # False: the registry's count is right for intervals, but reports use other counts too
    n_evidence: CountEvidence | None = None  # n_source "implied": the fits that decided n
    near_count: CountEvidence | None = None  # no n read off the values: the registered set they came closest to
    confidence: float = 0.0
    reasons: Mapping[str, str] = field(default_factory=dict)
    differs: tuple[str, ...] = ()  # facets the table says differ between columns
    unknown: tuple[str, ...] = ()  # facets the table says are not stated
    secondhand: bool = False
    chance: float | None = None  # chance level as a proportion
    below_chance: str | None = None  # why a weak model may score below it with nothing wrong (registry)
    direction: Literal["higher", "lower"] = "higher"
    granularity: str | None = None  # binary | partial | averaged | pairwise | composite
    statuses: tuple[StatusNote, ...] = ()
    row_kind: Literal["benchmark", "aggregate", "unknown", "skipped"] = "unknown"
    skip_reason: str | None = None  # set when the row is not a benchmark
    system_level: bool = False  # registry: scores belong to an agent+harness system
    in_house: bool = False  # registry: the publisher's own data, not released
    value_range: tuple[float, float] | None = None  # registry: the scale values lie on (1–10 for a judge score)
    rating_step: float | None = None  # registry: the score is a mean of ratings in whole steps of this size
    chat_judged: bool = False  # registry: a judge rates free-form chat answers (MT-Bench, Arena-Hard): a tuned model's task
    ratings_per_item: int = 1  # registry: ratings per item (MT-Bench: one per turn, two turns)
    protocol_sd: float | None = None  # registry: the smallest sourced SD (pp) of the score across protocols; None: not measured
    protocol_noise: str | None = None  # registry: that spread and its source, as a finding cites it
    single_run: bool = False  # a note says the benchmark was scored in a single run (one result per item)
    other_counts: tuple[tuple[str, int], ...] = ()  # registry: verified counts of the suite's other versions/subsets
    unstated_versions: tuple[str, ...] = ()  # registry: the versions it could be, when the table names none
    unstated_subsets: tuple[str, ...] = ()  # registry: the subsets of its version it could be, when none is named
    averaged_parts: tuple[str, ...] = ()  # registry: the parts (languages, tasks) an unqualified line averages over
    translation: tuple[str, str] | None = None  # (benchmark, language): a translation the registry does not hold
    derived: str | None = None  # why the line is computed from the table's other lines or models (a win rate, a rank)
    unstated_metrics: tuple[str, ...] = ()  # registry: the metrics a non-proportion score could be in, none stated
    metric_assumed: bool = False  # nothing printed names the metric: ``metric`` is the registry's default for the row
    #: what an unknown line is a category of, when its table says: the benchmark its caption names ("STEM" under
    #: "KMMLU (5-shot)"), or the caption of a table whose line header calls its lines categories ("supercategory").
    #: Lines sharing it are parts of one benchmark, not benchmarks of their own; no n or version is read from it.
    category_of: str | None = None
    composite: bool = False  # registry: an index over several benchmarks
    knobs: tuple[str, ...] = ()  # registry: the protocol settings that change the benchmark's number (shots, cot …)
    scoring: str | None = None  # how a choice was scored, when a note says: "likelihood" (ppl ranking) | "generation"
    part: str | None = None  # a part of the benchmark the registry does not list, named by the line ("CN-EN")
    named_in_text: str | None = None  # the section text the benchmark was read from, when the table names none

    @property
    def averaged(self) -> bool:
        """Scores averaged over runs or given partial credit: their SE may be below the binomial one."""
        return self.granularity in ("partial", "averaged") or (self.metric or "").startswith(("avg@", "mean@", "partial"))


@dataclass(frozen=True, slots=True)
class Score:
    """One printed number with what it measures and its own uncertainty."""

    id: str
    input: int
    table: int
    row: int
    column: str
    label: str
    model: str
    cell: CellValue
    resolution: Resolution
    col: int
    unit: str
    status: Literal["checked", "missing", "skipped"]
    reason: str | None = None
    value: float | None = None
    proportion: float | None = None
    ci: tuple[float, float] | None = None
    ci_method: str | None = None
    ci_note: str | None = None
    ci_total: tuple[float, float] | None = None  # the interval widened by the benchmark's sourced protocol noise
    group: str = ""
    title: str = ""
    at: tuple[int, int] = (0, 0)
    qualifiers: tuple[str, ...] = ()  # the qualifier text of its row, as printed
    items: ItemResults | None = None  # per-item results behind the score, when supplied
    origin: str = ""  # which input/table the row is in, when the report has several ("b.csv", "table 2")
    block: int = 0  # which block of model rows (between spacer or section rows) the cell sits in
    section: str = ""  # the heading or category of the rows the cell sits under ("<3B models"; "Reasoning"), as printed
    votes: int | None = None  # a leaderboard's vote (battle) count for the model, where the table prints one
    relative: str = ""  # the model's label as printed when it names it only against the row above ("+SFT")
    details: tuple[tuple[str, str], ...] = ()  # (header, text) of detail columns joined to the name ("Size", "7B")
    checkpoint: str | None = None  # "base" | "tuned": what the table's heading says it lists ("Instruction Tuned Models")
    down: bool = False  # its line runs down a column (models as rows): the line is a column, not a row
    reprint_of: int | None = None  # the earlier table its table reprints value for value (skipped: judged there once)

    @property
    def benchmark(self) -> str | None:
        return self.resolution.benchmark

    @property
    def scale(self) -> float:
        """The printed value of a proportion of 1 (see :func:`unit_scale`)."""
        return unit_scale(self.unit)

    @property
    def lower_is_better(self) -> bool:
        """Whether a smaller value is the better one (error rates, BPB, cost, latency)."""
        return self.resolution.direction == "lower" or self.unit == "lower-is-better"

    @property
    def ref(self) -> str:
        """The row as a message names it: "row 5", or "b.csv row 5" when several tables are read."""
        return f"{self.origin} row {self.row}" if self.origin else f"row {self.row}"

    @property
    def line_ref(self) -> str:
        """The cell's line as a message names it: its row ("row 5"), or, when the line runs down a column of a
        table with models as rows, that column ("column 3": its first cell's row would name one model)."""
        if not self.down:
            return self.ref
        where = f"column {self.col + 1}"
        return f"{self.origin} {where}" if self.origin else where

    @property
    def n(self) -> int | None:
        return self.resolution.n


# ── measure ─────────────────────────────────────────────────────────────────


@dataclass(frozen=True, slots=True)
class Difference:
    """One protocol facet on which two scores differ (or cannot be matched)."""

    facet: str  # version | subset | tools | harness | budget | metric | judge | unit | rows
    code: str  # the rule that owns the facet, e.g. CC201
    a: str | None
    b: str | None
    known: bool = True  # False when one side is not stated

    def describe(self) -> str:
        """The difference in words: "version 2.0 vs 2.1", "harness not stated"."""
        if not self.known and self.a is None and self.b is None:
            return f"{self.facet} not stated"
        if self.a is None and self.b is None:
            return f"the table says the {self.facet} differs"
        if self.facet == "tools":
            return f"{self.a or 'tools not stated'} vs {self.b or 'tools not stated'}"
        return f"{self.facet} {self.a or 'not stated'} vs {self.b or 'not stated'}"


@dataclass(frozen=True, slots=True)
class Comparison:
    """Two scores a reader of the table would compare, and what the data allow."""

    id: str
    scores: tuple[str, str]
    models: tuple[str, str]
    benchmark: str | None
    kind: Literal["head-to-head", "cross-row", "configuration", "reference"]  # reference: a page's cell and a reference's
    comparable: bool
    why_not: tuple[str, ...] = ()
    differences: tuple[Difference, ...] = ()
    caveats: tuple[str, ...] = ()
    unit: str = "unknown"
    values: tuple[float | None, float | None] = (None, None)
    gap: float | None = None  # value a - value b in the printed unit
    diff: float | None = None  # proportion a - proportion b
    diff_ci: tuple[float, float] | None = None
    gap_ci: tuple[float, float] | None = None  # an interval of ``gap`` in the printed unit (rating points)
    se: float | None = None
    z: float | None = None
    p: float | None = None
    p_adjusted: float | None = None
    # "descriptive": tested, but outside every family (a gap nobody is invited to read, kept as data)
    verdict: Literal["significant", "within-noise", "incomparable", "no-n", "descriptive"] = "no-n"
    mde: float | None = None
    n_needed: int | None = None
    n: tuple[int | None, int | None] = (None, None)
    n_source: tuple[str | None, str | None] = (None, None)
    expected_win_rate: float | None = None  # for rating gaps
    p_is_bound: bool = False  # p is only a lower bound (an SE at its smallest): it can show noise, never a lead
    bound: str | None = None  # why p is a bound, as a message says it ("at the smallest standard error …")
    note: str | None = None
    method: str = "unpaired z test"  # or "paired (McNemar)", "paired cluster bootstrap", …

    @property
    def p_relation(self) -> str:
        """How a message relates the printed p to the truth: "≥" for a lower bound, else "="."""
        return "≥" if self.p_is_bound else "="


#: Why a comparison is judged, in the order a family lists them.
FAMILY_REASONS = {"claim": "named by a claim", "subject": "the subject against a rival", "mark": "a marked cell against a rival",
                  "pair": "the only gap of a two-model row", "cross-row": "models of different rows of one benchmark",
                  "leader-bound": "a row's leader against a rival, judged at the smallest error its votes allow",
                  "row": "another pair of a row whose best mark the scores chose"}


@dataclass(frozen=True, slots=True)
class Family:
    """The comparisons of one table that the report judges, fixed before any gap is looked at, and
    Holm-corrected together.  ``reasons`` counts the members by why they are in (FAMILY_REASONS)."""

    input: int
    table: int
    members: tuple[str, ...]  # comparison ids
    reasons: tuple[tuple[str, int], ...] = ()
    silent: tuple[str, ...] = ()  # members in the correction only: their verdict is not the report's to state
    # best marks the scores chose, each with its comparisons against every rival of its block: one claim each
    # ("this cell beats them all"), judged as a whole by its largest p and Holm-corrected across the table's claims
    claims: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def describe(self) -> str:
        """"12 comparisons: 6 the subject against a rival, 4 named by a claim, …"."""
        parts = ", ".join(f"{k} {FAMILY_REASONS[r]}" for r, k in self.reasons)
        return f"{len(self.members)} comparison{'s' if len(self.members) != 1 else ''}" + (f" ({parts})" if parts else "")


@dataclass(frozen=True, slots=True)
class RankedRow:
    """Rank confidence sets for one printed row of three or more comparable models (1 = best).

    ``simultaneous`` holds for every model at once (valid for the leader, chosen after looking);
    ``marginal`` for one model named in advance (the subject, a marked cell)."""

    group: str
    scores: tuple[str, ...]  # in the row's order
    models: tuple[str, ...]
    simultaneous: tuple[tuple[int, int], ...]
    marginal: tuple[tuple[int, int], ...]
    alpha: float
    method: str

    def places(self, score_id: str, simultaneous: bool = True) -> tuple[int, int]:
        sets = self.simultaneous if simultaneous else self.marginal
        return sets[self.scores.index(score_id)]

    def could_lead(self) -> tuple[str, ...]:
        """The score ids whose simultaneous set includes first place."""
        return tuple(i for i, (low, _) in zip(self.scores, self.simultaneous) if low == 1)

    @property
    def leader_alone(self) -> bool:
        """Whether only one model can hold first place (the top score always can)."""
        return len(self.could_lead()) == 1

    def describe(self, ids: Collection[str]) -> str:
        """The simultaneous sets of the named cells, in row order: "A 1–2, B 1–3, C 4"."""
        return ", ".join(f"{m} {lo}–{hi}" if lo != hi else f"{m} {lo}"
                         for i, m, (lo, hi) in zip(self.scores, self.models, self.simultaneous) if i in ids)


def ranked_by_score(ranks: Sequence[RankedRow]) -> dict[str, RankedRow]:
    """Each ranked cell's rank record (a printed row may hold one ranking per size block)."""
    return {i: r for r in ranks for i in r.scores}


# ── reconcile ───────────────────────────────────────────────────────────────


@dataclass(frozen=True, slots=True)
class ReferenceSource:
    """A published table the page's cells are set against: a vendor's own release table bundled with
    claimcheck (``bundled``), or an independent measurement given with ``--reference``."""

    id: str
    title: str
    publisher: str  # who ran the numbers ("DeepSeek"; "you" for your own harness run)
    source: str  # the citation: repository:path@commit, or the file given
    date: str | None = None
    protocol: str | None = None  # the setup the reference states for all its numbers, as it states it
    bundled: bool = False
    sha256: str | None = None  # of a bundled file (a page is not its own reference)
    notes: tuple[str, ...] = ()  # the publisher's sentences about the tables printed elsewhere (evaluation details)


#: What a page's cell and a reference's value for the same model and benchmark say together.
COUNTERPART_VERDICTS = {
    "identical": "the same figure at the printed precision: copied from the reference, or the same run",
    "consistent": "different figures within the sampling noise of both",
    "discrepant": "different beyond the sampling noise of both",
    "not-comparable": "measured under a different protocol, so the values are not one quantity",
    "untestable": "different figures, and no item count to tell noise from a real difference",
}


@dataclass(frozen=True, slots=True)
class Counterpart:
    """A page's cell beside a reference's value for the same model and benchmark.

    ``comparison`` is built by the same procedure as a gap between two models of the page (the
    comparability rules' differences, the difference test), with the page's cell first."""

    score: str  # the page's score id
    reference: str  # ReferenceSource.id
    model: str  # the model as the reference prints it
    label: str  # the reference's row as printed
    value: float
    printed: str
    verdict: Literal["identical", "consistent", "discrepant", "not-comparable", "untestable"]
    comparison: Comparison | None = None
    differences: tuple[str, ...] = ()  # protocol differences in words ("version v5 vs not stated")


# ── check ───────────────────────────────────────────────────────────────────


@dataclass(frozen=True, slots=True)
class Finding:
    """One thing a rule found, with the numbers it decided on."""

    code: str
    slug: str
    severity: Severity
    message: str
    scores: tuple[str, ...] = ()
    comparisons: tuple[str, ...] = ()
    details: Mapping[str, Any] = field(default_factory=dict)
    doubts: tuple[tuple[str, str], ...] = ()  # (score id, why): cells whose printed value the finding puts in doubt


@dataclass(frozen=True, slots=True)
class ParsedClaim:
    """A sentence from the vendor's text, read into what it asserts about the table."""

    id: str  # t1, t2, …
    text: str
    source: str  # "claims.txt:3"
    models: tuple[str, ...] = ()  # model names as the tables spell them, in order of mention
    benchmarks: tuple[str, ...] = ()  # registry ids, or table labels for benchmarks the registry lacks
    relation: Literal["beats", "ties", "best", "value", "improves", "within", "unknown"] = "unknown"
    subject: str | None = None  # the model the claim is about
    objects: tuple[str, ...] = ()  # the models it is compared with
    numbers: tuple[tuple[float, str], ...] = ()  # (value, unit as written: "%", "pp", "points", "")
    strength: str | None = None  # "significantly", "state of the art", "best", … as written
    unparsed: str | None = None  # why the sentence could not be read as a claim
    tools: bool | None = None  # "with tools" / "no tools" in the sentence
    metric: str | None = None  # "strict completion", "partial credit", "pass@1" in the sentence
    versions: tuple[tuple[str, str], ...] = ()  # (benchmark id, version id) written after a name
    subsets: tuple[tuple[str, str], ...] = ()  # (benchmark id, subset id) written after a name
    negated: bool = False  # the sentence denies the relation ("does not beat")
    unknown: tuple[str, ...] = ()  # names compared with beside the tables' models ("and GPT-5")
    scope: Literal["named", "all"] = "named"  # "all": "on every benchmark" read as every benchmark in the tables


@dataclass(frozen=True, slots=True)
class ClaimVerdict:
    """A text claim and what the table says about it."""

    text: str
    verdict: Literal[
        "supported", "within-noise", "contradicted", "number-mismatch",
        "incomparable", "unverifiable",
    ]
    claim: str = ""  # the ParsedClaim id
    source: str = ""  # where the sentence came from: "claims.txt:3"
    codes: tuple[str, ...] = ()
    explanation: str = ""
    scores: tuple[str, ...] = ()
    comparisons: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class RuleDoc:
    """A rule's documentation, copied into the report so renderers need no rules."""

    code: str
    slug: str
    family: str
    severity: Severity
    summary: str
    explanation: str
    reference: str
    levels: tuple[tuple[str, str], ...] = ()  # (severity, when) other than the rule's own


@dataclass(frozen=True, slots=True)
class BenchmarkRef:
    """A registry entry a score resolved to, as the report's appendix shows it."""

    id: str
    name: str
    unit: str
    versions: tuple[str, ...]
    n: tuple[tuple[str, int | None, str, str], ...]  # (version/subset used, n, evidence, source)
    statuses: tuple[StatusNote, ...]
    sources: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ReportMeta:
    """How the report was produced."""

    claimcheck_version: str
    registry_version: str
    generated: str  # ISO date-time
    alpha: float
    power: float
    ci_method: str
    assume_n: int | None = None
    environment: tuple[str, ...] = ()  # e.g. "no CJK font installed"
    claims_files: tuple[tuple[str, str], ...] = ()  # (path, sha256) of the --claims inputs
    as_of: str | None = None  # --as-of, when given


@dataclass(frozen=True)
class Subject:
    """Whose release the tables are read as, and how that was decided (see claimcheck.checker.subject)."""

    model: str | None = None
    why: str = "no subject: no --subject, no claims file, and no model is marked best more than the others"
    # chosen by the marks, that is by the scores: its marked cells are picked after looking, like anyone's
    by_marks: bool = False

    def __bool__(self) -> bool:
        return self.model is not None


@dataclass(frozen=True)
class Report:
    """Everything the renderers need; they format, they never recompute."""

    meta: ReportMeta
    inputs: tuple[InputFile, ...]
    tables: tuple[SourceTable, ...]
    scores: tuple[Score, ...]
    comparisons: tuple[Comparison, ...]
    findings: tuple[Finding, ...]
    claims: tuple[ClaimVerdict, ...] = ()
    rules: tuple[RuleDoc, ...] = ()
    benchmarks: tuple[BenchmarkRef, ...] = ()
    readings: tuple[TableReading, ...] = ()  # how each of ``tables`` was read
    account: CellAccount = CellAccount()  # where every cell of the tables went
    subject: Subject = Subject()  # the vendor's model the comparisons are read for
    families: tuple[Family, ...] = ()  # the Holm families, one per table with judged gaps
    ranks: tuple[RankedRow, ...] = ()  # rank confidence sets of the rows with three or more models
    references: tuple[ReferenceSource, ...] = ()  # the published tables the cells were set against
    counterparts: tuple[Counterpart, ...] = ()  # each cell's values in those tables

    def as_records(self) -> dict[str, Any]:
        """The report as plain Python types, in the ``claimcheck.report/1`` shape."""
        from claimcheck.serialize import report_records

        return report_records(self)

    def counts(self) -> dict[str, int]:
        """Number of findings per severity."""
        out = {"error": 0, "warning": 0, "info": 0}
        for f in self.findings:
            out[f.severity] += 1
        return out
