"""The layer race: attention-only toys of each depth in the spec (toy_race.json), every seed,
trained on the same stream of random repeats with the same optimizer and steps; one record.

A run's curve is its copy loss (toy_scores.copy_loss) on the fixed held-out batch at step 0 and
every eval_every steps; beside it, at the same steps, its induction curve (the best induction score
among the heads with a layer below them, every head of a one-layer toy) and the best
previous-token score in the layers below that head.

Its phase change is read as it happened: the steepest fall of the copy loss across DROP_WINDOW
evaluations in a row (steepest_drop), counted only if it is sudden, and confirmed when the
induction score first passes half of its last value inside that window (rise_step). The older
number, the first evaluation below half of ln vocab (phase_change_step), is kept beside it: the
browser's twin and the chapter's threshold line read it, but crossing a line is not a mechanism.
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


DROP_WINDOW = 3  # evaluations in a row the steepest fall is measured across (150 steps at eval_every 50)
DROP_MIN_SHARE = 0.25  # a sudden drop carries at least this share of the run's whole fall...
DROP_MIN_OF_PLATEAU = 1 / 8  # ...and at least this share of ln vocab, in nats (0.35 for 16 tokens)
RISE_SHARE = 0.5  # the induction score has risen once it passes this share of its last value


def steepest_drop(curve, min_fall, window=DROP_WINDOW, min_share=DROP_MIN_SHARE):
    """The steepest fall of [(step, loss), ...] across `window` evaluations in a row (the earliest
    of equals): {"step": its middle evaluation, "window": [its first, its last step], "fall": nats}.
    None if the curve is shorter than the window or the fall is not sudden: under min_fall nats, or
    under min_share of the run's whole fall (first evaluation to lowest), as in a slow slide."""
    if len(curve) < window:
        return None

    def fall_from(i):
        return curve[i][1] - curve[i + window - 1][1]

    i = max(range(len(curve) - window + 1), key=fall_from)
    fall = fall_from(i)
    whole = curve[0][1] - min(loss for _, loss in curve)
    if fall < min_fall or fall < min_share * whole:
        return None
    return {
        "step": curve[i + window // 2][0],
        "window": [curve[i][0], curve[i + window - 1][0]],
        "fall": round(fall, 4),
    }


def rise_step(scores, share=RISE_SHARE):
    """The first step of [(step, score), ...] whose score is above share of the last; None if none."""
    bar = share * scores[-1][1] if scores else None
    return next((step for step, score in scores if score > bar), None)


def phase_change(curve, induction_curve, plateau):
    """The drop (steepest_drop, at least an eighth of the plateau ln vocab), the induction score's
    rise (rise_step) and whether the rise lies inside the drop's window, ends included."""
    drop = steepest_drop(curve, plateau * DROP_MIN_OF_PLATEAU) or {"step": None, "window": None, "fall": None}
    rise, window = rise_step(induction_curve), drop["window"]
    return {
        "drop_step": drop["step"],
        "drop_window": window,
        "drop_fall": drop["fall"],
        "induction_rise_step": rise,
        "confirmed": window is not None and rise is not None and window[0] <= rise <= window[1],
    }


def drop_rule(spec):
    """The phase change's definition as the record states it."""
    return {
        "window": DROP_WINDOW,
        "min_fall": round(math.log(spec.vocab) * DROP_MIN_OF_PLATEAU, 4),
        "min_share": DROP_MIN_SHARE,
        "rise_share": RISE_SHARE,
    }


@torch.no_grad()
def measure(model, batch):
    logits, weights = model.forward_with_attention(batch.tokens)
    return copy_loss(logits, batch), weights


def train_one(spec, layers, seed, heldout=None):
    """Train one toy; its curves, phase change, final loss, best heads, time and speed."""
    heldout = heldout or heldout_batch(spec)
    model = build_toy(spec, layers, seed)
    optimizer = torch.optim.Adam(
        model.parameters(), lr=spec.lr, betas=(spec.adam_beta1, spec.adam_beta2), eps=spec.adam_epsilon
    )
    curve, induction, previous, training_s = [], [], [], 0.0
    for step in range(spec.steps + 1):
        if step % spec.eval_every == 0:
            held_out_loss, weights = measure(model, heldout)
            # an induction head reads a layer below it: its curve skips layer 1 unless that is all there is
            scores = best_heads(
                induction_scores(weights, heldout), previous_token_scores(weights), from_layer=min(1, layers - 1)
            )
            curve.append((step, round(held_out_loss, 4)))
            induction.append((step, scores["induction"]))
            previous.append((step, scores["previous_token"]))
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
        "induction_curve": [list(point) for point in induction],
        "previous_token_curve": [list(point) for point in previous],
        **phase_change(curve, induction, math.log(spec.vocab)),
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
        "drop_rule": drop_rule(spec),
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
