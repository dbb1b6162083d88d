"""Sprout writing on from a text with the browser's int8 file, as the page's worker does: the text
is read once, then each written token is read alone against the keys and values kept so far
(sprout/forward.py's `past`), and chosen by sprout/sampler.py. The same settings give the page's
words token for token (tests/browser/test_story_writing.py)."""

from dataclasses import dataclass, field

import numpy as np

from . import export
from .sampler import Mulberry32, check_settings, choose

MAX_NEW_TOKENS = 64
DEFAULTS = {"temperature": 0.8, "top_k": 40, "seed": 0}
ALTERNATIVES = 5


class WritingError(ValueError):
    """A text or setting that cannot be written on: one line for the reader."""


@dataclass
class Written:
    """One written token: its id and text, the five likeliest tokens at that step ({id, token, p},
    the model's probabilities at temperature 1), and where each head looked when it was chosen
    (layers, heads, positions before it: the attention row of the token it was chosen after)."""

    id: int
    token: str
    alternatives: list
    attention: np.ndarray = field(repr=False)


@dataclass
class Writing:
    prompt_ids: list
    written: list  # of Written
    stopped: str  # "length" (max tokens), "context" (no room left), "start" (Sprout began a new story)

    @property
    def ids(self):
        return [*self.prompt_ids, *(w.id for w in self.written)]


def heads_on_array(layers, heads, off=()):
    """float32 (layers, heads): 1 for a head on, 0 for one in `off` ((layer, head) 1-based)."""
    on = export.all_on(layers, heads)
    for layer, head in off:
        if not (1 <= layer <= layers and 1 <= head <= heads):
            raise WritingError(f"there is no head {layer}.{head} in a model of {layers} layers x {heads} heads")
        on[layer - 1, head - 1] = 0
    return on


def probabilities(logits):
    x = np.asarray(logits, dtype=np.float64)
    e = np.exp(x - x.max())
    return e / e.sum()


def write(
    session,
    tokenizer,
    text,
    *,
    context,
    off=(),
    temperature=DEFAULTS["temperature"],
    top_k=DEFAULTS["top_k"],
    seed=DEFAULTS["seed"],
    max_new_tokens=MAX_NEW_TOKENS,
):
    """Write up to max_new_tokens after `text` with the ONNX session of a browser file."""
    shapes = {i.name: i.shape for i in session.get_inputs()}
    layers, heads = shapes["heads_on"]
    check_settings(temperature, top_k, seed, tokenizer.vocab_size)
    if not text.strip():
        raise WritingError("there is no text to write on: type the start of a story first")
    ids = tokenizer.encode(text)
    if len(ids) >= context:
        raise WritingError(f"the text fills Sprout's context ({len(ids) - 1} of {context - 1} tokens): no room is left")
    on = heads_on_array(layers, heads, off)
    rng = Mulberry32(seed)
    logits, attention, keys, values = export.run_onnx_cached(session, ids, on)
    written, stopped = [], "length"
    for _ in range(max_new_tokens):
        last = logits[-1]
        chosen = choose(last, temperature, top_k, rng)
        if chosen == tokenizer.start_id:
            stopped = "start"
            break
        p = probabilities(last)
        top = np.argsort(-p, kind="stable")[:ALTERNATIVES]
        written.append(
            Written(
                id=int(chosen),
                token=tokenizer.display(int(chosen)),
                alternatives=[{"id": int(i), "token": tokenizer.display(int(i)), "p": float(p[i])} for i in top],
                attention=attention[:, :, -1, :],
            )
        )
        if len(ids) + len(written) >= context:
            stopped = "context"
            break
        logits, attention, keys, values = export.run_onnx_cached(session, [int(chosen)], on, (keys, values))
    return Writing(prompt_ids=ids, written=written, stopped=stopped)
