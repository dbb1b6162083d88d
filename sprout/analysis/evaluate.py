"""Losses: per token, on the two copies of a repeat, held out (nats per token); the repeat report
training logs at every evaluation."""

import math

import torch
import torch.nn.functional as F

from ..corpus.data import repeat_batch
from ..model import context_of
from ..precision import widened
from .detectors import DETECTORS
from .lens import capture_attention

EVAL_TOKENS = 256  # every model is scored on the same first 256 tokens of each story (gpt-1's context)


def token_losses(logits, ids):
    """Loss in nats of each actual next token: (B, T) ids -> (B, T-1)."""
    return F.cross_entropy(widened(logits[:, :-1]).transpose(1, 2), ids[:, 1:], reduction="none")


def repeat_loss(logits, ids, n):
    """Mean loss on R's tokens 2..n in the first copy and in the second copy."""
    losses = token_losses(logits, ids)  # losses[:, p] predicts ids[:, p + 1]
    first = losses[:, 1:n].mean()  # predicting R[1..n-1], first time
    second = losses[:, n + 1 : 2 * n].mean()  # the same tokens, second time
    return first.item(), second.item()


@torch.no_grad()
def head_report(model, vocab_size, start_id, n=48, count=16, seed=0):
    """Head scores and repeat losses on [◆, R, R]: what training logs at every evaluation."""
    n = min(n, ((context_of(model) or 2 * n + 1) - 1) // 2)
    ids = repeat_batch(vocab_size, start_id, n, count, seed).to(next(model.parameters()).device)
    logits, weights = capture_attention(model, ids)
    first, second = repeat_loss(logits, ids, n)
    report = {"repeat_loss_first": round(first, 4), "repeat_loss_second": round(second, 4)}
    if weights.size(1):
        for name, s in ((d.name, d.on_repeats(weights, n)) for d in DETECTORS):
            report[f"best_{name}"] = round(s.max().item(), 4)
            report[f"{name}_scores"] = [[round(v, 4) for v in row] for row in s.tolist()]
    return report


@torch.no_grad()
def heldout_loss(model, tokenizer, texts, max_tokens=EVAL_TOKENS, batch_size=16):
    """Mean loss in nats per token on texts, each read from ◆ on, cut at max_tokens."""
    if not texts:
        raise ValueError("no texts to evaluate on")
    model.eval()
    device = next(model.parameters()).device
    max_tokens = min(max_tokens, context_of(model) or max_tokens)
    docs = [ids[:max_tokens] for ids in tokenizer.encode_batch(texts)]
    total, count = 0.0, 0
    for i in range(0, len(docs), batch_size):
        chunk = docs[i : i + batch_size]
        width = max(len(d) for d in chunk)
        ids = torch.zeros(len(chunk), width, dtype=torch.long)
        valid = torch.zeros(len(chunk), width - 1, dtype=torch.bool)
        for row, d in enumerate(chunk):
            ids[row, : len(d)] = torch.tensor(d)
            valid[row, : len(d) - 1] = True
        losses = token_losses(model(ids.to(device)), ids.to(device)).cpu()
        total += losses[valid].sum().item()
        count += valid.sum().item()
    return total / count


def perplexity(loss):
    return math.exp(loss)
