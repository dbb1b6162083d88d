"""Held-out loss: nats per token, averaged over every predicted token of every story."""
import math

import torch

from .inspect import token_losses
from .model import context_of

EVAL_TOKENS = 256  # every model is scored on the same first 256 tokens of each story (gpt-1's context)


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
