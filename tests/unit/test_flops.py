"""sprout.training.flops: the FLOPs a training step spends per token."""

import pytest

from sprout.model import build_model
from sprout.training.flops import training_flops_per_token
from tests.conftest import SMALL


def test_flops_per_token_counts_matmuls_and_attention():
    cfg = SMALL["sprout"]
    model = build_model(cfg)
    T = 16
    per_layer_weights = 4 * cfg.d_model**2 + 2 * cfg.mlp_ratio * cfg.d_model**2
    matmul_weights = cfg.n_layer * per_layer_weights + cfg.vocab_size * cfg.d_model
    # q.k and weights.v forward (2 products), and backward with the scores recomputed (5), in full
    attention = cfg.n_layer * 7 * 2 * T * cfg.d_model
    assert training_flops_per_token(model, 2, T) == pytest.approx(6 * matmul_weights + attention)
