"""Float64 inference, so that the artifacts come out as the same bytes on any CPU.

float32 kernels differ from one CPU to the next in their last bits (vector width, blocking,
the order of a sum), and about one number in a few hundred then lands on the other side of
the rounding the artifacts apply. In float64 those differences are about 1e-16 of a value,
a billion times finer than the roundings (4 significant digits, 1/255 for attention bytes),
so they no longer show. Weights are published in bf16, which float64 holds exactly.
"""

import torch

from .model import rope_tables


def in_float64(model):
    """The model itself, converted in place to float64, RoPE tables recomputed in float64."""
    return _converted(model, torch.float64)


def _converted(model, dtype):
    model.to(dtype)
    if hasattr(model, "cos"):
        model.cos, model.sin = rope_tables(model.cfg.head_dim, model.cfg.context, dtype=dtype)
    return model


def is_float64(model):
    return next(model.parameters()).dtype == torch.float64


def widened(x):
    """x in float32 at least: float64 stays float64, bf16 and float16 go up to float32."""
    return x if x.dtype == torch.float64 else x.float()
