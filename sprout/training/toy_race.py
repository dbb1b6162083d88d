"""The layer race: attention-only toys of each depth in the spec (toy_race.json), every seed,
trained on the same stream of random repeats with the same optimizer and steps; one record.

A run's curve is its copy loss (toy_scores.copy_loss) on the fixed held-out batch at step 0 and
every eval_every steps. Its phase change is the first evaluation whose copy loss is below half of
ln vocab, the loss of guessing evenly (the plateau every depth starts from); None if it never is.
"""

import math
import time

import torch

from .. import atomic
from .toy_data import heldout_batch, training_batch
from .toy_model import build_toy
from .toy_scores import best_heads, copy_loss, induction_scores, previous_token_scores
from .toy_spec import load_spec


def phase_change_step(curve, threshold):
    """The first step of [(step, loss), ...] whose loss is below threshold; None if none is."""
    return next((step for step, loss in curve if loss < threshold), None)


@torch.no_grad()
def measure(model, batch):
    logits, weights = model.forward_with_attention(batch.tokens)
    return copy_loss(logits, batch), weights


def train_one(spec, layers, seed, heldout=None):
    """Train one toy; its curve, phase change, final loss, best heads, time and speed."""
    heldout = heldout or heldout_batch(spec)
    model = build_toy(spec, layers, seed)
    optimizer = torch.optim.Adam(
        model.parameters(), lr=spec.lr, betas=(spec.adam_beta1, spec.adam_beta2), eps=spec.adam_epsilon
    )
    curve, training_s = [], 0.0
    for step in range(spec.steps + 1):
        if step % spec.eval_every == 0:
            curve.append((step, round(measure(model, heldout)[0], 4)))
        if step == spec.steps:
            break
        batch = training_batch(spec, seed, step)
        began = time.perf_counter()
        logits = model(batch.tokens)
        loss = torch.nn.functional.cross_entropy(logits[:, :-1].reshape(-1, spec.vocab), batch.tokens[:, 1:].ravel())
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        optimizer.step()
        training_s += time.perf_counter() - began
    final, weights = measure(model, heldout)
    heads = best_heads(induction_scores(weights, heldout), previous_token_scores(weights))
    return {
        "layers": layers,
        "seed": seed,
        "curve": [list(point) for point in curve],
        "phase_change_step": phase_change_step(curve, math.log(spec.vocab) / 2),
        "final_loss": round(final, 4),
        **heads,
        "training_s": round(training_s, 2),
        "steps_per_s": round(spec.steps / training_s, 1),
    }


def run_race(spec, on_run=None):
    """Every depth x seed; on_run(result) after each."""
    heldout = heldout_batch(spec)
    runs = []
    for layers in spec.layers:
        for seed in spec.seeds:
            runs.append(train_one(spec, layers, seed, heldout))
            if on_run:
                on_run(runs[-1])
    return runs


def race_record(spec, runs, machine, wall_s):
    return {
        "spec": spec.to_dict(),
        "plateau": round(math.log(spec.vocab), 4),
        "threshold": round(math.log(spec.vocab) / 2, 4),
        "runs": runs,
        "machine": machine,
        "wall_s": round(wall_s, 1),
        "torch": torch.__version__,
    }


def race(spec_file, out, on_run=None):
    from .hardware import describe

    spec = load_spec(spec_file)
    began = time.perf_counter()
    runs = run_race(spec, on_run)
    record = race_record(spec, runs, describe(), time.perf_counter() - began)
    atomic.write_json(out, record, indent=1)
    return record
