"""Writing the artifacts: stable JSON (sorted keys, rounded floats), hashes, and the atomic swap.

The pipeline builds the whole set in a hidden sibling folder and only at the very end moves it
into place with renames, so a build that fails or is killed leaves the previous set untouched.
"""

import json
import os
import shutil
from contextlib import contextmanager
from pathlib import Path

from sprout.corpus.data import file_sha256
from sprout.rounding import rounded


def dumps(data):
    """The one JSON style of the artifacts: sorted keys, compact, UTF-8, a final newline."""
    return json.dumps(rounded(data), sort_keys=True, ensure_ascii=False, separators=(",", ":"), allow_nan=False) + "\n"


def write_json(path, data):
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(dumps(data), encoding="utf-8")


def file_hashes(folder):
    """{relative posix path: sha256} of every file under folder, sorted by path."""
    folder = Path(folder)
    return {p.relative_to(folder).as_posix(): file_sha256(p) for p in sorted(folder.rglob("*")) if p.is_file()}


def _siblings(out):
    return out.with_name(f".{out.name}.building"), out.with_name(f".{out.name}.previous")


def recover(out):
    """Clean up after a build that was killed: put a set left aside back, drop half-built ones."""
    out = Path(out)
    building, previous = _siblings(out)
    if previous.exists() and not out.exists():
        os.replace(previous, out)  # killed between the two renames of the swap
    shutil.rmtree(previous, ignore_errors=True)
    shutil.rmtree(building, ignore_errors=True)


@contextmanager
def atomic_folder(out):
    """Yields an empty folder to build in; on success it replaces `out`, on any error it vanishes."""
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    recover(out)
    building, previous = _siblings(out)
    building.mkdir()
    try:
        yield building
    except BaseException:
        shutil.rmtree(building, ignore_errors=True)
        raise
    if out.exists():
        os.replace(out, previous)
    os.replace(building, out)
    shutil.rmtree(previous, ignore_errors=True)
