"""Training speed as a hardware person reads it: tokens/s of the step `sprout train` runs, eager
and compiled, beside the plain reference, each as a fraction of this machine's own bf16 matmul
peak (MFU). The variants take turns step by step, so a machine that slows down mid-run slows
them all alike and their ratios stay fair."""

import resource
import statistics
import time

import torch

from ..model import CONFIGS, build_model, count_parameters
from .flops import matmul_peak, synchronize, training_flops_per_token, utilisation
from .hardware import describe
from .step import TrainingStep


def _step_for(model, compile):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4, fused=True)
    return TrainingStep(model, optimizer, clip=1.0, compile=compile)


def _reference_model(cfg):
    from .reference import PlainGPT

    return PlainGPT(cfg.vocab_size, cfg.n_layer, cfg.n_head, cfg.d_model, cfg.context)


def training_variants(cfg, device, compile, reference):
    """{name: training step}: the real model eager, compiled, and the plain reference (eager,
    bf16 autocast, fused AdamW, as it was first timed)."""
    torch.manual_seed(0)
    variants = {"eager": _step_for(build_model(cfg).to(device), compile=False)}
    if compile:
        variants["compiled"] = _step_for(build_model(cfg).to(device), compile=True)
    if reference and cfg.kind == "transformer":
        variants["reference"] = _step_for(_reference_model(cfg).to(device), compile=False)
    return variants


def time_in_turns(variants, batch, device, steps, warmup=2):
    """Seconds per step of each variant, the variants taking turns."""
    inputs, targets = batch
    for step in variants.values():
        for _ in range(warmup):  # compiles on the first call
            step(inputs, targets)
    seconds = {name: [] for name in variants}
    for _ in range(steps):
        for name, step in variants.items():
            synchronize(device)
            start = time.perf_counter()
            step(inputs, targets)
            synchronize(device)
            seconds[name].append(time.perf_counter() - start)
    return seconds


@torch.no_grad()
def inference_rate(model, batch_size, seq_len, steps, device):
    ids = torch.randint(0, model.cfg.vocab_size, (batch_size, seq_len), device=device)
    model.eval()
    with torch.autocast(device.type, dtype=torch.bfloat16):
        model(ids)
        synchronize(device)
        start = time.perf_counter()
        for _ in range(steps):
            model(ids)
        synchronize(device)
    return batch_size * seq_len * steps / (time.perf_counter() - start)


def story_rate(count=500):
    """Generated stories per second: the generator feeds every batch of a run's mix."""
    from ..corpus.stories import generate_stories

    start = time.perf_counter()
    generate_stories(11, count)
    return count / (time.perf_counter() - start)


def peak_memory_mb(device):
    if device.type == "cuda":
        return torch.cuda.max_memory_allocated(device) / 2**20
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux reports KiB


def run_bench(config, batch_size=8, seq_len=256, steps=5, reference=True, compile=False, device=None):
    device = torch.device(device or ("cuda" if torch.cuda.is_available() else "cpu"))
    cfg = CONFIGS[config]
    tokens = batch_size * seq_len
    flops = training_flops_per_token(build_model(cfg).to(device), batch_size, seq_len, device)
    peak_before = matmul_peak(cfg, tokens, device)
    variants = training_variants(cfg, device, compile, reference)
    ids = torch.randint(0, cfg.vocab_size, (batch_size, seq_len + 1), device=device)
    seconds = time_in_turns(variants, (ids[:, :-1], ids[:, 1:]), device, steps)
    peak = max(peak_before, matmul_peak(cfg, tokens, device))
    result = {
        "config": config,
        "parameters": count_parameters(variants["eager"].model),
        "batch_size": batch_size,
        "seq_len": seq_len,
        "device": device.type,
        "threads": torch.get_num_threads(),
        "steps_timed": steps,
        "hardware": describe(device),
        "matmul_peak_tflops": float(f"{peak / 1e12:.4g}"),
        "train_flops_per_token": round(flops),
    }
    for name, times in seconds.items():
        rate = tokens / statistics.median(times)
        result[name] = {
            "tokens_per_s": round(rate),
            "best_tokens_per_s": round(tokens / min(times)),
            "mfu": round(utilisation(rate, flops, peak), 4),
        }
    fastest = max((n for n in seconds if n != "reference"), key=lambda n: result[n]["tokens_per_s"])
    result["fastest"] = fastest
    if "reference" in result:
        result["speedup_vs_reference"] = round(result[fastest]["tokens_per_s"] / result["reference"]["tokens_per_s"], 2)
    result["inference_tokens_per_s"] = round(
        inference_rate(variants["eager"].model, batch_size, seq_len, steps, device)
    )
    result["generated_stories_per_s"] = round(story_rate())
    result["peak_memory_mb"] = round(peak_memory_mb(device))
    return result
