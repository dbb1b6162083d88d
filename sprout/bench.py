"""Tokens per second of a training step and of inference, with a plain reference beside it."""
import time

import torch
import torch.nn.functional as F

from .model import CONFIGS, build_model, count_parameters


def _time(fn, steps, warmup=2):
    for _ in range(warmup):
        fn()
    start = time.perf_counter()
    for _ in range(steps):
        fn()
    return (time.perf_counter() - start) / steps


def training_rate(model, batch_size, seq_len, steps, vocab_size):
    ids = torch.randint(0, vocab_size, (batch_size, seq_len + 1))
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4, fused=True)

    def step():
        with torch.autocast("cpu", dtype=torch.bfloat16):
            logits = model(ids[:, :-1])
        F.cross_entropy(logits.float().flatten(0, 1), ids[:, 1:].flatten()).backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)

    return batch_size * seq_len / _time(step, steps)


@torch.no_grad()
def inference_rate(model, batch_size, seq_len, steps, vocab_size):
    ids = torch.randint(0, vocab_size, (batch_size, seq_len))

    def forward():
        with torch.autocast("cpu", dtype=torch.bfloat16):
            model(ids)

    return batch_size * seq_len / _time(forward, steps)


def run_bench(config, batch_size=8, seq_len=256, steps=5, reference=True, compile=False):
    torch.manual_seed(0)
    cfg = CONFIGS[config]
    model = build_model(cfg)
    result = {"config": config, "parameters": count_parameters(model), "batch_size": batch_size,
              "seq_len": seq_len, "threads": torch.get_num_threads()}
    result["train_tokens_per_s"] = round(training_rate(model, batch_size, seq_len, steps, cfg.vocab_size))
    result["inference_tokens_per_s"] = round(inference_rate(model, batch_size, seq_len, steps, cfg.vocab_size))
    if compile:
        compiled = torch.compile(model)
        result["compiled_train_tokens_per_s"] = round(
            training_rate(compiled, batch_size, seq_len, steps, cfg.vocab_size))
    if reference and config == "sprout":
        from benchmarks.reference import PlainGPT

        plain = PlainGPT(cfg.vocab_size, cfg.n_layer, cfg.n_head, cfg.d_model, cfg.context)
        result["reference_train_tokens_per_s"] = round(
            training_rate(plain, batch_size, seq_len, steps, cfg.vocab_size))
        best = max(result["train_tokens_per_s"], result.get("compiled_train_tokens_per_s", 0))
        result["speedup_vs_reference"] = round(best / result["reference_train_tokens_per_s"], 2)
    return result
