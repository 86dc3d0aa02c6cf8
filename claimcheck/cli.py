"""The ``claimcheck`` command line.

    claimcheck table.csv                      terminal summary + table.report.pdf
    claimcheck https://vendor/blog/post        scrape the page's tables, then the same
    claimcheck a.csv b.csv -o review.pdf
    claimcheck table.csv --format json         the claimcheck.report/1 JSON on stdout
    claimcheck registry list | show ID | check FILE
    claimcheck rules [--explain CC302]

Only click is imported at start-up; the pipeline, pandas, scipy and WeasyPrint
load inside the commands, so ``--help`` stays fast.  Exit status: 0 clean,
1 findings at or above ``--fail-on``, 2 bad input or usage, 3 an internal error (a bug: one line, the
traceback with ``--debug``).
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from claimcheck import __version__

FAIL_LEVELS = ("error", "warning", "info", "never")
OUTPUT_FORMATS = ("pdf", "concise", "full", "json", "json-lines", "github", "sarif", "md", "html")


class DefaultGroup(click.Group):
    """A group whose first argument is a table unless it names a subcommand."""

    default_command = "check"

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and args[0] not in ("--help", "-h", "--version"):
            args = [self.default_command, *args]
        return super().parse_args(ctx, args)


@click.group(cls=DefaultGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="claimcheck")
def cli() -> None:
    """Audit AI vendors' benchmark tables: what each row measures and which comparisons it supports.

    Run `claimcheck TABLE` (CSV, TSV, XLSX, Markdown, HTML, a URL, or - for stdin; also lm-evaluation-harness
    results and samples, inspect_ai JSON logs, a model card's model-index).  Exit status: 0 clean,
    1 findings at or above --fail-on, 2 bad input or usage, 3 an internal error (add --debug for its
    traceback).
    """


def _stdin(options=None) -> bytes:
    """Standard input, read no further than the input limit allows (the reader then refuses it)."""
    from claimcheck.limits import Limits
    from claimcheck.readers import read_stdin

    return read_stdin((options.limits if options is not None else Limits()).input_bytes)


def _say(text: str, err: bool = True) -> None:
    """A line for the terminal whose text may come from the input: control sequences removed."""
    from claimcheck.report.terminal import clean

    click.echo(clean(text), err=err)


def _not_an_option(param: click.Parameter, value: str | None) -> str | None:
    """'--benchmark --no-pdf' means a forgotten value, not a benchmark called '--no-pdf'."""
    if value is not None and value.startswith("-") and value != "-":
        raise click.BadParameter(f"expected a benchmark name, got the option {value!r}", param=param)
    return value


def _split(values: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(v.strip() for item in values for v in item.split(",") if v.strip())


def _default_pdf(source: str) -> Path:
    if source == "-" or source.startswith(("http://", "https://")):
        stem = "stdin" if source == "-" else source.rstrip("/").rsplit("/", 1)[-1].split("?")[0] or "page"
        return Path.cwd() / f"{stem}.report.pdf"
    path = Path(source)
    return path.with_name(path.stem + ".report.pdf")


@cli.command("check")
@click.argument("sources", nargs=-1, required=True)
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Where to write the report (default: TABLE.report.pdf next to the input; stdout for json/md/html).")
@click.option("--output-format", "--format", "fmt", type=click.Choice(OUTPUT_FORMATS), default="pdf", show_default=True,
              help="pdf: the concise terminal lines and the PDF; concise/full: the terminal only (one line per finding, or every finding in full); json, json-lines, github, sarif, md, html: to stdout or -o.")
@click.option("--color", type=click.Choice(["auto", "always", "never"]), default="auto", show_default=True, help="Colour in the terminal output.")
@click.option("--no-pdf", is_flag=True, help="Print the terminal summary only.")
@click.option("--assume-n", type=click.IntRange(min=1), help="Item count to assume where neither the table nor the registry gives one (marked 'assumed').")
@click.option("--benchmark", callback=lambda ctx, param, value: _not_an_option(param, value),
              help="Benchmark name for a leaderboard export with no benchmark column.")
@click.option("--registry", "registries", multiple=True, type=click.Path(exists=True, dir_okay=False), help="Extra catalogue YAML (adds or overrides entries).")
@click.option("--select", multiple=True, help="Only these rules (code prefix, slug or family; comma-separated).")
@click.option("--extend-select", multiple=True, help="Rules to add to the selection (--select or the project's), as ruff's option does.")
@click.option("--ignore", multiple=True, help="Drop these rules (code prefix, slug or family; comma-separated).")
@click.option("--fail-on", type=click.Choice(FAIL_LEVELS), default="error", show_default=True, help="Exit 1 when a finding is at or above this severity.")
@click.option("--alpha", type=float, default=0.05, show_default=True,
              help="Two-sided significance level of every test, interval and rank set.")
@click.option("--power", type=float, default=0.8, show_default=True, help="Power for minimum detectable effects.")
@click.option("--ci-method", type=click.Choice(["wilson", "clopper-pearson", "jeffreys"]), default="wilson", show_default=True,
              help="Interval for a score, and (square-and-add of two such intervals) for a gap and the test it inverts.")
@click.option("--claims", "claims_files", multiple=True, type=click.Path(dir_okay=False), help="The vendor's text claims (one per line; UTF-8 or GB18030) to judge against the tables.")
@click.option("--subject", metavar="MODEL", help="The vendor's own model, whose gaps to each rival the noise findings judge (default: the model the claims file is about, else the most often marked best).")
@click.option("--as-of", metavar="YYYY-MM-DD", help="The date the inputs were published (default: the latest date a page's text mentions); registry facts that begin later, such as a test set's labels published afterwards, do not reach them.")
@click.option("--reference", "reference_files", multiple=True, metavar="FILE",
              help="An independent measurement of the same models (a leaderboard export, your own harness run; any input format): each cell is set against it as consistent, discrepant beyond the noise of both, or not comparable.")
@click.option("--no-bundled-references", is_flag=True, help="Do not set the cells against the published release tables bundled with claimcheck (which find copied baselines).")
@click.option("--export-claims", type=click.Path(dir_okay=False), help="Also write every parsed record as a long CSV (correct it by hand and run it again).")
@click.option("--config", "config_path", type=click.Path(exists=True, dir_okay=False), help="Project configuration (default: nearest claimcheck.toml or [tool.claimcheck] in pyproject.toml).")
@click.option("-q", "--quiet", is_flag=True, help="Only the summary counts and conclusions.")
@click.option("--limit", "limit_pairs", multiple=True, metavar="NAME=N",
              help="Raise (or lower) one of the limits on what is read: input-bytes, download-bytes, fetch-seconds, "
                   "table-cells, xlsx-cells, xlsx-bytes, archive-bytes, tables (defaults in the README).")
@click.pass_context
def check(ctx, sources, output, fmt, color, no_pdf, assume_n, benchmark, registries, select, extend_select, ignore,
          fail_on, alpha, power, ci_method, claims_files, subject, as_of, reference_files, no_bundled_references, export_claims, config_path,
          quiet, limit_pairs) -> None:
    """Audit one or more tables."""
    from claimcheck.checker import Selection
    from claimcheck.errors import ClaimcheckError
    from claimcheck.limits import parse as parse_limits
    from claimcheck.limits import parse_pairs
    from claimcheck.pipeline import Options

    try:
        layered = _layered(ctx, config_path, {
            "select": _split(select), "ignore": _split(ignore), "fail-on": fail_on, "alpha": alpha,
            "power": power, "ci-method": ci_method, "assume-n": assume_n, "registry": list(registries),
        })
        options = Options(
            assume_n=layered["assume-n"], benchmark=benchmark, registry_files=tuple(layered["registry"]),
            alpha=layered["alpha"], power=layered["power"], ci_method=layered["ci-method"],
            selection=Selection(select=tuple(layered["select"]), ignore=tuple(layered["ignore"]),
                                extend=tuple(_split(extend_select))),
            claims_files=tuple(claims_files), subject=subject, as_of=as_of,
            reference_files=tuple(reference_files), bundled_references=not no_bundled_references,
            limits=parse_limits({**layered["limits"], **parse_pairs(limit_pairs)}),  # a flag wins over the file
        )
        status = _run(sources, options, output, fmt, no_pdf, layered["fail-on"], quiet, export_claims, color)
    except ClaimcheckError as exc:
        _say(f"claimcheck: error: {exc.one_line()}")
        sys.exit(exc.exit_status)
    sys.exit(status)


_PARAMS = {"select": "select", "ignore": "ignore", "fail-on": "fail_on", "alpha": "alpha", "power": "power",
           "ci-method": "ci_method", "assume-n": "assume_n", "registry": "registries"}


def _layered(ctx: click.Context, config_path: str | None, given: dict) -> dict:
    """Defaults < project file < flags: a flag wins only when the user typed it."""
    from click.core import ParameterSource

    from claimcheck.config import DEFAULTS, load_config

    project = load_config(Path(config_path) if config_path else None)
    for warning in project.warnings:
        _say(f"claimcheck: warning: {warning}")
    out = dict(DEFAULTS)
    out.update(project.values)
    for key, param in _PARAMS.items():
        if ctx.get_parameter_source(param) not in (ParameterSource.DEFAULT, None):
            out[key] = given[key]
    return out


def _run(sources, options, output, fmt, no_pdf, fail_on, quiet, export_path=None, color="auto") -> int:
    from claimcheck.pipeline import audit
    from claimcheck.records import SEVERITY_RANK

    stdin = _stdin(options) if "-" in sources else None
    report = _with_progress("reading and checking", lambda: audit(sources, options, stdin=stdin), fmt == "pdf")
    if export_path:
        from claimcheck.export import export_claims

        _write(export_path, export_claims(report))
        click.echo(f"claims written to {export_path} ({len(report.scores)} records)", err=True)
    if fmt == "json":
        from claimcheck.report.json_out import render_json

        _emit(render_json(report), output)
    elif fmt in ("json-lines", "github", "sarif"):
        from claimcheck.report import lint

        render = {"json-lines": lint.render_json_lines, "github": lint.render_github, "sarif": lint.render_sarif}[fmt]
        _emit(render(report), output)
    else:
        from claimcheck.report.view import build_view

        view = build_view(report)
        if fmt == "md":
            from claimcheck.report.markdown import render_markdown

            _emit(render_markdown(view), output)
        elif fmt == "html":
            from claimcheck.report.html import render_html

            _emit(render_html(view), output)
        elif fmt in ("concise", "full"):
            from claimcheck.report.terminal import render_terminal

            render_terminal(view, verbose=not quiet, report=report, concise=fmt == "concise", color=color)
        else:
            _terminal_and_pdf(report, view, sources, output, no_pdf, quiet, color)
    if fail_on == "never":
        return 0
    threshold = SEVERITY_RANK[fail_on]
    return 1 if any(SEVERITY_RANK[f.severity] >= threshold for f in report.findings) else 0


def _terminal_and_pdf(report, view, sources, output, no_pdf, quiet, color="auto") -> None:
    from dataclasses import replace

    from claimcheck.report.fonts import report_environment
    from claimcheck.report.terminal import render_terminal

    notes = report_environment(report) if not no_pdf else []
    if notes:
        view = replace(view, environment=view.environment + notes)
    render_terminal(view, verbose=not quiet, report=report, concise=True, color=color)
    if no_pdf:
        return
    from claimcheck.report.pdf import render_pdf

    path = Path(output) if output else _default_pdf(sources[0])
    pages = _with_progress("rendering the PDF", lambda: render_pdf(view, path), True)
    click.echo(f"\nReport written to {path} ({pages} page{'s' if pages != 1 else ''})")


def _with_progress(what: str, work, show: bool):
    if not show or not sys.stderr.isatty():
        return work()
    from rich.console import Console

    with Console(stderr=True).status(what + "…"):
        return work()


def _write(path: str | Path, text: str) -> None:
    """Write an output file; a missing folder or a read-only place is a one-line error."""
    from claimcheck.errors import ClaimcheckError

    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise ClaimcheckError(f"cannot write the output: {exc.strerror or exc}", path=str(path)) from None


def _emit(text: str, output: str | None) -> None:
    if output:
        _write(output, text)
        click.echo(f"written to {output}", err=True)
    else:
        sys.stdout.write(text)


@cli.group("registry")
def registry_group() -> None:
    """The benchmark catalogue: list entries or show one with its sources."""


@cli.command("scrape")
@click.argument("sources", nargs=-1, required=True)
@click.option("--explain", is_flag=True, help="Show how each table was read: orientation, column roles, rows without scores.")
@click.option("--benchmark", help="Benchmark name for a leaderboard export with no benchmark column.")
@click.option("--registry", "registries", multiple=True, type=click.Path(exists=True, dir_okay=False), help="Extra catalogue YAML.")
def scrape(sources, explain, benchmark, registries) -> None:
    """List the tables read from files or pages, and (--explain) why each was read as it was."""
    from claimcheck.errors import ClaimcheckError
    from claimcheck.explain import scrape_lines
    from claimcheck.pipeline import parse_tables, read_sources
    from claimcheck.registry.resolver import Resolver

    try:
        _inputs, tables = read_sources(sources, stdin=_stdin() if "-" in sources else None)
        observations, readings = parse_tables(tables, Resolver(_catalogue(registries)), benchmark)
    except ClaimcheckError as exc:
        _say(f"claimcheck: error: {exc.one_line()}")
        sys.exit(exc.exit_status)
    for line in scrape_lines(tables, readings, observations, explain=explain):
        _say(line, err=False)


@registry_group.command("list")
@click.option("--registry", "registries", multiple=True, type=click.Path(exists=True, dir_okay=False), help="Extra catalogue YAML.")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "csv"]), default="text", show_default=True,
              help="text: one line per benchmark; json: every entry in full; csv: one row per item count "
                   "(version, subset) with its evidence and sources.")
def registry_list(registries, fmt) -> None:
    """List every benchmark: id, unit, name, verified item counts, standing."""
    import csv
    import json

    from claimcheck.export import neutralise
    from claimcheck.registry.describe import CSV_COLUMNS, csv_rows, entry_record, list_lines

    catalogue = _catalogue(registries)
    if fmt == "json":
        click.echo(json.dumps([entry_record(b) for b in catalogue], ensure_ascii=False, indent=2))
        return
    if fmt == "csv":
        writer = csv.DictWriter(sys.stdout, fieldnames=CSV_COLUMNS, lineterminator="\n")
        writer.writeheader()
        for b in catalogue:
            writer.writerows({k: neutralise(v) for k, v in row.items()} for row in csv_rows(b))
        return
    click.echo(f"registry {catalogue.version}: {len(catalogue)} benchmarks")
    for line in list_lines(list(catalogue)):
        click.echo(line)


@registry_group.command("show")
@click.argument("benchmark")
@click.option("--registry", "registries", multiple=True, type=click.Path(exists=True, dir_okay=False), help="Extra catalogue YAML.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
def registry_show(benchmark, registries, fmt) -> None:
    """Show one benchmark (by id or any alias) with versions, subsets, n, status and sources."""
    import json

    from claimcheck.registry.catalogue import normalize
    from claimcheck.registry.describe import entry_record, show_lines
    from claimcheck.registry.resolver import Resolver

    catalogue = _catalogue(registries)
    match = Resolver(catalogue).match(benchmark)
    bench_id = catalogue.aliases.get(normalize(benchmark)) or (match.key if match else None)
    if bench_id is None:
        click.echo(f"claimcheck: error: no benchmark {benchmark!r} in registry {catalogue.version} "
                   f"(see `claimcheck registry list`)", err=True)
        sys.exit(2)
    entry = catalogue.get(bench_id)
    if fmt == "json":
        click.echo(json.dumps(entry_record(entry), ensure_ascii=False, indent=2))
    else:
        click.echo("\n".join(show_lines(entry)))


@registry_group.command("check")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
def registry_check(files) -> None:
    """Validate catalogue files as --registry would read them: every problem, one line each (exit 2 if any)."""
    from claimcheck.registry.catalogue import check_file, load_catalogue

    shipped = load_catalogue()
    failed = False
    for path in files:
        parsed, problems = check_file(path)
        for line in problems:
            _say(f"claimcheck: error: {line}")
        if parsed is None:
            failed = True
            continue
        overriding = sum(shipped.get(b.id) is not None for b in parsed.benchmarks)
        click.echo(f"{path}: valid, {len(parsed.benchmarks)} benchmark{'s' * (len(parsed.benchmarks) != 1)} "
                   f"({len(parsed.benchmarks) - overriding} new, {overriding} replacing shipped entries)"
                   + (f", {len(parsed.remove)} removed" if parsed.remove else ""))
    sys.exit(2 if failed else 0)


def _catalogue(registries):
    from claimcheck.errors import ClaimcheckError
    from claimcheck.registry.catalogue import load_catalogue

    try:
        return load_catalogue(registries)
    except ClaimcheckError as exc:
        _say(f"claimcheck: error: {exc.one_line()}")
        sys.exit(2)


@cli.command("rules")
@click.option("--explain", metavar="CODE", help="Print one rule's full documentation (code or slug).")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "md"]), default="text", show_default=True)
def rules_command(explain: str | None, fmt: str) -> None:
    """List the rules (code, slug, family, severity, summary)."""
    import json

    from claimcheck.checker import all_rules
    from claimcheck.docs import rule_markdown, rules_markdown

    rules = sorted(all_rules(), key=lambda r: r.code)
    if explain:
        hits = [r for r in rules if explain.upper() == r.code or explain.casefold() == r.slug]
        if not hits:
            click.echo(f"claimcheck: error: no rule {explain!r} (see `claimcheck rules`)", err=True)
            sys.exit(2)
        doc = hits[0].doc()
        if fmt == "json":
            click.echo(json.dumps(_asdict(doc), ensure_ascii=False, indent=2))
        else:
            click.echo(rule_markdown(hits[0]))
        return
    if fmt == "json":
        items = [{"code": r.code, "slug": r.slug, "family": r.family, "severity": r.severity,
                  "summary": r.doc().summary} for r in rules]
        click.echo(json.dumps(items, ensure_ascii=False, indent=2))
    elif fmt == "md":
        click.echo(rules_markdown(), nl=False)
    else:
        width = max(len(r.slug) for r in rules)
        for r in rules:
            click.echo(f"{r.code}  {r.slug:<{width}}  {r.severity:<7}  {r.doc().summary}")


def _asdict(record) -> dict:
    from dataclasses import asdict

    return asdict(record)


_NO_ARGS = getattr(click.exceptions, "NoArgsIsHelpError", ())


def main(argv: list[str] | None = None) -> None:
    """The console script: click's usage errors become one line and exit status 2; an internal error
    (a bug) is one line and exit status 3, its traceback only with ``--debug`` (anywhere on the line)
    or ``CLAIMCHECK_DEBUG=1``."""
    import os

    args = list(sys.argv[1:] if argv is None else argv)
    end = args.index("--") if "--" in args else len(args)  # after "--" a "--debug" is a file name
    debug = "--debug" in args[:end] or os.environ.get("CLAIMCHECK_DEBUG", "") not in ("", "0")
    args = [a for a in args[:end] if a != "--debug"] + args[end:]
    try:
        _invoke(args)
    except Exception as exc:  # noqa: BLE001 - a bug, said in one line; click and input errors are handled below
        if debug:
            raise
        where = exc.__traceback__
        while where is not None and where.tb_next is not None:
            where = where.tb_next
        at = f" at {Path(where.tb_frame.f_code.co_filename).name}:{where.tb_lineno}" if where is not None else ""
        _say(f"claimcheck: internal error: {type(exc).__name__}{at}: {' '.join(str(exc).split())[:300]} "
             f"— a bug in claimcheck, not in your input; please report it to its maintainers with the output of "
             f"the same command run with --debug")
        sys.exit(3)


def _invoke(args: list[str]) -> None:
    """Run the command line, mapping click's outcomes to exit statuses 0, 1 and 2."""
    try:
        cli.main(args=args, prog_name="claimcheck", standalone_mode=False)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except _NO_ARGS as exc:  # plain `claimcheck`: the help, not an error
        click.echo(exc.format_message())
        sys.exit(0)
    except click.ClickException as exc:
        click.echo(f"claimcheck: error: {exc.format_message()} (see claimcheck --help)", err=True)
        sys.exit(2)
    except click.exceptions.Abort:
        sys.exit(1)


if __name__ == "__main__":  # pragma: no cover
    main()
