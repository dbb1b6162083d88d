"""Compact attention: the lower triangle of every head, one byte per weight, base64.

Layout of the decoded bytes: for each layer (0-based), for each head (0-based), for each query
row t = 0 .. T-1, the weights of keys 0 .. t, one byte each: T (T + 1) / 2 bytes per head.
Each row's bytes add up to exactly 255 (largest-remainder rounding of 255 x weight), so a
reader decodes with weight = byte / 255: rows sum to 1 and every weight is within 1/255 of the
model's. The widgets' JavaScript decoder follows the same layout.
"""

import base64
import zlib

import numpy as np


def triangle_size(T):
    return T * (T + 1) // 2


def encode_attention(weights):
    """weights: array (layers, heads, T, T), rows summing to 1 -> base64 string."""
    weights = np.asarray(weights, dtype=np.float64)
    L, H, T, T2 = weights.shape
    if T != T2:
        raise ValueError(f"attention must be square per head, got {T} x {T2}")
    lower = np.tril(weights)
    scaled = lower / lower.sum(-1, keepdims=True) * 255  # each row now adds up to 255
    whole = np.floor(scaled)
    missing = np.rint(255 - whole.sum(-1, keepdims=True))  # bytes still owed to each row
    rank = np.argsort(np.argsort(whole - scaled, axis=-1, kind="stable"), axis=-1, kind="stable")
    quantised = (whole + (rank < missing)).astype(np.uint8)  # largest remainders round up
    rows, cols = np.tril_indices(T)
    return base64.b64encode(quantised[:, :, rows, cols].tobytes()).decode("ascii")


def decode_attention(encoded, layers, heads, T):
    """The inverse of encode_attention: array (layers, heads, T, T), zeros above the diagonal."""
    raw = np.frombuffer(base64.b64decode(encoded), dtype=np.uint8)
    expected = layers * heads * triangle_size(T)
    if raw.size != expected:
        raise ValueError(
            f"encoded attention holds {raw.size} bytes, expected {expected} "
            f"for {layers} layers x {heads} heads x {T} tokens"
        )
    weights = np.zeros((layers, heads, T, T))
    rows, cols = np.tril_indices(T)
    weights[:, :, rows, cols] = raw.reshape(layers, heads, -1) / 255.0
    return weights


def deflate_encoded(encoded):
    """A "tril-u8-base64" string -> "tril-u8-deflate-base64": the same bytes, zlib-compressed.

    Most weights of a long story are 0, so the bytes shrink several times over; the notebook
    views carry their data inline and use this (the site's example files stay uncompressed)."""
    return base64.b64encode(zlib.compress(base64.b64decode(encoded), 9)).decode("ascii")


def inflate_encoded(deflated):
    """The inverse of deflate_encoded."""
    return base64.b64encode(zlib.decompress(base64.b64decode(deflated))).decode("ascii")
