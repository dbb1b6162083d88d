"""Every head's score of each kind (sprout.analysis.detectors), the best heads of each kind, and
the untrained twin of a model that the scores are compared with."""

import torch

from ..model import build_model
from ..precision import in_float64, is_float64
from .detectors import DETECTORS
from .lens import capture_attention


def _matrix(scores):
    return [[round(float(v), 4) for v in row] for row in scores.tolist()]


def top_heads(scores, k=3):
    """The k best heads of an (L, H) tensor, 1-based, best first (ties: lower layer, head first)."""
    flat = scores.flatten()
    order = sorted(range(flat.numel()), key=lambda i: (-round(float(flat[i]), 4), i))[:k]
    return [
        {"layer": i // scores.size(1) + 1, "head": i % scores.size(1) + 1, "score": round(float(flat[i]), 4)}
        for i in order
    ]


@torch.no_grad()
def head_scores(model, repeats, tokenized_examples):
    """Every head's scores on the repeats (every kind) and averaged over the example stories
    (each read alone) for the kinds read there. "top" holds each kind's best heads where the
    chapter reads it (the detector's read_on: induction on the repeats, the others on the examples)."""
    _, w = capture_attention(model, repeats)
    n = (repeats.size(1) - 1) // 2
    on_repeats = {d.name: d.on_repeats(w, n) for d in DETECTORS}
    per_story = [d for d in DETECTORS if d.read_on == "examples"]
    sums = None
    for t in tokenized_examples:
        _, w = capture_attention(model, torch.tensor([t.ids]))
        s = torch.stack([d.on_text(w, t.ids) for d in per_story])
        sums = s if sums is None else sums + s
    on_examples = dict(zip((d.name for d in per_story), sums / len(tokenized_examples)))
    return {
        "repeats": {k: _matrix(v) for k, v in on_repeats.items()},
        "examples": {k: _matrix(v) for k, v in on_examples.items()},
        "top": {
            **{k: top_heads(v) for k, v in on_repeats.items() if k not in on_examples},
            **{k: top_heads(v) for k, v in on_examples.items()},
        },
        "top_on_repeats": {k: top_heads(v) for k, v in on_repeats.items()},
    }


def untrained_like(model, seed=0):
    """The same architecture with fresh random weights: what the heads look like before training."""
    torch.manual_seed(seed)
    fresh = build_model(model.cfg).eval()
    return in_float64(fresh) if is_float64(model) else fresh
