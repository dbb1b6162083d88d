"""Which heads made a guess, as the browser file computes it inside its graph (sprout/export.py):
every head's direct effect on every guess of the story, and what removing each head alone costs
the guess of the last token. The definitions are sprout.analysis.guess_heads'; this module holds
the tensor arithmetic both share, written so that it traces into one ONNX graph.

Direct effect: a head's output at position t, through its columns of the output projection,
scaled by the final norm as the intact run scales position t (1 / rms, frozen) and its gain, read
by the tied unembedding as the logit of the token at t + 1 minus the mean logit.

Removal: the story up to the guessing position run again from each layer, one copy per head of
that layer, with that head's output replaced by its mean (the head switches' replacement); only
the guessing position's logits are read."""

import torch


def logit_directions(model, final, targets):
    """(..., d_model): per position, the vector whose dot product with anything added to the final
    stream gives that addition's logit of the target minus its mean logit, with the final norm's
    scale frozen at `final` (..., d_model), the stream it reads; targets (...) token ids."""
    norm = model.norm
    scale = torch.rsqrt(final.pow(2).mean(-1, keepdim=True) + norm.eps)
    unembed = model.embed.weight
    return scale * norm.weight * (unembed[targets] - unembed.mean(0))


def head_writes(model, layer, heads):
    """(..., heads, d_model): what each head of `layer` adds to the stream, from its outputs
    (..., heads, head_dim) as forward.run keeps them."""
    proj = model.blocks[layer].attn.proj.weight  # (d_model, heads * head_dim)
    n_head, head_dim = heads.shape[-2:]
    return torch.einsum("dhk,...hk->...hd", proj.view(proj.size(0), n_head, head_dim), heads)
