"""A plain reference of Sprout's architecture, written the straightforward nanoGPT way.

Same shapes and the same maths as sprout.model.Transformer (RMSNorm, QK-norm, RoPE, causal
attention, GELU MLP, tied output), without the speed choices: separate q/k/v layers, norms and
RoPE computed in float32, attention as explicit matmul + mask + softmax (the analysis pass's own,
sprout.forward.causal_weights). `sprout bench` times it beside the real model to report a ratio.
"""

import torch
import torch.nn as nn
import torch.nn.functional as F

from ..forward import causal_weights


class PlainRMSNorm(nn.Module):
    def __init__(self, dim, gain=1.0):
        super().__init__()
        self.weight = nn.Parameter(torch.full((dim,), gain))

    def forward(self, x):
        x32 = x.float()
        return (x32 * torch.rsqrt(x32.pow(2).mean(-1, keepdim=True) + 1e-6) * self.weight).type_as(x)


def plain_rope(x, angles):
    """Rotate (first half, second half) pairs, in float32 with complex numbers."""
    T, half = x.size(-2), x.size(-1) // 2
    pairs = torch.complex(x[..., :half].float(), x[..., half:].float())
    rotated = pairs * torch.polar(torch.ones_like(angles[:T]), angles[:T])
    return torch.cat((rotated.real, rotated.imag), dim=-1).type_as(x)


class PlainAttention(nn.Module):
    def __init__(self, d_model, n_head):
        super().__init__()
        self.n_head, self.head_dim = n_head, d_model // n_head
        self.query = nn.Linear(d_model, d_model, bias=False)
        self.key = nn.Linear(d_model, d_model, bias=False)
        self.value = nn.Linear(d_model, d_model, bias=False)
        self.q_norm, self.k_norm = PlainRMSNorm(self.head_dim, 2.0), PlainRMSNorm(self.head_dim, 2.0)
        self.proj = nn.Linear(d_model, d_model, bias=False)

    def forward(self, x, angles):
        B, T, C = x.shape
        heads = lambda t: t.view(B, T, self.n_head, self.head_dim).transpose(1, 2)  # noqa: E731
        q, k, v = heads(self.query(x)), heads(self.key(x)), heads(self.value(x))
        q, k = plain_rope(self.q_norm(q), angles), plain_rope(self.k_norm(k), angles)
        att = causal_weights(q, k).to(v.dtype)
        return self.proj((att @ v).transpose(1, 2).reshape(B, T, C))


class PlainBlock(nn.Module):
    def __init__(self, d_model, n_head):
        super().__init__()
        self.norm1, self.norm2 = PlainRMSNorm(d_model), PlainRMSNorm(d_model)
        self.attn = PlainAttention(d_model, n_head)
        self.fc = nn.Linear(d_model, 4 * d_model, bias=False)
        self.out = nn.Linear(4 * d_model, d_model, bias=False)

    def forward(self, x, angles):
        x = x + self.attn(self.norm1(x), angles)
        return x + self.out(F.gelu(self.fc(self.norm2(x)), approximate="tanh"))


class PlainGPT(nn.Module):
    def __init__(self, vocab_size=4096, n_layer=8, n_head=6, d_model=384, context=512):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, d_model)
        self.blocks = nn.ModuleList(PlainBlock(d_model, n_head) for _ in range(n_layer))
        self.norm = PlainRMSNorm(d_model)
        head_dim = d_model // n_head
        freqs = 10000.0 ** (-torch.arange(0, head_dim, 2).float() / head_dim)
        self.register_buffer("angles", torch.outer(torch.arange(context).float(), freqs))

    def forward(self, ids):
        x = self.embed(ids)
        for block in self.blocks:
            x = block(x, self.angles)
        return self.norm(x) @ self.embed.weight.t()
