"""Choosing Sprout's next token as the page does, so that Python and every browser write the same
words from the same seed: site_assets/story/sampler.js is this file line for line, and both are
tested against the same numbers (tests/test_sampler.py, site_assets/tests/story/sampler.test.mjs).

The random numbers come from mulberry32, a 32-bit generator small enough to write identically in
Python and JavaScript (Python's own `random` cannot be reproduced in a browser). Probabilities are
computed in float64 from the model's float32 logits, in the same order in both languages.
"""

import math

import numpy as np

MASK = 0xFFFFFFFF
SEED_MAX = 2**32 - 1
TEMPERATURE_MAX = 2.0


class SettingsError(ValueError):
    """A seed, temperature or top-k the sampler cannot use: one line for the reader."""


def _imul(a, b):
    return (a * b) & MASK


class Mulberry32:
    """A seeded stream of floats in [0, 1): the same stream as sampler.js's mulberry32."""

    def __init__(self, seed):
        self.state = int(seed) & MASK

    def next(self):
        self.state = (self.state + 0x6D2B79F5) & MASK
        a = self.state
        t = _imul(a ^ (a >> 15), 1 | a)
        t = ((t + _imul(t ^ (t >> 7), 61 | t)) & MASK) ^ t
        return ((t ^ (t >> 14)) & MASK) / 4294967296


def check_settings(temperature, top_k, seed, vocab_size):
    """Raise SettingsError naming the first setting out of range."""
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= SEED_MAX:
        raise SettingsError(f"the seed must be a whole number from 0 to {SEED_MAX}, not {seed!r}")
    if not isinstance(temperature, (int, float)) or not 0 <= temperature <= TEMPERATURE_MAX:
        raise SettingsError(f"the temperature must be from 0 to {TEMPERATURE_MAX:g}, not {temperature!r}")
    if not isinstance(top_k, int) or isinstance(top_k, bool) or not 1 <= top_k <= vocab_size:
        raise SettingsError(f"top-k must be a whole number from 1 to {vocab_size}, not {top_k!r}")


def ranked(logits):
    """Token ids from the highest logit down (the lower id first where two are equal), and the
    logits as Python floats (float64, exactly the float32 values)."""
    values = np.asarray(logits, dtype=np.float64)
    order = np.lexsort((np.arange(values.size), -values))
    return order.tolist(), values.tolist()


def choose(logits, temperature, top_k, rng):
    """The next token from one position's logits: the likeliest at temperature 0 (no random
    number used), else one of the top_k drawn with probability exp(logit / temperature)."""
    order, values = ranked(logits)
    if temperature == 0:
        return order[0]
    kept = order[:top_k]
    top = values[kept[0]]
    weights = [math.exp((values[i] - top) / temperature) for i in kept]
    total = 0.0
    for w in weights:
        total += w
    u = rng.next() * total
    running = 0.0
    for i, w in zip(kept, weights):
        running += w
        if u < running:
            return i
    return kept[-1]
