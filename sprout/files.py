"""The project's hash of a file's bytes, read in blocks: what recipes pin their corpus files by,
what the artifacts' manifest and caches name checkpoints and examples by."""

import hashlib


def file_sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()
