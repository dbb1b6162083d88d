"""The Sprout model family in one file: the window network, gpt-1 and Sprout.

gpt-1 and Sprout share every class below; they differ only in their config
(gpt-1 is one block of 4 heads at d_model 256, Sprout is 8 blocks of 6 heads at 384).
"""
import math
from dataclasses import asdict, dataclass, fields
from typing import ClassVar

import torch
import torch.nn as nn
import torch.nn.functional as F


class _ArchitectureConfig:
    """What both configs share: a `kind` naming the architecture, and fields of plain numbers."""

    kind: ClassVar[str]

    def __post_init__(self):
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, bool) or not isinstance(value, (int, float) if f.type is float else f.type):
                raise ValueError(f"{self.kind} config: {f.name} = {value!r} should be {f.type.__name__}")
            # every field is a size, a count or a gain: a positive (finite) number
            if not (math.isfinite(value) and value > 0):
                raise ValueError(f"{self.kind} config: {f.name} = {value!r} should be above 0")

    def to_dict(self):
        return {"kind": self.kind, **asdict(self)}


@dataclass(frozen=True)
class TransformerConfig(_ArchitectureConfig):
    """gpt-1 and Sprout."""

    kind: ClassVar[str] = "transformer"
    vocab_size: int = 4096
    context: int = 512  # longest text the model reads at once
    n_layer: int = 8
    n_head: int = 6
    d_model: int = 384
    mlp_ratio: int = 4  # MLP width = mlp_ratio * d_model, GELU in between
    # After QK-norm a score q.k / sqrt(head_dim) is at most sqrt(head_dim) * g_q * g_k, so
    # gains of 1 would cap how sharp a head can get; q_norm and k_norm start at this gain.
    qk_gain_init: float = 2.0

    def __post_init__(self):
        super().__post_init__()
        if self.n_head < 1 or self.d_model % self.n_head or self.head_dim % 2:
            raise ValueError(f"transformer config: d_model {self.d_model} does not split into {self.n_head} "
                             "heads of an even width (RoPE turns pairs of numbers)")

    @property
    def head_dim(self):
        return self.d_model // self.n_head


@dataclass(frozen=True)
class WindowConfig(_ArchitectureConfig):
    """The window network: it reads the last `window` tokens, so it has no context limit."""

    kind: ClassVar[str] = "window"
    vocab_size: int = 4096
    window: int = 8  # how many tokens it sees
    d_embed: int = 48  # numbers per token
    d_hidden: int = 384  # hidden layer width


KINDS = {c.kind: c for c in (TransformerConfig, WindowConfig)}

CONFIGS = {
    "window": WindowConfig(),
    "gpt1": TransformerConfig(context=256, n_layer=1, n_head=4, d_model=256),
    "sprout": TransformerConfig(context=512, n_layer=8, n_head=6, d_model=384),
}


def config_from_dict(d):
    """The config a config.json describes ("kind" missing: a transformer). A file written when one
    config class served both architectures holds the other's fields too; they never shaped the
    model and are ignored."""
    d = dict(d)
    kind = d.pop("kind", "transformer")
    if kind not in KINDS:
        raise ValueError(f"unknown model kind {kind!r} (known: {', '.join(KINDS)})")
    unknown = set(d) - {f.name for c in KINDS.values() for f in fields(c)}
    if unknown:
        raise ValueError(f"unknown config fields: {sorted(unknown)}")
    own = {f.name for f in fields(KINDS[kind])}
    return KINDS[kind](**{k: v for k, v in d.items() if k in own})


class RMSNorm(nn.Module):
    """x / rms(x) * gain, computed in float32 and returned in x's dtype."""

    def __init__(self, dim, eps=1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        if torch.is_autocast_enabled(x.device.type):
            # Autocast would run rms_norm in float32 and hand float32 on, so that bf16 q and k
            # went through RoPE and into attention as float32 with casts around every norm.
            with torch.autocast(x.device.type, enabled=False):
                return F.rms_norm(x.float(), (x.size(-1),), self.weight.float(), self.eps).to(x.dtype)
        return F.rms_norm(x, (x.size(-1),), self.weight.to(x.dtype), self.eps)


def rope_tables(head_dim, context, base=10000.0, dtype=torch.float32):
    """cos and sin of every (position, frequency) pair, shape (context, head_dim // 2)."""
    freqs = base ** (-torch.arange(0, head_dim, 2, dtype=dtype) / head_dim)
    angles = torch.outer(torch.arange(context, dtype=dtype), freqs)
    return angles.cos(), angles.sin()


def apply_rope(x, cos, sin):
    """Rotate each pair of numbers in x (B, heads, T, head_dim) by its position's angle."""
    T = x.size(-2)
    cos, sin = cos[:T].to(x.dtype), sin[:T].to(x.dtype)
    x1, x2 = x.chunk(2, dim=-1)
    return torch.cat((x1 * cos - x2 * sin, x1 * sin + x2 * cos), dim=-1)


# --8<-- [start:attention]
class Attention(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.n_head, self.head_dim = cfg.n_head, cfg.head_dim
        self.qkv = nn.Linear(cfg.d_model, 3 * cfg.d_model, bias=False)
        self.q_norm = RMSNorm(cfg.head_dim)
        self.k_norm = RMSNorm(cfg.head_dim)
        self.proj = nn.Linear(cfg.d_model, cfg.d_model, bias=False)

    def forward(self, x, cos, sin):
        B, T, C = x.shape  # batch, tokens, channels (d_model)
        q, k, v = self.qkv(x).split(C, dim=2)
        # (B, T, C) -> (B, heads, T, head_dim): every head gets its own slice
        q = q.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
        k = k.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
        v = v.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
        q, k = self.q_norm(q), self.k_norm(k)
        q, k = apply_rope(q, cos, sin), apply_rope(k, cos, sin)
        # softmax(q k^T / sqrt(head_dim) + causal mask) v, for all heads at once
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        y = y.transpose(1, 2).contiguous().view(B, T, C)  # glue the heads back
        return self.proj(y)
# --8<-- [end:attention]


class MLP(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.up = nn.Linear(cfg.d_model, cfg.mlp_ratio * cfg.d_model, bias=False)
        self.down = nn.Linear(cfg.mlp_ratio * cfg.d_model, cfg.d_model, bias=False)

    def forward(self, x):
        return self.down(F.gelu(self.up(x), approximate="tanh"))


class Block(nn.Module):
    """Pre-norm: each sublayer reads a normalised copy and adds its answer to the stream."""

    def __init__(self, cfg):
        super().__init__()
        self.attn_norm = RMSNorm(cfg.d_model)
        self.attn = Attention(cfg)
        self.mlp_norm = RMSNorm(cfg.d_model)
        self.mlp = MLP(cfg)

    def forward(self, x, cos, sin):
        x = x + self.attn(self.attn_norm(x), cos, sin)
        return x + self.mlp(self.mlp_norm(x))


class Transformer(nn.Module):
    """gpt-1 and Sprout: embeddings, a stack of blocks, a final norm, tied output layer."""

    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.embed = nn.Embedding(cfg.vocab_size, cfg.d_model)
        self.blocks = nn.ModuleList(Block(cfg) for _ in range(cfg.n_layer))
        self.norm = RMSNorm(cfg.d_model)
        cos, sin = rope_tables(cfg.head_dim, cfg.context)
        self.register_buffer("cos", cos, persistent=False)
        self.register_buffer("sin", sin, persistent=False)
        self.reset_parameters()

    def reset_parameters(self):
        for name, p in self.named_parameters():
            if name.endswith(("q_norm.weight", "k_norm.weight")):
                nn.init.constant_(p, self.cfg.qk_gain_init)
            elif "norm" in name:
                nn.init.ones_(p)
            else:  # residual writers start small so the stream is not swamped (GPT-2)
                scale = 1 / math.sqrt(2 * self.cfg.n_layer) if name.endswith(("proj.weight", "down.weight")) else 1.0
                nn.init.normal_(p, std=0.02 * scale)

    def forward(self, ids):
        if ids.size(1) > self.cfg.context:
            raise ValueError(f"{ids.size(1)} tokens exceed the context of {self.cfg.context}")
        x = self.embed(ids)
        for block in self.blocks:
            x = block(x, self.cos, self.sin)
        return F.linear(self.norm(x), self.embed.weight)  # logits (B, T, vocab)


class WindowNet(nn.Module):
    """Chapter 6: the last `window` tokens, embedded and concatenated, one hidden layer."""

    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.embed = nn.Embedding(cfg.vocab_size + 1, cfg.d_embed)  # last row: "before the text"
        self.hidden = nn.Linear(cfg.window * cfg.d_embed, cfg.d_hidden)
        self.out = nn.Linear(cfg.d_hidden, cfg.vocab_size)

    def forward(self, ids):
        B, T = ids.shape
        padded = F.pad(ids, (self.cfg.window - 1, 0), value=self.cfg.vocab_size)
        windows = padded.unfold(1, self.cfg.window, 1)  # (B, T, window): tokens t-7 .. t
        x = self.embed(windows).view(B, T, -1)
        return self.out(F.gelu(self.hidden(x)))


def build_model(cfg):
    if isinstance(cfg, WindowConfig):
        return WindowNet(cfg)
    if isinstance(cfg, TransformerConfig):
        return Transformer(cfg)
    raise TypeError(f"not a model config: {cfg!r}")


def context_of(model):
    """The longest input a model accepts; None for the window network, which slides along any text."""
    return model.cfg.context if isinstance(model.cfg, TransformerConfig) else None


def count_parameters(model):
    return sum(p.numel() for p in model.parameters())
