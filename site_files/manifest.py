"""docs/artifacts/manifest.json: what determines the artifacts' bytes, and nothing else.

It names every input by its content (checkpoints, example stories, scored snapshots, the held-out
corpus each number read), the seed and the library versions, and hashes every other file. How the
command was typed (output folder, progress bar, cache) changes no byte, so it is not recorded:
two builds from the same inputs, on any CPU, write the same manifest.
"""

import json
import sys
from pathlib import Path

FORMAT_VERSION = 2
FILE = "manifest.json"


class ManifestError(ValueError):
    """A manifest this code cannot read: one line naming the file."""


def manifest(seed, versions, checkpoint_sha, examples_sha, snapshot_shas, tinystories, measured_on, files):
    return {
        "format": FORMAT_VERSION,
        "seed": seed,
        "versions": versions,
        "checkpoints": {m: {"model_safetensors_sha256": sha} for m, sha in checkpoint_sha.items()},
        "examples_sha256": examples_sha,
        "snapshots_sha256": sorted(snapshot_shas),
        "tinystories": tinystories,
        "measured_on": measured_on,
        "files": files,
    }


def library_versions():
    import numpy
    import plotly
    import torch

    return {
        "torch": torch.__version__,
        "numpy": numpy.__version__,
        "plotly": plotly.__version__,
        "python": ".".join(map(str, sys.version_info[:3])),
    }


def load_manifest(path):
    """The manifest at path, refused with one line naming it when missing, broken or of another format."""
    path = Path(path)
    try:
        found = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ManifestError(f"{path} is missing: run `make artifacts`") from None
    except (OSError, ValueError) as err:
        raise ManifestError(f"{path} cannot be read ({err}): rebuild it with `make artifacts`") from None
    version = found.get("format") if isinstance(found, dict) else None
    if version != FORMAT_VERSION:
        raise ManifestError(
            f"{path} is format {version!r}, this code reads format {FORMAT_VERSION}: "
            "rebuild the artifacts with `make artifacts`"
        )
    return found
