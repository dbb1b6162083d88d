"""What the layer race measures on a batch of repeats (toy_data.RepeatBatch): the loss on the
tokens only copying can predict, and which heads look back one place or to what followed the
current token's earlier copy."""

import torch


def copy_loss(logits, batch):
    """Mean next-token loss (nats) over the second copy's tokens after its first (copy_positions)."""
    from .toy_data import copy_positions

    losses = torch.nn.functional.cross_entropy(
        logits[:, :-1].transpose(1, 2), batch.tokens[:, 1:], reduction="none"
    )  # [rows, seq_len-1]
    return losses[copy_positions(batch)].mean().item()


def induction_scores(weights, batch):
    """[layers, heads]: mean attention from second-copy position b+j to a+j+1, the token after its
    earlier copy, over every position copy_loss scores (j = 0..L-2 of every row)."""
    j = torch.arange(int(batch.length.max()) - 1)
    scored = j < batch.length[:, None] - 1  # [rows, j]
    last = batch.tokens.size(1) - 1
    query = (batch.second[:, None] + j).clamp(max=last)
    key = (batch.first[:, None] + j + 1).clamp(max=last)
    rows = torch.arange(batch.tokens.size(0))[:, None]
    per_layer = []
    for w in weights:  # [rows, heads, query, key]
        found = w.permute(0, 2, 3, 1)[rows, query, key]  # [rows, j, heads]
        per_layer.append((found * scored[..., None]).sum((0, 1)) / scored.sum())
    return torch.stack(per_layer)


def previous_token_scores(weights):
    """[layers, heads]: mean attention from every position t >= 1 to t-1."""
    return torch.stack([w.diagonal(offset=-1, dim1=-2, dim2=-1).mean((0, -1)) for w in weights])


def best_heads(induction, previous, from_layer=0):
    """The best induction head (of layers from_layer on, 0-based) and the best previous-token head in
    the layers below it (None when the best induction head is in the first layer)."""
    layer, head = divmod(int(induction[from_layer:].argmax()), induction.size(1))
    layer += from_layer
    below = previous[:layer]
    found = {"induction": round(float(induction[layer, head]), 4), "induction_head": [layer, head]}
    if layer == 0:
        return {**found, "previous_token": None, "previous_token_head": None}
    prev_layer, prev_head = divmod(int(below.argmax()), below.size(1))
    return {
        **found,
        "previous_token": round(float(below[prev_layer, prev_head]), 4),
        "previous_token_head": [prev_layer, prev_head],
    }
