"""Writing so that a reader, or a killed process, sees the old contents or the new, never half.

A file: the bytes go to a temporary file beside it, which is then renamed over it (``replacing``
hands a writer that wants a path of its own the temporary one). A folder: it is built in a hidden
sibling (``.NAME.building``) and swapped in with two renames, the old one set aside as
``.NAME.previous`` in between (``replacing_folder``)."""

import json
import os
import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def replacing(path):
    """Yields a temporary path beside path to write; renamed over path when the block ends,
    removed when it raises."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    os.close(handle)
    try:
        yield Path(temporary)
        os.chmod(temporary, 0o644)  # as an ordinary file (mkstemp makes it 0600)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def write_bytes(path, data):
    with replacing(path) as temporary:
        temporary.write_bytes(data)


def write_text(path, text):
    write_bytes(path, text.encode("utf-8"))


def write_json(path, data, **dumps_options):
    """json.dumps(data, **dumps_options) and a final newline."""
    write_text(path, json.dumps(data, **dumps_options) + "\n")


def _siblings(folder):
    return folder.with_name(f".{folder.name}.building"), folder.with_name(f".{folder.name}.previous")


def recover_folder(folder):
    """Clean up after a swap that was killed: put a folder left aside back, drop half-built ones."""
    folder = Path(folder)
    building, previous = _siblings(folder)
    if previous.exists() and not folder.exists():
        os.replace(previous, folder)  # killed between the two renames of the swap
    shutil.rmtree(previous, ignore_errors=True)
    shutil.rmtree(building, ignore_errors=True)


@contextmanager
def replacing_folder(folder):
    """Yields an empty folder to build in; when the block ends it replaces folder, when the
    block raises it vanishes and folder stays as it was."""
    folder = Path(folder)
    folder.parent.mkdir(parents=True, exist_ok=True)
    recover_folder(folder)
    building, previous = _siblings(folder)
    building.mkdir()
    try:
        yield building
    except BaseException:
        shutil.rmtree(building, ignore_errors=True)
        raise
    if folder.exists():
        os.replace(folder, previous)
    os.replace(building, folder)
    shutil.rmtree(previous, ignore_errors=True)
