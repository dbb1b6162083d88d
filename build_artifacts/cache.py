"""Results an earlier build computed, kept on disk under a key of everything they depend on.

A result is stored under a name, with a key that hashes its inputs (checkpoint sha256s, seeds,
token ids) together with the torch version and the source of every project module that
computes it, found by following imports from the modules named. Changing any of them changes
the key, and the result is computed again. Each name keeps one result; a file is written next to
the old one and renamed over it, so a killed build leaves either the old or the new result.

By default the cache is .cache/artifacts in the repository (out of git and out of the site).
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
PACKAGES = ("sprout", "build_artifacts")


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


class Cache:
    """get(name, compute, *key_parts): the stored result when its key matches, else compute()
    (stored for next time). folder None: nothing is kept, everything is computed."""

    def __init__(self, folder):
        self.folder = None if folder is None else Path(folder)
        self.reused, self.computed = [], []

    def get(self, name, compute, *key_parts):
        if self.folder is None:
            return compute()
        key = digest(name, torch.__version__, key_parts)
        path = self.folder / f"{name}.pkl"
        try:
            with open(path, "rb") as f:
                stored = pickle.load(f)
            if stored["key"] == key:
                self.reused.append(name)
                return stored["value"]
        except Exception:  # missing, unreadable or from another version: compute it again
            pass
        value = compute()
        self._write(path, {"key": key, "value": value})
        self.computed.append(name)
        return value

    def _write(self, path, stored):
        self.folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=self.folder, prefix=f".{path.name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as f:
                pickle.dump(stored, f, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    def report(self, log=None):
        if self.folder is not None:
            print(
                f"cache: {len(self.reused)} results reused ({', '.join(self.reused) or 'none'}), "
                f"{len(self.computed)} computed ({', '.join(self.computed) or 'none'})",
                file=log or sys.stderr,
            )
