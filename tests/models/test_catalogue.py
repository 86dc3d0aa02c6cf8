"""The model catalogue is data reviewed like code: it loads, every fact is sourced, nothing collides."""

from __future__ import annotations

import re

import pytest

from claimcheck.errors import RegistryError
from claimcheck.models import load_families, recognise
from claimcheck.models.catalogue import DATA_FILE, build, load_file

URL_OR_CORPUS = re.compile(r"^(?:https://\S+|corpus: \S.*)")


@pytest.fixture(scope="module")
def catalogue():
    return load_families()


def test_catalogue_loads(catalogue):
    assert len(catalogue) >= 60 and len(catalogue.vendors) >= 30


def test_every_family_and_vendor_is_sourced(catalogue):
    for fam in catalogue:
        assert fam.sources and all(URL_OR_CORPUS.match(s) for s in fam.sources), fam.id
    for vendor in catalogue.vendors.values():
        assert vendor.sources and all(s.startswith("https://") for s in vendor.sources), vendor.id


def test_open_weights_is_a_sourced_fact_or_null(catalogue):
    for fam in catalogue:
        for holder in (fam, *fam.lines):
            if holder.open_weights is not None:
                assert holder.open_weights_source.startswith("https://"), (fam.id, holder)


def test_most_families_have_sourced_open_weights(catalogue):
    sourced = [f for f in catalogue if f.open_weights is not None or any(l.open_weights is not None for l in f.lines)]
    assert len(sourced) >= 0.85 * len(catalogue)


def test_every_alias_is_recognised_as_its_own_family(catalogue):
    wrong = {}
    for fam in catalogue:
        for alias in fam.aliases:
            name = recognise(alias)
            if name is None or name.family != fam.id:
                wrong[alias] = (fam.id, name.family if name else None)
    assert not wrong, wrong


def test_no_two_families_share_a_pattern(catalogue):
    owner = {}
    for fam in catalogue:
        for pattern in fam.patterns:
            assert owner.setdefault(pattern.casefold(), fam.id) == fam.id, (pattern, fam.id, owner[pattern.casefold()])


def test_vendor_names_and_accounts_resolve(catalogue):
    assert catalogue.vendor("deepseek-ai").id == "deepseek"
    assert catalogue.vendor("LG-AI-EXAONE").id == "lg"
    assert catalogue.vendor("openai").id == catalogue.vendor("OpenAI").id == "openai"
    assert catalogue.vendor("no such vendor") is None


def test_every_family_names_a_listed_vendor(catalogue):
    assert all(f.vendor in catalogue.vendors for f in catalogue)


def _write(tmp_path, families: str, vendors: str = "  - {id: v, name: V, sources: ['https://example.org']}\n"):
    path = tmp_path / "families.yaml"
    path.write_text(f"vendors:\n{vendors}families:\n{families}", encoding="utf-8")
    return path


GOOD = ("  - id: f\n    name: F\n    vendor: v\n    patterns: ['Foo']\n    aliases: ['Foo-7B']\n"
        "    sources: ['https://example.org']\n")


@pytest.mark.parametrize("families, words", [
    (GOOD + "    colour: red\n", ["entry 'f'", "field colour", "Extra inputs"]),
    (GOOD + "    open_weights: true\n", ["entry 'f'", "open_weights_source"]),
    (GOOD.replace("vendor: v", "vendor: w"), ["unknown vendor 'w'"]),
    (GOOD.replace("['Foo']", "['Foo(']"), ["entry 'f'", "field patterns", "does not compile"]),
    (GOOD.replace("    sources: ['https://example.org']\n", ""), ["entry 'f'", "field sources"]),
    (GOOD + GOOD, ["duplicate family ids"]),
    ("  - [\n", ["not valid YAML"]),
    (GOOD + "    moving_names: [{name: Foo, snapshots: [{id: foo-1, released: '2024-01-01'}], source: x}]\n",
     ["entry 'f'", "snapshots", "at least 2"]),
    (GOOD + "    moving_names: [{name: Foo, snapshots: [{id: foo-2, released: '2024-05-01'}, "
            "{id: foo-1, released: '2024-01-01'}], source: x}]\n", ["entry 'f'", "order of release"]),
    (GOOD + "    moving_names: [{name: Foo, snapshots: [{id: foo-1, released: '2024-01'}, "
            "{id: foo-2, released: '2024-05-01'}], source: x}]\n", ["entry 'f'", "released"]),
])
def test_invalid_files_name_the_entry_and_field(tmp_path, families, words):
    path = _write(tmp_path, families)
    with pytest.raises(RegistryError) as err:
        load_file(path)
    message = err.value.one_line()
    assert str(path) in message
    for w in words:
        assert w in message


def test_a_vendor_name_used_twice_is_an_error(tmp_path):
    vendors = ("  - {id: v, name: V, aliases: [Acme], sources: ['https://example.org']}\n"
               "  - {id: w, name: W, aliases: [acme], sources: ['https://example.org']}\n")
    path = _write(tmp_path, GOOD, vendors)
    with pytest.raises(RegistryError, match="'acme' of 'w' is also used by 'v'"):
        build(load_file(path), path)


def test_the_shipped_file_is_packaged():
    assert DATA_FILE.is_file() and DATA_FILE.parent.name == "data"
