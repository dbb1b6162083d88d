"""Steady versions of the chapter's one-story claims, each asked of many seeded stories.

"he" -> "Tom" and "Zorbin Plax" rest on one story each. The probes ask the same questions of
many stories (their texts: ``sprout.chapter.probe_texts``), so checkpoints can be compared on
numbers that one sentence cannot swing."""

import re

import torch

from ..analysis.lens import capture_attention
from ..corpus import data
from ..model import context_of
from ..precision import widened
from .examples import tokenize_example
from .probe_texts import PROBE_STORIES, pronoun_examples


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


def _namings(tokenized, key):
    """Every token of every naming marked key1, key2, ... (the marks of probe_texts.kind_examples)."""
    return [p for name, (s, e) in tokenized.spans.items() if re.fullmatch(rf"{key}\d+", name) for p in range(s, e)]


def kind_scores(model, tokenizer, examples):
    """Over the two-child stories of one kind (probe_texts.kind_examples), per head (layers,
    heads): "right", the share of stories in which the pronoun's attention lands more on the
    referent's namings than on the other child's, and "share", the mean of referent / (referent
    + other child), the right child's share of what the two children get. And the model's own
    guess at the possessive after the pronoun, where the next word is the referent's thing:
    mean P(the referent's thing) and P(the other child's), the share of stories in which the
    referent's is the likelier ("guess_right") and the mean right share of the two."""
    right = share = None
    own = other = guess_right = guess_share = 0.0
    for example in examples:
        t = tokenize_example(example, tokenizer, context_of(model))
        logits, w = capture_attention(model, torch.tensor([t.ids]))
        at_he = w[0, :, :, t.spans["he"][0]]  # (layers, heads, keys)
        a, b = at_he[..., _namings(t, "a")].sum(-1), at_he[..., _namings(t, "b")].sum(-1)
        right = (a > b).double() if right is None else right + (a > b).double()
        share = a / (a + b) if share is None else share + a / (a + b)
        probs = widened(logits[0, t.spans["his"][0]]).softmax(-1)
        p_own, p_other = (probs[t.ids[t.spans[k][0]]].item() for k in ("a_thing", "b_thing"))
        own, other = own + p_own, other + p_other
        guess_right += p_own > p_other
        guess_share += p_own / (p_own + p_other)
    n = len(examples)
    return {
        "right": right / n,
        "share": share / n,
        "own": own / n,
        "other": other / n,
        "guess_right": guess_right / n,
        "guess_share": guess_share / n,
    }


def share_before_pronoun(model, tok, layer, head, count=PROBE_STORIES):
    """Mean share of one head's attention (0-based) from the token before the pronoun onto
    every earlier naming of its referent, over the pronoun probe's stories: where the head acts
    on the guess of the pronoun itself."""
    total = 0.0
    for example in pronoun_examples(count):
        t = tokenize_example(example, tok, model.cfg.context)
        keys = [p for name, (s, e) in t.spans.items() if name != "he" for p in range(s, e)]
        total += attention_share(model, t.ids, t.spans["he"][0] - 1, keys)[layer, head].item()
    return total / count
