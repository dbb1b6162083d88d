"""Sprout's forward pass written out step by step, for reading the model from the inside.

`sprout/model.py` is the chapter's text: its attention calls SDPA, which never hands back the
weights it used. `run` walks the same modules in the same order, one block at a time, so that
what analysis needs can be kept on the way: each head's attention weights, each head's output
before the heads are glued back together, the residual stream entering each block, and each
block's keys and values. A `replace` function can overwrite heads' outputs (head removal), and a
run can start from a recorded stream at any block (so a removal in layer 5 reruns only layers 5
to 8).

A run can also go on from where another stopped: given the keys and values of the tokens read
before (`past`, from an earlier run's `keys_values`), it reads only the new tokens, at the
positions after them. Writing one token at a time then costs one token's pass per step, and
gives what a run over the whole text gives for those tokens.

With `explicit=False` a head's output is SDPA's, the very call model.py makes, so the logits are
bit for bit the model's own; the weights, when asked for, are softmax(q k^T / sqrt(d)) of the
same q and k, computed at float32 or wider. With `explicit=True` the output is those weights
times v: one graph that returns both, which is what the browser export (sprout/export.py) traces.
"""

import math
from dataclasses import dataclass, field

import torch
import torch.nn.functional as F

from .model import apply_rope
from .precision import widened


@dataclass
class Trace:
    """What one run kept. Lists hold one entry per block run, in order; T is the tokens read, P
    the tokens before them (0 without a past)."""

    logits: torch.Tensor  # (B, T, vocab)
    weights: list = field(default_factory=list)  # (B, heads, T, P + T) each, if asked for
    heads: list = field(default_factory=list)  # (B, T, heads, head_dim) each, what each head wrote, if asked for
    streams: list = field(default_factory=list)  # (B, T, d_model) entering each block, if asked for
    keys: list = field(default_factory=list)  # (B, heads, P + T, head_dim) each, the past's and the new, if asked for
    values: list = field(default_factory=list)  # (B, heads, P + T, head_dim) each, as keys


def future(queries, keys, device=None):
    """(queries, keys) booleans, True where a key comes after its query: the queries are the last
    `queries` of the keys' positions, so query t sees keys 0 .. keys - queries + t."""
    key = torch.arange(keys, device=device)
    query = torch.arange(queries, device=device) + (keys - queries)
    return key.unsqueeze(0) > query.unsqueeze(1)


def causal_weights(q, k):
    """softmax(q k^T / sqrt(d)) with the future masked, q (..., T, d) being the last T of k's
    positions (..., P + T, d); float32 (float64 for float64 q, k), shape (..., T, P + T)."""
    q, k = widened(q), widened(k)
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.size(-1))
    return scores.masked_fill(future(q.size(-2), k.size(-2), q.device), float("-inf")).softmax(dim=-1)


def queries_and_keys(attn, h, cos, sin):
    """An attention layer's q, k (normalised and turned by RoPE) and v, each (B, heads, T, head_dim);
    cos and sin start at the position of h's first token."""
    B, T, C = h.shape
    q, k, v = attn.qkv(h).split(C, dim=2)
    q, k, v = (t.view(B, T, attn.n_head, attn.head_dim).transpose(1, 2) for t in (q, k, v))
    q, k = attn.q_norm(q), attn.k_norm(k)
    return apply_rope(q, cos, sin), apply_rope(k, cos, sin), v


def run(
    model,
    ids=None,
    *,
    past=None,
    weights=False,
    heads=False,
    streams=False,
    keys_values=False,
    replace=None,
    explicit=False,
    start=0,
    stream=None,
):
    """Run a transformer on ids (B, T), or from `stream`, the residual stream entering block `start`.

    past: (keys, values) of the P tokens read before ids, each indexed by layer to a (B, heads, P,
    head_dim) tensor (an earlier run's trace.keys, trace.values, or tensors (layers, B, heads, P,
    head_dim)); None: ids start the text.
    weights, heads, streams, keys_values: keep each block's attention weights, head outputs,
    incoming stream, keys and values (past included: the next run's past).
    replace(layer, heads) -> heads: called in every block with its head outputs (B, T, heads,
    head_dim), layer 0-based; what it returns is what the output projection reads.
    explicit: heads' outputs as weights @ v instead of SDPA (see the module's docstring).
    """
    x = model.embed(ids) if stream is None else stream
    P, T = (0 if past is None else past[0][start].size(2)), x.size(1)
    if not torch.compiler.is_exporting() and P + T > model.cfg.context:
        raise ValueError(f"{P + T} tokens exceed the context of {model.cfg.context}")
    cos, sin = model.cos[P:], model.sin[P:]
    trace = Trace(logits=None)
    for layer in range(start, len(model.blocks)):
        block, attn = model.blocks[layer], model.blocks[layer].attn
        if streams:
            trace.streams.append(x)
        q, k, v = queries_and_keys(attn, block.attn_norm(x), cos, sin)
        if past is not None:
            k, v = torch.cat((past[0][layer], k), dim=2), torch.cat((past[1][layer], v), dim=2)
        w = causal_weights(q, k) if weights or explicit else None
        if explicit:
            y = w.to(v.dtype) @ v
        elif past is None:
            y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        else:
            y = F.scaled_dot_product_attention(q, k, v, attn_mask=~future(T, k.size(2), k.device))
        y = y.transpose(1, 2)  # (B, T, heads, head_dim)
        if replace is not None:
            y = replace(layer, y)
        if weights:
            trace.weights.append(w)
        if heads:
            trace.heads.append(y)
        if keys_values:
            trace.keys.append(k)
            trace.values.append(v)
        B = y.size(0)
        x = x + attn.proj(y.contiguous().view(B, T, -1))
        x = x + block.mlp(block.mlp_norm(x))
    trace.logits = F.linear(model.norm(x), model.embed.weight)
    return trace
