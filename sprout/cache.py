"""Results computed before (by a build of the artifacts, or `sprout claims`), kept on disk under a
key of everything they depend on.

A result is stored under a name, with a key that hashes its inputs (checkpoint sha256s, seeds,
token ids) together with the torch version and the source of every project module that
computes it, found by following imports from the modules named. Changing any of them changes
the key, and the result is computed again. Each name keeps one result; a file is written next to
the old one and renamed over it, so a killed build leaves either the old or the new result.

By default the cache is .cache/artifacts in the repository (out of git and out of the site).

The few results that take most of a build's time (the float64 measurements, the browser export)
are also kept in the repository, in build_artifacts/published/, by the build that writes the
site's own data (docs/artifacts): a fresh clone's build reuses them while their key matches, so
it starts warm. A published ONNX file is not stored twice: its record names the file the build
wrote and that file's sha256, and it is reused only while both still match. `--recompute`
ignores them (the check that they are still what the code computes).
"""

import ast
import hashlib
import json
import os
import pickle
import sys
import tempfile
from pathlib import Path

import torch

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("sprout", "build_artifacts", "site_files")


def digest(*parts):
    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()


def _module_file(name):
    base = ROOT.joinpath(*name.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def _imported(name):
    """The project modules that module `name` imports anywhere in its source."""
    path = _module_file(name)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                prefix = ".".join(parts + ([node.module] if node.module else []))
            else:
                prefix = node.module
            names = [prefix, *(f"{prefix}.{a.name}" for a in node.names)]  # `from . import x` names module x
        else:
            continue
        found.update(n for n in names if n.split(".")[0] in PACKAGES and _module_file(n))
    return found


def code_version(*modules):
    """sha256 over the source of the given modules (objects or dotted names) and every project
    module they import, directly or not."""
    todo = [m if isinstance(m, str) else m.__name__ for m in modules]
    seen = set()
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo.extend(_imported(name) - seen)
    h = hashlib.sha256()
    for name in sorted(seen):
        h.update(name.encode() + b"\0" + _module_file(name).read_bytes() + b"\0")
    return h.hexdigest()


DEFAULT_FOLDER = ROOT / ".cache" / "artifacts"
PUBLISHED_FOLDER = ROOT / "build_artifacts" / "published"


def _write_atomically(path, data):
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _read_pickle(path):
    try:
        with open(path, "rb") as f:
            return pickle.load(f)
    except Exception:  # missing, unreadable or from another version: as good as absent
        return None


class Published:
    """Results kept in the repository under their key. `writable`: only the build that writes the
    site's own data publishes; any other build (a test's, a preview's) only reads."""

    def __init__(self, folder=PUBLISHED_FOLDER, writable=False):
        self.folder, self.writable = Path(folder), writable

    def read(self, name, key, file=None):
        """The published value (None when there is none for this key). file: the published file
        that holds a bytes value, checked against its recorded sha256."""
        stored = _read_pickle(self.folder / f"{name}.pkl")
        if not stored or stored.get("key") != key:
            return None
        if file is None:
            return stored["value"]
        try:
            data = Path(file).read_bytes()
        except OSError:
            return None
        return data if hashlib.sha256(data).hexdigest() == stored.get("sha256") else None

    def write(self, name, key, value, file=None):
        if not self.writable:
            return
        stored = (
            {"key": key, "value": value} if file is None else {"key": key, "sha256": hashlib.sha256(value).hexdigest()}
        )
        _write_atomically(self.folder / f"{name}.pkl", pickle.dumps(stored, protocol=pickle.HIGHEST_PROTOCOL))


class Cache:
    """get(name, compute, *key_parts): the stored result when its key matches, else compute()
    (stored for next time). folder None: nothing is kept, everything is computed. published: a
    Published store, consulted (and, where writable, filled) for the results marked `publish`."""

    def __init__(self, folder, published=None):
        self.folder = None if folder is None else Path(folder)
        self.published = published
        self.reused, self.computed, self.kept_as_published = [], [], []

    def get(self, name, compute, *key_parts, publish=False, published_file=None):
        """publish: keep this result in the published store too; published_file: the file a
        bytes result is written to, which the published store points at instead of a copy."""
        key = digest(name, torch.__version__, key_parts)
        path = None if self.folder is None else self.folder / f"{name}.pkl"
        stored = None if path is None else _read_pickle(path)
        if stored and stored.get("key") == key:
            self.reused.append(name)
            return stored["value"]
        published = self.published if publish else None
        value = None if published is None else published.read(name, key, published_file)
        if value is not None:
            self.kept_as_published.append(name)
        else:
            value = compute()
            self.computed.append(name)
            if published is not None:
                published.write(name, key, value, published_file)
        if path is not None:
            self._write(path, {"key": key, "value": value})
        return value

    def kept_in(self, record, keys, compute, what):
        """Results a published record keeps, each entry with the key it was computed under (the
        site's ablations.json: bf16 results, whose last bits differ from one CPU to the next, so
        the site keeps the ones it published while their keys match). keys: name -> key;
        compute(names) returns {name: entry} for the names whose entry is missing or stale; `what`
        names the record in the report. The build writes the record with the site's files."""
        kept = {name: record[name] for name, key in keys.items() if (record.get(name) or {}).get("key") == key}
        missing = [name for name in keys if name not in kept]
        self.kept_as_published += [f"{what}/{name}" for name in kept]
        self.computed += [f"{what}/{name}" for name in missing]
        return {**kept, **(compute(missing) if missing else {})}

    def _write(self, path, stored):
        _write_atomically(path, pickle.dumps(stored, protocol=pickle.HIGHEST_PROTOCOL))

    def report(self, log=None):
        print(
            f"cache: {len(self.reused)} results reused ({', '.join(self.reused) or 'none'}), "
            f"{len(self.kept_as_published)} kept as published ({', '.join(self.kept_as_published) or 'none'}), "
            f"{len(self.computed)} computed ({', '.join(self.computed) or 'none'})",
            file=log or sys.stderr,
        )
