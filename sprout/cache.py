"""Results computed before (by a build of the artifacts, or `sprout claims`), kept on disk under a
key of everything they depend on.

A result is stored under a name, with a key that hashes its inputs (checkpoint sha256s, seeds,
token ids) together with the torch version and the source of every project module that
computes it, found by following imports from the modules named. Changing any of them changes
the key, and the result is computed again. Each name keeps one result, in one JSON file that a
reviewer can read (`NAME.json`: its key, its value and the value's sha256), written whole or not
at all (sprout.atomic). Values are plain data; the few kinds JSON has not are written as an
object of one tagged member (`to_plain`): a tuple as {"$tuple": [...]}, bytes as {"$bytes":
base64}, a numpy array as {"$array": {"dtype", "shape", "base64"}}. Nothing read runs any code.

Cache(folder): the build's own results (the artifacts build's default is .cache/artifacts, out
of git and out of the site, named in sprout/folders.py). A file there that does not read (not
JSON, or a value that no longer matches its sha256) is as good as absent: computed again and
written anew.

The few results that take most of a build's time (the float64 measurements, the browser export)
are also kept in the repository, in a Published store (build_artifacts/published/), by the build
that writes the site's own data (docs/artifacts): a fresh clone's build reuses them while their
key matches, so it starts warm. A published file that does not read stops the build with one line
naming it (PublishedError), since it was committed: a hand edit or a broken merge is never
silently recomputed (it is read where the build's own cache has no result: a fresh clone, CI). A published ONNX file is not stored twice: its record names the file the
build wrote and that file's sha256, and it is reused only while both still match. `--recompute`
ignores them (the check that they are still what the code computes). A publishing build that
reuses a result from its own cache also brings the published record up to date if it holds
another key, so that the repository never lags behind what its build computed.

A key is made of inputs (file hashes, token ids, seeds, sizes) and source code, never of float
results computed on the way: their last bits differ from one CPU to the next, and a key made of
them misses on any CPU but the one that published.
"""

import ast
import base64
import functools
import hashlib
import importlib.util
import json
import sys
from pathlib import Path

import numpy as np
import torch

from . import atomic

PACKAGES = ("sprout", "build_artifacts", "site_files")  # the project's packages, whose source keys a result


class PublishedError(ValueError):
    """A published result's file that does not read: one line naming it."""


def digest(*parts):
    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()


def _package_folder(package):
    """Where Python finds a top-level package (without importing it)."""
    return Path(importlib.util.find_spec(package).submodule_search_locations[0])


def _module_file(name):
    top, *rest = name.split(".")
    base = _package_folder(top).joinpath(*rest)
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def _imported(name):
    """The project modules that module `name` imports anywhere in its source."""
    path = _module_file(name)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    return {n for n in _named_in(path.read_text(encoding="utf-8"), package) if _module_file(n)}


@functools.lru_cache(maxsize=1024)
def _named_in(source, package):
    """The project names that a module's source (in `package`) imports: modules or names in them.
    Kept per source text, as every result's key reads the same modules again."""
    found = set()
    for node in ast.walk(ast.parse(source)):
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
        found.update(n for n in names if n.split(".")[0] in PACKAGES)
    return frozenset(found)


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


TAGS = {"$tuple", "$bytes", "$array"}


def to_plain(value):
    """value as JSON-native data: dicts (string keys), lists, strings, numbers, booleans, None,
    with tuples, bytes and numpy arrays tagged (see the module's doc)."""
    if isinstance(value, dict):
        if any(not isinstance(k, str) for k in value) or len(value) == 1 and set(value) <= TAGS:
            raise TypeError(f"cannot keep a dict with keys {list(value)[:3]} as JSON")
        return {k: to_plain(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return {"$tuple": [to_plain(v) for v in value]}
    if isinstance(value, list):
        return [to_plain(v) for v in value]
    if isinstance(value, bytes):
        return {"$bytes": base64.b64encode(value).decode("ascii")}
    if isinstance(value, np.ndarray):
        data = base64.b64encode(np.ascontiguousarray(value).tobytes()).decode("ascii")
        return {"$array": {"dtype": value.dtype.str, "shape": list(value.shape), "base64": data}}
    if value is None or isinstance(value, str | bool | int | float):
        return value
    raise TypeError(f"cannot keep a {type(value).__name__} as JSON: cache plain data")


def from_plain(plain):
    """The value to_plain(value) was made from."""
    if isinstance(plain, list):
        return [from_plain(v) for v in plain]
    if not isinstance(plain, dict):
        return plain
    if len(plain) == 1 and set(plain) <= TAGS:
        ((tag, inner),) = plain.items()
        if tag == "$tuple":
            return tuple(from_plain(v) for v in inner)
        if tag == "$bytes":
            return base64.b64decode(inner)
        data = base64.b64decode(inner["base64"])
        return np.frombuffer(data, dtype=np.dtype(inner["dtype"])).reshape(inner["shape"]).copy()
    return {k: from_plain(v) for k, v in plain.items()}


def _canonical(plain):
    return json.dumps(plain, ensure_ascii=False, separators=(",", ":"))


def _write(path, key, value=None, file_sha256=None, files=None):
    """NAME.json: the key and either the value (with the sha256 of its canonical JSON) or, for a
    published file, that file's sha256; `files`: the input files it read, {name: sha256}. A
    value's keys keep the order the code made them in (code that iterates a dict reads them in
    that order); the record's own are sorted."""
    if file_sha256 is not None:
        stored = {"key": key, "file_sha256": file_sha256}
    else:
        plain = to_plain(value)
        stored = {"key": key, "value": plain, "value_sha256": hashlib.sha256(_canonical(plain).encode()).hexdigest()}
    if files:
        stored["files"] = dict(files)
    atomic.write_json(path, dict(sorted(stored.items())), ensure_ascii=False, indent=1)


def _read(path):
    """The record in NAME.json, with its value checked and decoded; None when there is no file.
    ValueError (one line, naming the file) when it does not read."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    try:
        stored = json.loads(text)
        if not isinstance(stored, dict) or not {"key"} < set(stored) <= {
            "key",
            "value",
            "value_sha256",
            "file_sha256",
            "files",
        }:
            raise ValueError("it is not a record of a key and a value (or a file's sha256)")
        if "value" in stored:
            sha = hashlib.sha256(_canonical(stored["value"]).encode()).hexdigest()
            if sha != stored.get("value_sha256"):
                raise ValueError("its value does not match its value_sha256 (edited by hand?)")
            stored["value"] = from_plain(stored["value"])
        return stored
    except (ValueError, TypeError, KeyError, AttributeError) as e:
        raise ValueError(f"{path} does not read as a kept result: {e}") from None


def read_record(path):
    """The record in a NAME.json file (cache or published), checked; None when there is none."""
    return _read(path)


def _read_own(path):
    """A cache file: one that does not read is as good as absent (computed again)."""
    try:
        return _read(path)
    except (OSError, ValueError):
        return None


class Published:
    """Results kept in the repository under their key, in `folder`. `writable`: only the build
    that writes the site's own data publishes; any other build (a test's, a preview's) only reads."""

    def __init__(self, folder, writable=False):
        self.folder, self.writable = Path(folder), writable

    def read(self, name, key, file=None):
        """The published value (None when there is none for this key). file: the published file
        that holds a bytes value, checked against its recorded sha256. PublishedError when the
        published record does not read."""
        try:
            stored = _read(self.folder / f"{name}.json")
        except ValueError as e:
            raise PublishedError(f"{e}: restore it from git, or delete it to compute and publish it anew") from None
        if not stored or stored.get("key") != key:
            return None
        if file is None:
            return stored.get("value")
        try:
            data = Path(file).read_bytes()
        except OSError:
            return None
        return data if hashlib.sha256(data).hexdigest() == stored.get("file_sha256") else None

    def files(self, name):
        """The input files the published result read ({name: sha256}; {} for none or no record)."""
        try:
            stored = _read(self.folder / f"{name}.json")
        except ValueError as e:
            raise PublishedError(f"{e}: restore it from git, or delete it to compute and publish it anew") from None
        return dict((stored or {}).get("files") or {})

    def write(self, name, key, value, file=None, files=None):
        if not self.writable:
            return
        file_sha256 = None if file is None else hashlib.sha256(value).hexdigest()
        _write(self.folder / f"{name}.json", key, value, file_sha256, files)


class Cache:
    """get(name, compute, *key_parts): the stored result when its key matches, else compute()
    (stored for next time). folder None: nothing is kept, everything is computed. published: a
    Published store, consulted (and, where writable, filled) for the results marked `publish`."""

    def __init__(self, folder, published=None):
        self.folder = None if folder is None else Path(folder)
        self.published = published
        self.reused, self.computed, self.kept_as_published = [], [], []
        self.read_files = {}  # name -> the input files ({name: sha256}) of the record each result came from

    def get(self, name, compute, *key_parts, publish=False, published_file=None, files=None):
        """publish: keep this result in the published store too; published_file: the file a
        bytes result is written to, which the published store points at instead of a copy;
        files: the input files it reads ({name: sha256}, already in its key), written in its
        record so that a build without them knows which published result stands in."""
        key = digest(name, torch.__version__, key_parts)
        path = None if self.folder is None else self.folder / f"{name}.json"
        stored = None if path is None else _read_own(path)
        published = self.published if publish else None
        if stored and stored.get("key") == key and "value" in stored:
            self.reused.append(name)
            self.read_files[name] = stored.get("files") or {}
            if published is not None and published.writable and published.read(name, key, published_file) is None:
                # the published record is older than this result: the repository must hold what a
                # fresh clone's build would reuse, so it is brought up to date
                published.write(name, key, stored["value"], published_file, files)
            return stored["value"]
        value = None if published is None else published.read(name, key, published_file)
        if value is not None:
            self.kept_as_published.append(name)
            self.read_files[name] = published.files(name)
        else:
            value = compute()
            self.computed.append(name)
            self.read_files[name] = dict(files or {})
            if published is not None:
                published.write(name, key, value, published_file, files)
        if path is not None:
            _write(path, key, value, files=files)
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

    def report(self, log=None):
        print(
            f"cache: {len(self.reused)} results reused ({', '.join(self.reused) or 'none'}), "
            f"{len(self.kept_as_published)} kept as published ({', '.join(self.kept_as_published) or 'none'}), "
            f"{len(self.computed)} computed ({', '.join(self.computed) or 'none'})",
            file=log or sys.stderr,
        )
