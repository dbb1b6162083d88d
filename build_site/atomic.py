"""Writing a file so that a reader (or a killed build) sees the old text or the new, never half."""

import os
import tempfile
from pathlib import Path


def write_atomically(path, content):
    """Writes `content` (text, as UTF-8, or bytes) to a temporary file beside `path`, then renames it."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        if isinstance(content, bytes):
            with os.fdopen(handle, "wb") as out:
                out.write(content)
        else:
            with os.fdopen(handle, "w", encoding="utf-8", newline="") as out:
                out.write(content)
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
