"""sprout bench: rates, utilisation and the ratio to the plain reference, on this machine."""

import pytest

from sprout.training.bench import run_bench


@pytest.mark.slow
def test_bench_reports_rates_utilisation_and_the_reference_ratio():
    result = run_bench("sprout", batch_size=1, seq_len=16, steps=1)
    eager, reference = result["eager"], result["reference"]
    assert eager["tokens_per_s"] > 0 and reference["tokens_per_s"] > 0
    assert result["speedup_vs_reference"] == pytest.approx(eager["tokens_per_s"] / reference["tokens_per_s"], rel=0.01)
    # MFU is tokens/s times FLOPs per token over the measured peak, a fraction of it
    assert eager["mfu"] == pytest.approx(
        eager["tokens_per_s"] * result["train_flops_per_token"] / (result["matmul_peak_tflops"] * 1e12),
        rel=0.05,
        abs=2e-4,
    )
    assert 0 < eager["mfu"] < 1 and result["peak_memory_mb"] > 0
    assert result["hardware"]["cpu"] and isinstance(result["hardware"]["matrix_units"], list)
