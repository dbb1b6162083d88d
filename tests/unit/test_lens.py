import pytest
import torch

from sprout.analysis.lens import capture_attention, first_token_scores, induction_scores, previous_token_scores


def test_the_window_network_has_no_attention_to_capture():
    from sprout.model import build_model
    from tests.conftest import SMALL

    logits, weights = capture_attention(build_model(SMALL["window"]).eval(), torch.randint(0, 300, (2, 30)))
    assert weights.shape[:2] == (2, 0) and logits.shape[:2] == (2, 30)


def test_captured_weights_are_distributions_with_an_exact_zero_future(small_transformer):
    ids = torch.randint(0, 300, (1, 20))
    _, w = capture_attention(small_transformer, ids)
    assert w.numel() > 0
    assert torch.allclose(w.sum(-1), torch.ones_like(w.sum(-1)), atol=1e-5)
    assert torch.all(w.triu(1) == 0)
    assert torch.all(w >= 0)


def test_head_scores_find_hand_made_patterns():
    n, T = 5, 11  # [◆, R, R]
    prev = torch.zeros(T, T)
    prev[0, 0] = 1
    prev[torch.arange(1, T), torch.arange(0, T - 1)] = 1
    first = torch.zeros(T, T)
    first[:, 0] = 1
    induction = first.clone()
    for q in range(1 + n, 1 + 2 * n):
        induction[q] = 0
        induction[q, q - n + 1] = 1
    w = torch.stack([prev, first, induction])[None, None]  # (1, 1, 3, T, T)
    # row 1's previous token is ◆, so the ◆ and induction heads score 1/10 as previous-token heads
    assert previous_token_scores(w)[0].tolist() == pytest.approx([1.0, 0.1, 0.1])
    assert first_token_scores(w)[0].tolist() == pytest.approx([0.1, 1.0, 0.5])
    assert induction_scores(w, n)[0].tolist() == pytest.approx([0.0, 0.0, 1.0])
