"""The lens: attention weights read off the explicit forward pass, and the head detectors."""

import torch

from .. import forward
from ..model import Attention


def attention_layers(model):
    return [m for m in model.modules() if isinstance(m, Attention)]


@torch.no_grad()
def capture_attention(model, ids):
    """Run the model on ids (B, T); return (logits, weights of shape (B, layers, heads, T, T))."""
    model.eval()
    B, T = ids.shape
    if not attention_layers(model):  # the window network has no attention
        return model(ids), torch.zeros(B, 0, 0, T, T)
    trace = forward.run(model, ids, weights=True)
    return trace.logits, torch.stack(trace.weights, dim=1)


# ---- head scores, after TransformerLens's head detector: the mean attention that each
# ---- query row gives to the one position the pattern names (rows without one are skipped)


def previous_token_scores(weights):
    """(B, L, H, T, T) -> (L, H): mean weight on position t-1, over rows t >= 1."""
    return weights.diagonal(offset=-1, dim1=-2, dim2=-1).mean(dim=(0, -1))


def first_token_scores(weights):
    """Mean weight on position 0 (◆), over rows t >= 1."""
    return weights[..., 1:, 0].mean(dim=(0, -1))


def first_token_argmax_share(weights):
    """Share of rows t >= 1 whose largest weight is on position 0."""
    return (weights[..., 1:, :].argmax(dim=-1) == 0).float().mean(dim=(0, -1))


def induction_scores(weights, n):
    """On [◆, R, R] with |R| = n: mean weight from each token of the second copy to the
    token after its first occurrence (query 1+n+j -> key 2+j)."""
    queries = torch.arange(1 + n, 1 + 2 * n)
    keys = queries - n + 1
    return weights[..., queries, keys].mean(dim=(0, -1))


def induction_pairs(ids):
    """Induction on any text: (query, key) pairs for each token t inside a stretch of two or more
    tokens that appeared before; the key is the token after the latest earlier occurrence s.
    On [◆, R, R] with R's tokens all different these are exactly induction_scores' pairs."""
    pairs = []
    for t in range(2, len(ids)):
        for s in range(t - 1, 0, -1):
            before = ids[s - 1] == ids[t - 1]
            after = t + 1 < len(ids) and ids[s + 1] == ids[t + 1]
            if ids[s] == ids[t] and (before or after):
                pairs.append((t, s + 1))
                break
    return pairs


def text_induction_scores(weights, ids):
    """(1, L, H, T, T) weights of one text -> (L, H) mean weight over induction_pairs(ids), or None."""
    pairs = induction_pairs(ids)
    if not pairs:
        return None
    queries, keys = (torch.tensor(p) for p in zip(*pairs))
    return weights[0][..., queries, keys].mean(dim=-1)


def best_head(scores):
    """((layer, head) 1-based, value) of the largest entry of an (L, H) tensor."""
    flat = int(scores.argmax())
    layer, head = divmod(flat, scores.size(1))
    return {"layer": layer + 1, "head": head + 1, "value": round(scores.max().item(), 4)}


def story_scores(model, tokenizer, texts, max_tokens=128):
    """Previous-token and ◆ scores per head, averaged over stories read one at a time."""
    sums = None
    for ids in tokenizer.encode_batch(texts):
        _, w = capture_attention(model, torch.tensor([ids[:max_tokens]]))
        scores = torch.stack([previous_token_scores(w), first_token_scores(w), first_token_argmax_share(w)])
        sums = scores if sums is None else sums + scores
    return sums / len(texts)
