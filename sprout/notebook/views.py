"""The chapter's widgets for any text and any checkpoint: W2 (explorer), W5 (heads) and W1 (a
story with its predictions), each from one forward pass per model through sprout.analysis.records, the
code that writes the site's example files, so the numbers are the artifacts' numbers."""

from ..analysis.detectors import DETECTORS
from ..analysis.encoding import deflate_encoded
from ..analysis.head_scores import top_heads
from ..analysis.records import story_record
from . import checkpoints
from .checkpoints import ViewError
from .html import View
from .reading import STORY_ID, read_text

HIGHLIGHTS = tuple(d.name for d in DETECTORS if d.in_widgets)


def attention_data(text, checkpoint="sprout", cut=True):
    """(record, float weights (layers, heads, T, T), checkpoint, cut note) of one text: the
    record shaped like an example file of docs/artifacts/examples, predictions included."""
    ckpt = checkpoints.load(checkpoint)
    if not ckpt.has_attention:
        raise ViewError(f"{ckpt.folder} is {ckpt.name}, which has no attention layers to show")
    reading = read_text(text, ckpt, cut=cut)
    record, weights = story_record(reading.tokenized, {ckpt.key: ckpt.model}, ckpt.tokenizer, attention_of=ckpt.key)
    return record, weights, ckpt, reading.cut


def inline_record(record, keep=("id", "title", "text", "ids", "tokens", "marks")):
    """What a widget reads, its attention deflated (a view weighs a fraction of the plain bytes)."""
    a = record["attention"]
    return {
        **{k: record[k] for k in keep},
        "attention": {**a, "encoding": "tril-u8-deflate-base64", "data": deflate_encoded(a["data"])},
    }


def text_head_scores(weights, ids):
    """Each head's scores on this text, shaped like head_scores.json as W5 reads it (the model's
    entry is named "sprout" there whatever the checkpoint: W5 reads that name)."""
    w = weights[None]
    offered = [d for d in DETECTORS if d.in_widgets]
    measured = {d.name: d.on_text(w, ids) for d in offered}
    measured = {name: m for name, m in measured.items() if m is not None}
    about = {d.name: d.about_text(ids) for d in offered}
    rounded = {k: [[round(float(v), 4) for v in row] for row in m.tolist()] for k, m in measured.items()}
    return {
        "about": about,
        "models": {
            "sprout": {
                "examples": {d.name: rounded[d.name] for d in offered if d.read_on == "examples" and d.name in rounded},
                "repeats": {d.name: rounded[d.name] for d in offered if d.read_on == "repeats" and d.name in rounded},
                "top": {k: top_heads(m) for k, m in measured.items()},
            }
        },
    }


def one_based(value, most, what):
    if value is None:
        return None
    if not isinstance(value, int) or not 1 <= value <= most:
        raise ViewError(f"{what} must be a whole number from 1 to {most}, not {value!r}")
    return value


def explorer(text, checkpoint="sprout", layer=None, head=None, token=None, cut=True):
    """W2: where one head looks, token by token (layer and head 1-based, token 0-based as in
    the widget's `token`; 0 is ◆). `checkpoint`: sprout, gpt1 or any folder `sprout train` wrote."""
    record, weights, ckpt, note = attention_data(text, checkpoint, cut)
    L, H, T, _ = weights.shape
    attributes = {
        "examples": STORY_ID,
        "example": STORY_ID,
        "layer": one_based(layer, L, "layer"),
        "head": one_based(head, H, "head"),
        "token": None if token is None else one_based(token + 1, T, "token + 1") - 1,
    }
    return View(
        "sprout-explorer",
        attributes,
        {"example": inline_record(record)},
        note,
        f"{ckpt.name}, {T} tokens, {L} layers x {H} heads",
    )


def heads(text, checkpoint="sprout", layer=None, head=None, highlight=None, cut=True):
    """W5: every head's attention map for the text, with its head-type scores on this text
    (`highlight`: previous_token, first_token or induction outlines the top three)."""
    if highlight is not None and highlight not in HIGHLIGHTS:
        raise ViewError(f"highlight must be one of {', '.join(HIGHLIGHTS)}, not {highlight!r}")
    record, weights, ckpt, note = attention_data(text, checkpoint, cut)
    L, H, T, _ = weights.shape
    if (layer is None) != (head is None):
        raise ViewError("give both layer and head (1-based) to enlarge one head, or neither")
    attributes = {
        "examples": STORY_ID,
        "example": STORY_ID,
        "layer": one_based(layer, L, "layer"),
        "head": one_based(head, H, "head"),
        "highlight": highlight,
    }
    data = {"example": inline_record(record), "head_scores": text_head_scores(weights, record["ids"])}
    return View("sprout-heads", attributes, data, note, f"{ckpt.name}, {T} tokens, {L} layers x {H} heads")


def story(text, checkpoint="sprout", against="window", cut=True):
    """W1: the text with a cursor, and at each position the top-5 next tokens of `checkpoint`
    beside those of `against` (the window network, which sees only the last 8 tokens)."""
    ckpt, other = checkpoints.load(checkpoint), checkpoints.load(against)
    if ckpt.folder.resolve() == other.folder.resolve():
        raise ViewError(f"the story view compares two models; {ckpt.name} was given twice")
    if not ckpt.has_attention:
        raise ViewError(
            f"{ckpt.folder} is {ckpt.name}: pass a transformer as checkpoint, the window network as against"
        )
    checkpoints.same_tokenizer(ckpt, other)
    key = ckpt.key if ckpt.key != other.key else "compared"
    # the text is cut to the shorter context of the two (the window network slides: no limit)
    reading = read_text(
        text, min((ckpt, other), key=lambda c: float("inf") if c.context is None else c.context), cut=cut
    )
    record, _ = story_record(
        reading.tokenized, {other.key: other.model, key: ckpt.model}, ckpt.tokenizer, attention_of=key
    )
    data = {k: record[k] for k in ("id", "title", "text", "ids", "tokens", "marks", "next")}
    data["model_names"] = {other.key: other.name, key: ckpt.name}
    attributes = {
        "models": f"{other.key},{key}",
        "whole": ckpt.name,
        "size": other.model.cfg.window if other.model.cfg.kind == "window" else None,
    }
    return View(
        "sprout-window",
        attributes,
        {"example": data},
        reading.cut,
        f"{ckpt.name} beside {other.name}, {len(record['ids'])} tokens",
    )
