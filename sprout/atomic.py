"""Writing a file so that a reader, or a killed process, sees the old contents or the new, never
half: the bytes go to a temporary file beside it, which is then renamed over it."""

import json
import os
import tempfile
from pathlib import Path


def write_bytes(path, data):
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.chmod(temporary, 0o644)  # as an ordinary file (mkstemp makes it 0600)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def write_text(path, text):
    write_bytes(path, text.encode("utf-8"))


def write_json(path, data, **dumps_options):
    """json.dumps(data, **dumps_options) and a final newline."""
    write_text(path, json.dumps(data, **dumps_options) + "\n")
