"""Direct effects of heads on guesses, as the browser file computes them inside its graph
(sprout/export.py) for every guess of the story in the run that reads it, and as
sprout.analysis.guess_heads computes them for one guess: the tensor arithmetic both share.

A head's direct effect on the guess of the token at t + 1: its output at position t, through its
columns of the output projection, scaled by the final norm as the intact run scales position t
(1 / rms, frozen) and by the norm's gain, read by the tied unembedding as the logit of that token
minus the mean logit."""

import torch

from . import forward


def logit_directions(model, final, targets):
    """(..., d_model): per position, the vector whose dot product with anything added to the final
    stream gives that addition's logit of the target minus its mean logit, with the final norm's
    scale frozen at `final` (..., d_model), the stream it reads; targets (...) token ids."""
    norm = model.norm
    scale = torch.rsqrt(final.pow(2).mean(-1, keepdim=True) + norm.eps)
    unembed = model.embed.weight
    return scale * norm.weight * (unembed[targets] - unembed.mean(0))


def head_effects(model, layer, heads, u):
    """(..., heads): u . (what each head of `layer` adds to the stream), from its outputs (...,
    heads, head_dim) as forward.run keeps them and u (..., d_model). The weight is read as it is
    stored, never reshaped, so that the export keeps one int8 copy of it."""
    n_head, head_dim = heads.shape[-2:]
    read = (u @ model.blocks[layer].attn.proj.weight).unflatten(-1, (n_head, head_dim))  # (..., heads, head_dim)
    return (read * heads).sum(-1)


def run_keeping_final(model, ids, **options):
    """forward.run(model, ids, heads=True, **options) and the stream its final norm reads (B, T,
    d_model), which the run itself does not keep."""
    kept = []
    hook = model.norm.register_forward_pre_hook(lambda _norm, args: kept.append(args[0]))
    try:
        trace = forward.run(model, ids, heads=True, **options)
    finally:
        hook.remove()
    return trace, kept[-1]


def direct_effects(model, trace, final, ids):
    """(layers, heads, T - 1): the direct effect of each head on each guess of ids (1, T), the
    guess of ids[t + 1] at position t, from run_keeping_final's trace and final stream of ids.
    Every position is read (the last against ids[0], then dropped): a graph traced that way also
    runs on the one new token a write reads."""
    targets = torch.cat((ids[0, 1:], ids[0, :1]))
    u = logit_directions(model, final[0], targets)  # (T, d_model)
    per_layer = torch.stack([head_effects(model, layer, y[0], u) for layer, y in enumerate(trace.heads)])
    return per_layer.permute(0, 2, 1)[..., :-1]  # (layers, T, heads) -> (layers, heads, T - 1)
