"""The checkpoint a notebook view reads: a published name or any folder `sprout train` writes,
loaded once per session, checked, and converted to float64 as the artifacts' pipeline runs it."""

import functools
import os
from dataclasses import dataclass
from pathlib import Path

from .. import folders
from ..checkpoint import load_checkpoint, read_json
from ..model import context_of
from ..precision import in_float64
from ..published_models import BY_NAME, NAMES
from ..tokenizer import Tokenizer


class ViewError(ValueError):
    """Bad input to a notebook view; the message is one line a notebook shows."""


@dataclass(frozen=True)
class Checkpoint:
    key: str  # the name the view's data uses: a published model's, or "model" for any other
    name: str  # as a reader sees it
    folder: Path
    model: object
    tokenizer: object
    context: int | None  # None: the window network, which slides along any text

    @property
    def has_attention(self):
        return self.model.cfg.kind == "transformer"


def folder_of(checkpoint):
    """A published model's name (sprout/published_models.py) or a path -> the checkpoint's folder."""
    if isinstance(checkpoint, str) and checkpoint in BY_NAME:
        return folders.CHECKPOINTS / checkpoint
    if not isinstance(checkpoint, (str, os.PathLike)):
        raise ViewError(f"checkpoint must be a folder or one of {', '.join(NAMES)}, not {checkpoint!r}")
    return Path(checkpoint).expanduser()


def load(checkpoint="sprout"):
    folder = folder_of(checkpoint)
    weights = folder / "model.safetensors"
    stamp = weights.stat().st_mtime_ns if weights.is_file() else None
    return _load(folder, folder.resolve(), stamp)


@functools.lru_cache(maxsize=4)
def _load(folder, where, stamp):  # one load per place and version (messages name the folder as given)
    if not (folder / "config.json").is_file():
        raise ViewError(
            f"{folder} is not a checkpoint folder (no config.json): pass a folder "
            f"`sprout train` wrote, or one of {', '.join(NAMES)}"
        )
    try:
        check_tokenizer(folder)
        model, tokenizer, _ = load_checkpoint(folder)
    except ViewError:
        raise
    except Exception as e:  # a broken file of any kind: say which, in one line
        first_line = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
        raise ViewError(f"not a usable checkpoint: {first_line}") from None
    published = where.parent == folders.CHECKPOINTS.resolve() and where.name in BY_NAME
    key = folder.name if published else "model"
    name = BY_NAME[folder.name].display if published else folder.name
    return Checkpoint(key, name, folder, in_float64(model), tokenizer, context_of(model))


def check_tokenizer(folder):
    """A tokenizer.json other than the one the model was trained with: one line, no view."""
    if not (folder / "tokenizer.json").is_file():
        return  # load_checkpoint names what is missing
    tokenizer = Tokenizer.load(folder / "tokenizer.json")
    vocab_size = read_json(folder / "config.json").get("vocab_size")
    if vocab_size is not None and tokenizer.vocab_size != vocab_size:
        raise ViewError(
            f"{folder}: tokenizer.json has {tokenizer.vocab_size} tokens but the model was "
            f"trained on {vocab_size}: it comes from another tokenizer"
        )
    training = read_json(folder / "training.json") if (folder / "training.json").is_file() else {}
    trained_with = training.get("tokenizer_sha256")
    if trained_with and trained_with != tokenizer.sha256():
        raise ViewError(
            f"{folder}: tokenizer.json ({tokenizer.sha256()[:12]}) is not the tokenizer the model "
            f"was trained with ({trained_with[:12]}, in training.json)"
        )


def same_tokenizer(first, second):
    """Two checkpoints compared token by token must read text the same way."""
    if first.tokenizer.sha256() != second.tokenizer.sha256():
        raise ViewError(
            f"{first.folder} and {second.folder} use different tokenizers, so their predictions "
            f"cannot be compared token by token"
        )
