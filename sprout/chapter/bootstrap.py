"""Percentile bootstrap intervals for numbers read on small samples: the rows (stories, random
sequences) are drawn again with replacement, the number is read again on each draw, and the
interval holds the middle LEVEL of those readings."""

import numpy as np

RESAMPLES = 2000
LEVEL = 0.95
SEED = 0


def draws(rows, resamples=RESAMPLES, seed=SEED):
    """(resamples, rows) indices of rows drawn with replacement."""
    return np.random.default_rng(seed).integers(0, rows, size=(resamples, rows))


def bounds(readings, level=LEVEL):
    tail = 100 * (1 - level) / 2
    low, high = np.percentile(readings, [tail, 100 - tail])
    return round(float(low), 4), round(float(high), 4)


def weighted_means(values, weights, picks):
    """Per draw, the mean of the picked rows' values weighted by their counts of predictions: the
    measure as read on all its predictions at once."""
    v, w = np.asarray(values, dtype=float)[picks], np.asarray(weights, dtype=float)[picks]
    return (v * w).sum(axis=1) / w.sum(axis=1)


def share_interval(share, rows, level=LEVEL, resamples=RESAMPLES, seed=SEED):
    """The interval of a share of rows that are right, each row right or wrong: drawing the rows
    again draws how many are right from a binomial."""
    right = np.random.default_rng(seed).binomial(rows, share, size=resamples) / rows
    return bounds(right, level)
