"""notebook.write: Sprout writes on from a text as the page's "Write on" does (the int8 browser
file, one token at a time, sprout.sampler's seeded draws), and the view shows the continuation
with the same marks: each written token selectable, with its five likeliest alternatives and
where its heads looked when it was chosen."""

import functools
import json
import tempfile
from pathlib import Path

import numpy as np

from .. import export, folders, writing
from ..chapter.switch_means import switch_means
from ..checkpoint import load_checkpoint
from ..corpus.data import file_sha256
from ..published_models import BY_NAME
from ..sampler import SettingsError
from . import checkpoints
from .checkpoints import ViewError
from .html import View

BROWSER = folders.SITE_DATA / "browser"
LOOKS = 3  # positions named per head


def published_file(ckpt):
    """The site's int8 file of a published checkpoint, if it was exported from these weights."""
    info_name = BY_NAME[ckpt.key].browser_description if ckpt.key in BY_NAME else None
    if info_name is None or not (BROWSER / info_name).is_file():
        return None
    info = json.loads((BROWSER / info_name).read_text(encoding="utf-8"))
    weights = ckpt.folder / "model.safetensors"
    if info.get("checkpoint_sha256") != file_sha256(weights) or "past_keys" not in info.get("inputs", {}):
        return None
    return BROWSER / info["file"]


@functools.lru_cache(maxsize=2)
def _exported(folder, stamp):
    """Any other checkpoint exported as the site exports its models (kept for the session)."""
    model, tokenizer, _ = load_checkpoint(folder)
    means = switch_means(model, tokenizer)
    path = Path(tempfile.mkdtemp(prefix="sprout-write-")) / "model.onnx"
    export.export_onnx(model, means, path)
    return export.session(path)


def browser_session(ckpt):
    path = published_file(ckpt)
    if path is not None:
        return export.session(path)
    weights = ckpt.folder / "model.safetensors"
    return _exported(ckpt.folder.resolve(), weights.stat().st_mtime_ns)


def looks_of(attention, layers, heads):
    """{"": mean of every head, "L.H": one head} -> the LOOKS positions with the most weight."""

    def top(row):
        order = np.argsort(-row, kind="stable")[:LOOKS]
        return [[int(t), round(float(row[t]), 4)] for t in order]

    out = {"": top(attention.reshape(layers * heads, -1).mean(0))}
    for layer in range(layers):
        for head in range(heads):
            out[f"{layer + 1}.{head + 1}"] = top(attention[layer, head])
    return out


def write(text, checkpoint="sprout", heads_off=(), seed=0, temperature=0.8, top_k=40, max_new_tokens=64):
    """Sprout (or `checkpoint`) writes up to max_new_tokens after `text` with the heads in
    heads_off ((layer, head), 1-based) switched off; the same settings write the same words as
    the page's Write button."""
    ckpt = checkpoints.load(checkpoint)
    if not ckpt.has_attention:
        raise ViewError(f"{ckpt.folder} is {ckpt.name}, which has no heads to write with")
    if not isinstance(max_new_tokens, int) or not 1 <= max_new_tokens <= writing.MAX_NEW_TOKENS:
        raise ViewError(f"max_new_tokens must be a whole number from 1 to {writing.MAX_NEW_TOKENS}")
    if not isinstance(text, str):
        raise ViewError(f"text must be a string, not {type(text).__name__}")
    try:
        off = [tuple(h) for h in heads_off]
        session = browser_session(ckpt)
        layers, heads = session.get_inputs()[1].shape
        written = writing.write(
            session,
            ckpt.tokenizer,
            text,
            context=ckpt.context,
            off=off,
            temperature=temperature,
            top_k=top_k,
            seed=seed,
            max_new_tokens=max_new_tokens,
        )
    except (writing.WritingError, SettingsError, TypeError) as e:
        raise ViewError(str(e)) from None
    data = {
        "model": ckpt.name,
        "layers": layers,
        "heads": heads,
        "settings": {"temperature": temperature, "top_k": top_k, "seed": seed},
        "heads_off": [list(h) for h in off],
        "stopped": written.stopped,
        "prompt": ckpt.tokenizer.display_tokens(written.prompt_ids),
        "written": [
            {
                "index": i,
                "id": w.id,
                "token": w.token,
                "alternatives": w.alternatives,
                "looks": looks_of(w.attention, layers, heads),
            }
            for i, w in enumerate(written.written)
        ],
    }
    summary = f"{ckpt.name}, {len(written.written)} tokens written, {len(off)} heads off, seed {seed}"
    return View("sprout-written", {}, {"writing": data}, None, summary)
