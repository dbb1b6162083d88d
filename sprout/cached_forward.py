"""Sprout's forward pass with its keys and values kept, for writing one token at a time.

`forward.run(explicit=True)` reads a whole text. Writing adds one token per step; rerunning the
whole text for it costs more with every token. Here a run takes the keys and values of the
tokens already read (`past`, possibly none), reads only the new tokens, and hands back every
position's keys and values for the next step. With no past it is forward.run(explicit=True):
the browser export traces this one function for both the whole story and each written token.
"""

import math

import torch
import torch.nn.functional as F


def empty_past(model, dtype=torch.float32):
    """Keys and values of no tokens at all: (layers, heads, 0, head_dim) each."""
    cfg = model.cfg
    shape = (cfg.n_layer, cfg.n_head, 0, cfg.head_dim)
    return torch.zeros(shape, dtype=dtype), torch.zeros(shape, dtype=dtype)


def _rope(x, cos, sin):
    x1, x2 = x.chunk(2, dim=-1)
    return torch.cat((x1 * cos - x2 * sin, x1 * sin + x2 * cos), dim=-1)


def run(model, ids, past_keys, past_values, replace=None):
    """ids (1, T) after P tokens whose keys and values are past_keys, past_values (layers, heads,
    P, head_dim) -> (logits (T, vocab), attention (layers, heads, T, P + T), keys, values (layers,
    heads, P + T, head_dim)). replace(layer, y) as forward.run takes it."""
    P, T = past_keys.size(2), ids.size(1)
    cos, sin = model.cos[P : P + T], model.sin[P : P + T]
    seen = torch.arange(P + T, device=ids.device).unsqueeze(0) <= (torch.arange(T, device=ids.device) + P).unsqueeze(
        1
    )  # (T, P + T): a new token sees every key up to its own position
    x = model.embed(ids)
    weights, keys, values = [], [], []
    for layer, block in enumerate(model.blocks):
        attn = block.attn
        h = block.attn_norm(x)
        B, _, C = h.shape
        q, k, v = attn.qkv(h).split(C, dim=2)
        q, k, v = (t.view(B, T, attn.n_head, attn.head_dim).transpose(1, 2) for t in (q, k, v))
        q, k = _rope(attn.q_norm(q), cos, sin), _rope(attn.k_norm(k), cos, sin)
        k = torch.cat((past_keys[layer].unsqueeze(0), k), dim=2)
        v = torch.cat((past_values[layer].unsqueeze(0), v), dim=2)
        scores = q @ k.transpose(-2, -1) / math.sqrt(attn.head_dim)
        w = scores.masked_fill(~seen, float("-inf")).softmax(dim=-1)
        y = (w @ v).transpose(1, 2)  # (1, T, heads, head_dim)
        if replace is not None:
            y = replace(layer, y)
        x = x + attn.proj(y.contiguous().view(B, T, -1))
        x = x + block.mlp(block.mlp_norm(x))
        weights.append(w[0])
        keys.append(k[0])
        values.append(v[0])
    logits = F.linear(model.norm(x), model.embed.weight)[0]
    return logits, torch.stack(weights), torch.stack(keys), torch.stack(values)
