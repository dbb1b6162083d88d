"""Sprout's forward pass written out step by step, for reading the model from the inside.

`sprout/model.py` is the chapter's text: its attention calls SDPA, which never hands back the
weights it used. `run` walks the same modules in the same order, one block at a time, so that
what analysis needs can be kept on the way: each head's attention weights, each head's output
before the heads are glued back together, and the residual stream entering each block. A
`replace` function can overwrite heads' outputs (head removal), and a run can start from a
recorded stream at any block (so a removal in layer 5 reruns only layers 5 to 8).

With `explicit=False` a head's output is SDPA's, the very call model.py makes, so the logits are
bit for bit the model's own; the weights, when asked for, are softmax(q k^T / sqrt(d)) of the
same q and k, computed at float32 or wider. With `explicit=True` the output is those weights
times v: one graph that returns both, which is what the browser export traces.
"""

import math
from dataclasses import dataclass, field

import torch
import torch.nn.functional as F

from .model import apply_rope
from .precision import widened


@dataclass
class Trace:
    """What one run kept. Lists hold one entry per block run, in order."""

    logits: torch.Tensor  # (B, T, vocab)
    weights: list = field(default_factory=list)  # (B, heads, T, T) each, if asked for
    heads: list = field(default_factory=list)  # (B, T, heads, head_dim) each, what each head wrote, if asked for
    streams: list = field(default_factory=list)  # (B, T, d_model) entering each block, if asked for


def causal_weights(q, k):
    """softmax(q k^T / sqrt(d)) with the future masked; float32 (float64 for float64 q, k), shape (..., T, T)."""
    q, k = widened(q), widened(k)
    T = q.size(-2)
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.size(-1))
    future = torch.ones(T, T, dtype=torch.bool, device=q.device).triu(1)
    return scores.masked_fill(future, float("-inf")).softmax(dim=-1)


def queries_and_keys(attn, h, cos, sin):
    """An attention layer's q, k (normalised and turned by RoPE) and v, each (B, heads, T, head_dim)."""
    B, T, C = h.shape
    q, k, v = attn.qkv(h).split(C, dim=2)
    q, k, v = (t.view(B, T, attn.n_head, attn.head_dim).transpose(1, 2) for t in (q, k, v))
    q, k = attn.q_norm(q), attn.k_norm(k)
    return apply_rope(q, cos, sin), apply_rope(k, cos, sin), v


def run(
    model, ids=None, *, weights=False, heads=False, streams=False, replace=None, explicit=False, start=0, stream=None
):
    """Run a transformer on ids (B, T), or from `stream`, the residual stream entering block `start`.

    weights, heads, streams: keep each block's attention weights, head outputs, incoming stream.
    replace(layer, heads) -> heads: called in every block with its head outputs (B, T, heads,
    head_dim), layer 0-based; what it returns is what the output projection reads.
    explicit: heads' outputs as weights @ v instead of SDPA (see the module's docstring).
    """
    if stream is None:
        if ids.size(1) > model.cfg.context:
            raise ValueError(f"{ids.size(1)} tokens exceed the context of {model.cfg.context}")
        x = model.embed(ids)
    else:
        x = stream
    trace = Trace(logits=None)
    for layer in range(start, len(model.blocks)):
        block, attn = model.blocks[layer], model.blocks[layer].attn
        if streams:
            trace.streams.append(x)
        q, k, v = queries_and_keys(attn, block.attn_norm(x), model.cos, model.sin)
        w = causal_weights(q, k) if weights or explicit else None
        y = w.to(v.dtype) @ v if explicit else F.scaled_dot_product_attention(q, k, v, is_causal=True)
        y = y.transpose(1, 2)  # (B, T, heads, head_dim)
        if replace is not None:
            y = replace(layer, y)
        if weights:
            trace.weights.append(w)
        if heads:
            trace.heads.append(y)
        B, T = y.shape[:2]
        x = x + attn.proj(y.contiguous().view(B, T, -1))
        x = x + block.mlp(block.mlp_norm(x))
    trace.logits = F.linear(model.norm(x), model.embed.weight)
    return trace
