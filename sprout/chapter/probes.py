"""Steady versions of the chapter's one-story claims, each asked of many seeded stories.

"he" -> "Tom" and "Zorbin Plax" rest on one story each. The probes ask the same questions of
many stories (their texts: ``sprout.chapter.probe_texts``), so checkpoints can be compared on
numbers that one sentence cannot swing."""

import torch

from ..analysis.lens import capture_attention
from ..corpus import data
from ..model import context_of
from ..precision import widened
from .examples import tokenize_example
from .probe_texts import PROBE_STORIES


def next_piece_probs(model, tokenizer, example, mark):
    """P(correct next piece) at each token of the mark's span but its last."""
    tokenized = tokenize_example(example, tokenizer, context_of(model))
    start, end = tokenized.spans[mark]
    with torch.no_grad():
        probs = widened(model(torch.tensor([tokenized.ids]))[0]).softmax(-1)
    return [round(probs[p, tokenized.ids[p + 1]].item(), 4) for p in range(start, end - 1)]


def attention_share(model, ids, query, keys):
    """(layers, heads): the share of one query position's attention that lands on `keys`."""
    _, w = capture_attention(model, torch.tensor([ids]))
    return w[0, :, :, query, keys].sum(-1)


def pronoun_share(model, tokenizer, examples):
    """(layers, heads): the mean share of the pronoun's attention that lands on its referent."""
    total = None
    for example in examples:
        tokenized = tokenize_example(example, tokenizer, context_of(model))
        keys = [p for name, (s, e) in tokenized.spans.items() if name != "he" for p in range(s, e)]
        share = attention_share(model, tokenized.ids, tokenized.spans["he"][0], keys)
        total = share if total is None else total + share
    return total / len(examples)


def name_copy_prob(model, tokenizer, examples):
    """Mean P(correct next piece) inside the second naming, over all examples' pieces."""
    probs = [p for example in examples for p in next_piece_probs(model, tokenizer, example, "second")]
    return sum(probs) / len(probs)


def parking_corpus(tinystories_dir=None, count=PROBE_STORIES):
    """(stories, what they are): real held-out stories where validation.txt is present (the
    examples are written like them), else held-out generated ones."""
    corpora = data.heldout_corpora(tinystories_dir, count)
    return corpora.get("tinystories_validation", corpora["generated"])
