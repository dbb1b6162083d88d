"""Why attention divides by sqrt(d): the spread of a dot product of random vectors grows with
their length d, and what QK-norm leaves of it in a fresh Sprout head (the chapter's F1)."""

import numpy as np


def spread_of_dot_products(max_d=512, samples=4000, seed=0, qk_gain=1.0, head_dim=64):
    """F1's data: std of q.k for random vectors with unit-variance entries, d = 1 .. max_d.

    One draw of `samples` pairs of max_d-long vectors; the first d entries of each pair give
    the d-dimensional dot product (a running sum), so every d uses the same random numbers.
    "qk_norm": the same vectors' first head_dim entries as QK-norm leaves them (RMSNorm, then
    every number times qk_gain, as a fresh Sprout's gains are), and the spread of q.k / sqrt(d)."""
    rng = np.random.default_rng(seed)
    q, k = rng.standard_normal((2, samples, max_d))
    dots = np.cumsum(q * k, axis=1)  # column d-1: q[:d].k[:d]
    d = np.arange(1, max_d + 1)
    raw = dots.std(axis=0)
    qn, kn = (qk_gain * v[:, :head_dim] / np.sqrt((v[:, :head_dim] ** 2).mean(1, keepdims=True)) for v in (q, k))
    return {
        "d": d.tolist(),
        "unscaled": raw.tolist(),
        "scaled": (raw / np.sqrt(d)).tolist(),
        "samples": samples,
        "seed": seed,
        "qk_norm": {
            "gain": qk_gain,
            "d": head_dim,
            "std": float(((qn * kn).sum(1) / np.sqrt(head_dim)).std()),
        },
    }
