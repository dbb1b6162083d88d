import gzip

import numpy as np
import pytest
import torch

from sprout.analysis.encoding import decode_attention, encode_attention, triangle_size
from sprout.forward import causal_weights


def realistic(L=2, H=3, T=40, seed=0):
    g = torch.Generator().manual_seed(seed)
    q, k = torch.randn(L, H, T, 16, generator=g) * 2, torch.randn(L, H, T, 16, generator=g) * 2
    return causal_weights(q, k).numpy()


def test_round_trip_within_quantisation_error():
    w = realistic()
    back = decode_attention(encode_attention(w), 2, 3, 40)
    assert np.abs(back - w).max() < 1 / 255
    assert np.allclose(back.sum(-1), 1.0, atol=1e-12)
    assert np.all(np.triu(back, 1) == 0)


def test_one_byte_per_weight_of_the_lower_triangle():
    import base64

    w = realistic(1, 2, 10)
    assert len(base64.b64decode(encode_attention(w))) == 2 * triangle_size(10) == 110


def test_size_of_a_128_token_story_with_48_heads():
    w = realistic(8, 6, 128)
    encoded = encode_attention(w).encode()
    assert len(gzip.compress(encoded)) < 150_000


def test_sharp_and_flat_rows():
    w = np.zeros((1, 1, 300, 300))
    w[0, 0] = np.tril(np.ones((300, 300)))
    w[0, 0] /= w[0, 0].sum(-1, keepdims=True)  # uniform rows: 1/300 < 1/255 each
    w[0, 0, 5] = 0
    w[0, 0, 5, 5] = 1.0
    back = decode_attention(encode_attention(w), 1, 1, 300)
    assert np.abs(back - w).max() < 1 / 255 and np.allclose(back.sum(-1), 1.0)
    assert back[0, 0, 5, 5] == 1.0


def test_damaged_data_is_refused():
    encoded = encode_attention(realistic(1, 1, 5))
    with pytest.raises(ValueError, match="expected 30 for 2 layers x 1 heads x 5 tokens"):
        decode_attention(encoded, 2, 1, 5)
    with pytest.raises(ValueError, match="square"):
        encode_attention(np.zeros((1, 1, 3, 4)))
