"""The layer race's toy: an attention-only transformer built from what TensorFlow.js can
differentiate in a Web Worker (its wasm backend has no gradient for gather).

tokens -> one_hot(tokens) @ embed + position          (the embedding as a matmul, not a lookup)
for each layer:  h = h + attention(rms_norm(h))       (causal, heads of width/heads, no MLP)
logits = rms_norm(h) @ unembed

attention: q, k, v = x @ query, x @ key, x @ value split into heads; scores q k^T / sqrt(head
width) plus 0 on and below the diagonal, -1e9 above; softmax; heads joined, then @ out.
(Here the weights are Sprout's own, sprout.forward.causal_weights, which masks with -inf: exp() of
either is 0 in float32, so the weights are the same numbers. TensorFlow.js adds -1e9.)
rms_norm(x) = x / sqrt(mean(x^2) + eps) * gain, when the spec asks for it (identity otherwise).
"""

import torch
from torch import nn

from ..forward import causal_weights


class ToyLayer(nn.Module):
    def __init__(self, width, heads):
        super().__init__()
        self.heads = heads
        self.query, self.key, self.value, self.out = (nn.Parameter(torch.empty(width, width)) for _ in range(4))
        self.gain = nn.Parameter(torch.ones(width))

    def attention(self, x):
        """The layer's output to add to the residual, and its weights [rows, heads, query, key]."""
        rows, seq_len, width = x.shape
        split = lambda m: (x @ m).view(rows, seq_len, self.heads, -1).transpose(1, 2)  # noqa: E731
        q, k, v = split(self.query), split(self.key), split(self.value)
        weights = causal_weights(q, k)
        joined = (weights @ v).transpose(1, 2).reshape(rows, seq_len, width)
        return joined @ self.out, weights


class ToyTransformer(nn.Module):
    def __init__(self, spec, layers):
        super().__init__()
        self.vocab, self.rms_norm, self.rms_epsilon = spec.vocab, spec.rms_norm, spec.rms_epsilon
        self.embed = nn.Parameter(torch.empty(spec.vocab, spec.width))
        self.position = nn.Parameter(torch.empty(spec.seq_len, spec.width))
        self.layers = nn.ModuleList(ToyLayer(spec.width, spec.heads) for _ in range(layers))
        self.gain = nn.Parameter(torch.ones(spec.width))
        self.unembed = nn.Parameter(torch.empty(spec.width, spec.vocab))

    def initialize(self, embed_std, std, gen):
        """From `gen`, in the order of named_parameters(): the embedding and position tables
        normal(0, embed_std), every other matrix normal(0, std); RMSNorm gains 1."""
        with torch.no_grad():
            for name, p in self.named_parameters():
                if name.endswith("gain"):
                    p.fill_(1.0)
                else:
                    scale = embed_std if name in ("embed", "position") else std
                    p.copy_(torch.randn(p.shape, generator=gen) * scale)
        return self

    def norm(self, x, gain):
        if not self.rms_norm:
            return x
        return x / torch.sqrt(x.pow(2).mean(-1, keepdim=True) + self.rms_epsilon) * gain

    def forward_with_attention(self, tokens):
        """logits [rows, seq_len, vocab] and every layer's attention weights."""
        one_hot = torch.nn.functional.one_hot(tokens, self.vocab).float()
        h = one_hot @ self.embed + self.position[: tokens.size(1)]
        weights = []
        for layer in self.layers:
            added, w = layer.attention(self.norm(h, layer.gain))
            h = h + added
            weights.append(w)
        return self.norm(h, self.gain) @ self.unembed, weights

    def forward(self, tokens):
        return self.forward_with_attention(tokens)[0]


def build_toy(spec, layers, seed):
    from .toy_data import init_stream

    return ToyTransformer(spec, layers).initialize(spec.embed_std, spec.init_std, init_stream(seed))
