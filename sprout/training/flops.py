"""What the hardware can do and what training asks of it: the bf16 matmul peak measured at the
model's own shapes, FLOPs per trained token as PyTorch counts them, and the fraction of the
peak a run reaches (model FLOPs utilisation, MFU)."""

import time

import torch
from torch.utils import flop_counter

from .step import autocast_loss


def matmul_shapes(cfg, tokens):
    """(m, k, n) of the model's large matmuls for `tokens` rows: qkv, MLP up, MLP down and output
    of a transformer; hidden and output layer of the window network."""
    if cfg.kind == "window":
        return [(tokens, cfg.window * cfg.d_embed, cfg.d_hidden), (tokens, cfg.d_hidden, cfg.vocab_size)]
    d = cfg.d_model
    return [
        (tokens, d, 3 * d),
        (tokens, d, cfg.mlp_ratio * d),
        (tokens, cfg.mlp_ratio * d, d),
        (tokens, d, cfg.vocab_size),
    ]


def synchronize(device):
    """Wait for the device's queued work, so that a timer reads the work and not its launch."""
    if device.type == "cuda":
        torch.cuda.synchronize(device)


def matmul_rate(m, k, n, device, dtype=torch.bfloat16, repeats=10):
    """FLOP/s of one (m, k) @ (k, n) matmul, the best of three timed loops."""
    a = torch.randn(m, k, device=device, dtype=dtype)
    b = torch.randn(k, n, device=device, dtype=dtype)
    for _ in range(3):
        a @ b
    best = float("inf")
    for _ in range(3):
        synchronize(device)
        start = time.perf_counter()
        for _ in range(repeats):
            a @ b
        synchronize(device)
        best = min(best, (time.perf_counter() - start) / repeats)
    return 2 * m * k * n / best


def matmul_peak(cfg, tokens, device="cpu"):
    """The fastest FLOP/s this machine reaches on the model's matmul shapes in bf16."""
    device = torch.device(device)
    return max(matmul_rate(m, k, n, device) for m, k, n in matmul_shapes(cfg, tokens))


def _cpu_attention(query, key, value, *args, out_shape=None, **kwargs):
    return flop_counter.sdpa_flop_count(query, key, value)


def _cpu_attention_backward(grad_out, query, key, value, *args, out_shape=None, **kwargs):
    return flop_counter.sdpa_backward_flop_count(grad_out, query, key, value)


# PyTorch counts the CUDA attention kernels but not the CPU flash kernel; count it the same way
_CPU_ATTENTION = {
    torch.ops.aten._scaled_dot_product_flash_attention_for_cpu: _cpu_attention,
    torch.ops.aten._scaled_dot_product_flash_attention_for_cpu_backward: _cpu_attention_backward,
}


def training_flops_per_token(model, batch_size, seq_len, device="cpu"):
    """FLOPs of one forward and backward pass divided by its tokens, counted by PyTorch's
    FlopCounterMode (matmuls and attention; attention is counted in full, causal or not)."""
    ids = torch.randint(0, model.cfg.vocab_size, (batch_size, seq_len + 1), device=device)
    counter = flop_counter.FlopCounterMode(display=False, custom_mapping=_CPU_ATTENTION)
    with counter:
        autocast_loss(model, ids[:, :-1], ids[:, 1:]).backward()
    model.zero_grad(set_to_none=True)
    return counter.get_total_flops() / (batch_size * seq_len)


def utilisation(tokens_per_s, flops_per_token, peak_flops):
    return tokens_per_s * flops_per_token / peak_flops
