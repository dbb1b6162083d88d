"""Writing the artifacts: stable JSON (sorted keys, rounded floats) and the hashes of a folder's
files. (The pipeline builds the whole set in a hidden sibling folder that replaces the output
folder only when complete: ``sprout.atomic.replacing_folder``.)"""

import json
from pathlib import Path

from sprout.files import file_sha256
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
