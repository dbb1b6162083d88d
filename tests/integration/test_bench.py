"""sprout bench: rates, utilisation and the ratio to the plain reference, on this machine."""

import pytest

from sprout.training.bench import run_bench


@pytest.mark.slow
def test_bench_reports_rates_utilisation_and_the_reference_ratio():
    result = run_bench("sprout", batch_size=1, seq_len=16, steps=1)
    eager, reference = result["eager"], result["reference"]
    assert eager["tokens_per_s"] > 0 and reference["tokens_per_s"] > 0
    # the report rounds: tokens/s to whole tokens, the ratio to 0.01, MFU to 1e-4. On a loaded
    # machine a one-step run makes a few tokens a second, where whole tokens are a coarse grain:
    # every comparison allows the grain it inherits, never a share of a timing
    assert result["speedup_vs_reference"] == pytest.approx(
        eager["tokens_per_s"] / reference["tokens_per_s"], abs=0.005 + 1e-9
    )
    peak_flops = result["matmul_peak_tflops"] * 1e12
    half_a_token = 0.5 * result["train_flops_per_token"] / peak_flops
    assert eager["mfu"] == pytest.approx(
        eager["tokens_per_s"] * result["train_flops_per_token"] / peak_flops,
        rel=0.01,
        abs=half_a_token + 1e-4,
    )
    assert 0 < eager["mfu"] < 1 and result["peak_memory_mb"] > 0
    assert result["hardware"]["cpu"] and isinstance(result["hardware"]["matrix_units"], list)
