"""inspect_ai's ``.eval`` log (a zip archive) read as the JSON log it holds in parts.

inspect_ai writes ``.eval`` by default since 0.3.46.  The archive holds the same records as the JSON
log format, one per entry:

- ``header.json``: the log without its samples (``eval``, ``plan``, ``results``, ``stats``, ``status``),
  written when the run ends;
- ``_journal/start.json``: ``eval`` and ``plan``, written when the run starts (all a run that was
  cut short has);
- ``samples/<id>_epoch_<n>.json``: one sample each, with its ``scores``;
- ``summaries.json``, ``reductions.json`` and ``_journal/summaries/*.json``: not read (the samples
  hold every score the summaries do).

The parts are put back together as the JSON log and read by :func:`claimcheck.readers.harness.inspect_tables`,
so both formats give the same tables.  Before anything is unzipped, the sizes the archive declares are
held against the ``archive-bytes`` limit (a zip bomb stops there; zipfile never returns more than an entry
declares).
"""

from __future__ import annotations

import io
import json
import re
import zipfile
import zlib
from typing import Any

from claimcheck.errors import InputError
from claimcheck.records import SourceTable

HEADER, START = "header.json", "_journal/start.json"
_SAMPLE = re.compile(r"samples/(?P<id>.+)_epoch_(?P<epoch>\d+)\.json")
_DAMAGED = (zipfile.BadZipFile, NotImplementedError, EOFError, ValueError, OSError, zlib.error, KeyError)


def is_eval_archive(data: bytes) -> bool:
    """Whether ``data`` is a zip archive holding an inspect_ai log (its header or its start record)."""
    if not data.startswith(b"PK\x03\x04"):
        return False
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            names = set(archive.namelist())
    except _DAMAGED:
        return False
    return HEADER in names or START in names


def read_eval_archive(data: bytes, path: str) -> list[SourceTable]:
    """The tables of an inspect_ai ``.eval`` log: its header (or start record) and samples as one JSON log."""
    from claimcheck.readers.harness import inspect_tables

    return inspect_tables(eval_archive_log(data, path), path)


def eval_archive_log(data: bytes, path: str) -> dict:
    """The archive's entries as the JSON log inspect_ai would have written: the header with ``samples``
    added in the dataset's order (an archive keeps them in the order they finished)."""
    if not data.startswith(b"PK\x03\x04"):
        raise InputError("not an inspect_ai .eval log: the file is not a zip archive", path=path)
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            _check_size(archive, path)
            names = set(archive.namelist())
            if HEADER in names:
                log = _entry(archive, HEADER, path)
            elif START in names:  # the run did not finish: inspect writes the header last
                log = {**_entry(archive, START, path), "status": "started"}
            else:
                raise InputError(f"a zip archive with neither {HEADER} nor {START}: not an inspect_ai .eval log",
                                 path=path)
            samples = [_entry(archive, name, path) for name in sorted(names) if _SAMPLE.fullmatch(name)]
    except _DAMAGED as exc:
        raise InputError(f"cannot read the file as an inspect_ai .eval archive ({type(exc).__name__}: {exc})",
                         path=path) from None
    if not isinstance(log.get("eval"), dict):
        raise InputError(f"the archive's {HEADER if HEADER in names else START} has no 'eval' object: not an "
                         f"inspect_ai log", path=path)
    return {**log, "samples": _in_dataset_order(samples, log)} if samples else log


def _check_size(archive: zipfile.ZipFile, path: str) -> None:
    from claimcheck.limits import current

    limits = current()
    size = sum(info.file_size for info in archive.infolist())
    if size > limits.archive_bytes:
        raise limits.refuse("archive_bytes", "the .eval archive", f"{size:,} bytes unzipped", path)


def _entry(archive: zipfile.ZipFile, name: str, path: str) -> dict:
    """One entry as a JSON object; anything else names the entry."""
    from claimcheck.readers.harness import _loads

    try:
        value = _loads(_unzipped(archive, archive.getinfo(name), path).decode("utf-8"), path, f"entry {name}")
    except UnicodeDecodeError:
        raise InputError(f"entry {name} of the .eval archive is not UTF-8 text", path=path) from None
    except json.JSONDecodeError as exc:
        raise InputError(f"entry {name} of the .eval archive is not valid JSON ({exc.msg}, line {exc.lineno})",
                         path=path) from None
    if not isinstance(value, dict):
        raise InputError(f"entry {name} of the .eval archive is a JSON {type(value).__name__}, expected an object",
                         path=path)
    return value


ZSTANDARD = 93  # the zip compression method number of Zstandard (APPNOTE 4.4.5)


def _unzipped(archive: zipfile.ZipFile, info: zipfile.ZipInfo, path: str) -> bytes:
    """An entry's bytes.  inspect_ai compresses entries with Zstandard, which zipfile reads only from Python
    3.14; before that the entry's raw bytes are decompressed with the ``zstandard`` package, never to more
    than the entry declares, and checked against its CRC-32."""
    if info.compress_type != ZSTANDARD or getattr(zipfile, "ZIP_ZSTANDARD", None) == ZSTANDARD:
        return archive.read(info)
    try:
        import zstandard
    except ImportError:
        raise InputError("this .eval archive is compressed with Zstandard, which Python reads only from 3.14: "
                         "install the zstandard package (pip install 'claimcheck[inspect]'), or convert the log "
                         "with `inspect log convert --to json --output-dir DIR FILE` and audit the .json",
                         path=path) from None
    with _raw_entry(archive, info) as raw:
        reader = zstandard.ZstdDecompressor().stream_reader(raw, read_across_frames=True)
        try:
            data = reader.read(info.file_size + 1)
        except zstandard.ZstdError as exc:
            raise InputError(f"entry {info.filename} of the .eval archive is damaged ({exc})", path=path) from None
    if len(data) != info.file_size or zlib.crc32(data) != info.CRC:
        raise InputError(f"entry {info.filename} of the .eval archive is damaged (it unzips to {len(data):,} "
                         f"bytes, not the {info.file_size:,} it declares, or fails its CRC check)", path=path)
    return data


def _raw_entry(archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> io.BytesIO:
    """An entry's compressed bytes, read past its local file header (APPNOTE 4.3.7: 30 bytes, then its name
    and extra field, whose lengths are at offsets 26 and 28)."""
    handle = archive.fp
    handle.seek(info.header_offset)
    header = handle.read(30)
    if len(header) != 30 or header[:4] != b"PK\x03\x04":
        raise zipfile.BadZipFile(f"no local file header for {info.filename}")
    skip = int.from_bytes(header[26:28], "little") + int.from_bytes(header[28:30], "little")
    handle.seek(info.header_offset + 30 + skip)
    return io.BytesIO(handle.read(info.compress_size))


def _in_dataset_order(samples: list[dict], log: dict) -> list[dict]:
    """Samples by epoch, then by their place in ``eval.dataset.sample_ids`` (ids it does not list last, in
    entry order)."""
    dataset = log["eval"].get("dataset") if isinstance(log["eval"].get("dataset"), dict) else {}
    ids = dataset.get("sample_ids") if isinstance(dataset.get("sample_ids"), list) else []
    place: dict[Any, int] = {}
    for k, sample_id in enumerate(ids):
        place.setdefault(str(sample_id), k)
    return sorted(samples, key=lambda s: (_epoch(s), place.get(str(s.get("id")), len(place))))


def _epoch(sample: dict) -> int:
    epoch = sample.get("epoch", 1)
    return epoch if isinstance(epoch, int) and not isinstance(epoch, bool) else 1
