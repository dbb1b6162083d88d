"""A two-layer toy of the layer race (sprout.training.toy_model) whose weights are set by hand,
so that the race's detectors can be checked against a circuit whose answer is known:

- layer 0, head 0 looks one place back: queries and keys read the one-hot position, the keys
  moved one place ahead; it writes the token it finds into PREVIOUS.
- layer 1, head 0 is the induction head: its query is the current token (TOKEN), its keys the
  token before each place (PREVIOUS), so it finds the place after the current token's earlier
  copy and writes the token there into GUESS, which the unembedding reads.
- head 1 of each layer has zero weights: it attends evenly and writes nothing.

The residual stream, with no RMSNorm: TOKEN (one-hot token), POSITION (one-hot place), PREVIOUS,
GUESS. A vocabulary of 64 keeps chance matches with the random filler rare.
"""

import dataclasses
import math

import torch

from sprout.training.toy_model import ToyTransformer
from sprout.training.toy_spec import load_spec

V, T = 64, 24
TOKEN, POSITION, PREVIOUS, GUESS = 0, V, V + T, V + T + V
WIDTH, HEADS = GUESS + V, 2
HEAD = WIDTH // HEADS
SPEC = dataclasses.replace(load_spec(), vocab=V, seq_len=T, width=WIDTH, heads=HEADS, rms_norm=False)
SHARP = 20.0  # the score of a match; every other score is 0
CONFIDENT = 20.0  # the logit given to the token the induction head finds


def matching(query, key, rows_q, rows_k):
    """Query and key matrices whose product scores SHARP where row rows_q[i] meets rows_k[i]."""
    c = math.sqrt(SHARP * math.sqrt(HEAD))
    for slot, (rq, rk) in enumerate(zip(rows_q, rows_k)):
        query[rq, slot] = c
        key[rk, slot] = c


def copying(value, out, rows_from, rows_to):
    for slot, (source, target) in enumerate(zip(rows_from, rows_to)):
        value[source, slot] = 1.0
        out[slot, target] = 1.0


def hand_set(layers=2):
    model = ToyTransformer(SPEC, layers)
    with torch.no_grad():
        for p in model.parameters():
            p.zero_()
        model.embed[torch.arange(V), TOKEN + torch.arange(V)] = 1.0
        model.position[torch.arange(T), POSITION + torch.arange(T)] = 1.0
    return model


def induction_circuit():
    model = hand_set()
    previous, induction = model.layers
    with torch.no_grad():
        matching(
            previous.query, previous.key, [POSITION + p for p in range(1, T)], [POSITION + p for p in range(T - 1)]
        )
        copying(previous.value, previous.out, [TOKEN + i for i in range(V)], [PREVIOUS + i for i in range(V)])
        matching(induction.query, induction.key, [TOKEN + i for i in range(V)], [PREVIOUS + i for i in range(V)])
        copying(induction.value, induction.out, [TOKEN + i for i in range(V)], [GUESS + i for i in range(V)])
        model.unembed[GUESS + torch.arange(V), torch.arange(V)] = CONFIDENT
    return model


def uniform_attention():
    """Every query and key zero: every head attends evenly to the places so far."""
    model = hand_set()
    with torch.no_grad():
        for layer in model.layers:
            copying(layer.value, layer.out, [TOKEN + i for i in range(V)], [GUESS + i for i in range(V)])
        model.unembed[GUESS + torch.arange(V), torch.arange(V)] = CONFIDENT
    return model
