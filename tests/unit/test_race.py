"""The copying race's control (sprout/chapter/race.py): what each model read, and how sure its
guesses are on random tokens."""

import math

import pytest
import torch

from sprout.chapter import race
from sprout.corpus.data import repeat_batch


def run(step, tokens, mix):
    return {"step": step, "tokens_seen": tokens, "recipe": {"mix": mix}}


def test_what_a_model_read_is_summed_over_its_stages():
    two = {**run(300, 3000, {"generated": 1.0}), "earlier_stages": [run(100, 1000, {"copy": 1.0})]}
    assert race.trained_on(two) == {
        "first_copy_scored": 1.0,  # the last stage with drills scored every first copy
        "copy_drills": 1,
        "echo_drills": 0,
        "steps": 400,
        "tokens": 4000,
    }
    assert race.trained_on(run(5, 50, {"generated": 1.0, "copy": 0.0}))["copy_drills"] == 0


def test_what_a_record_does_not_say_is_none():
    assert set(race.trained_on({"history": []}).values()) == {None}


@pytest.mark.parametrize("vocab", [16, 4096])
def test_even_guesses_have_the_entropy_of_guessing_evenly(vocab):
    repeats = repeat_batch(vocab, 0, 8, 4, seed=1)
    even = lambda ids: torch.zeros(*ids.shape, vocab)  # noqa: E731
    assert race.first_copy_entropy(even, repeats) == pytest.approx(math.log(vocab), abs=1e-5)
    sure = lambda ids: torch.nn.functional.one_hot(ids, vocab).float() * 100  # noqa: E731
    assert race.first_copy_entropy(sure, repeats) < 1e-3


def test_the_best_induction_score_is_the_hand_set_induction_heads():
    from hand_copier import V, hand_set_copier

    model = hand_set_copier()
    repeats = repeat_batch(V, 0, 12, 4, seed=0)  # [◆, R, R] with |R| = 12 inside the 32-token context
    best = race.best_induction_score(model, repeats)
    assert best > 0.9, "the hand-set induction head puts most of its weight after the earlier copy"
    with torch.no_grad():
        for p in model.parameters():
            p.zero_()  # every head attends evenly: the token after the earlier copy gets a small share
    assert race.best_induction_score(model, repeats) < 0.2
