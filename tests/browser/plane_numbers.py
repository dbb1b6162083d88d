"""W3's start numbers, shared with the chapter's snippet C1, and the toy's arithmetic in numpy."""

import numpy as np

KEYS = {"girl": [2.0, 0.5], "ball": [0.5, 2.0], "red": [1.5, -1.0], "ran": [-1.2, 1.4]}
VALUES = {"girl": [0.90, 0.30, 0.50], "ball": [0.20, 0.40, 0.90], "red": [0.85, 0.10, 0.10], "ran": [0.20, 0.70, 0.30]}
QUERY = [1.0, 0.8]
NAMES = list(KEYS)


def attend(query, keys, sharpness=1.0):
    """(scores, weights, output) of the plane: s = K q, softmax(sharpness * s), weights @ V."""
    K = np.array([keys[n] for n in NAMES])
    V = np.array([VALUES[n] for n in NAMES])
    scores = K @ np.array(query)
    z = sharpness * scores
    weights = np.exp(z - z.max())
    weights /= weights.sum()
    return scores, weights, weights @ V
