"""The copying race's control: is it the layers or the drills?

Sprout read copy drills (random tokens repeated) in its training; the published gpt-1 and window
network read stories only. The controls are the same two small models trained on Sprout's data
kinds, drills included (sprout/training/recipes/gpt1-drilled.toml, window-drilled.toml), and
gpt-1's two-block twin trained exactly as the drilled gpt-1 (gpt1-twin.toml): the fair pair for
"is it the layers?". Each is measured on copying exactly as the chapter measures the others (sprout.chapter.measurements):
the repeat's loss, the made-up names of the probe stories and Zorbin Plax. What each model read
comes from its own training.json.
"""

import math
from pathlib import Path

import torch

from ..analysis.lens import capture_attention, induction_scores
from ..checkpoint import load_checkpoint
from ..precision import in_float64
from .measurements import MODELS, induction_curve, make_repeats
from .probe_texts import PROBE_STORIES, name_examples
from .seeded_probes import name_copy_prob, next_piece_probs
from .training_history import first_copy_scored

CONTROLS = {  # stat name -> checkpoint folder
    "gpt1_drilled": "gpt1-drilled",
    "window_drilled": "window-drilled",
    "gpt1_twin": "gpt1-twin",
}


def load_controls(checkpoints):
    """{name: (model, tokenizer, training)} for every control published under `checkpoints`."""
    folders = {name: Path(checkpoints) / folder for name, folder in CONTROLS.items()}
    return {name: load_checkpoint(f) for name, f in folders.items() if (f / "model.safetensors").is_file()}


def stages_of(training):
    return [*training.get("earlier_stages", []), training]


def trained_on(training):
    """What a model read: whether any stage had copy (echo) drills, the share of its drills whose
    first copy was scored, its total steps and tokens;
    None where its training.json does not record it."""
    stages = stages_of(training)

    def total(field):
        return sum(s[field] for s in stages) if all(field in s for s in stages) else None

    def any_of(kind):
        if not all("mix" in s.get("recipe", {}) for s in stages):
            return None
        return int(any(s["recipe"]["mix"].get(kind, 0) > 0 for s in stages))

    drilled = [s["recipe"]["mix"] for s in stages if s.get("recipe", {}).get("mix", {}).get("copy", 0) > 0]
    return {
        # the share of the drills whose first, unpredictable copy is in the loss (last drilled stage)
        "first_copy_scored": first_copy_scored(drilled[-1]) if drilled else None,
        "copy_drills": any_of("copy"),
        "echo_drills": any_of("echo"),
        "steps": total("step"),
        "tokens": total("tokens_seen"),
    }


@torch.no_grad()
def first_copy_entropy(model, repeats):
    """Mean entropy (nats) of the guess over R's tokens 2..n the first time: how sure a model is
    while it reads random tokens it cannot predict."""
    n = (repeats.size(1) - 1) // 2
    logp = model(repeats)[:, 1:n].float().log_softmax(-1)
    return -(logp.exp() * logp).sum(-1).mean().item()


@torch.no_grad()
def best_induction_score(model, repeats):
    """The highest induction score of any head on the repeats (None for a model without heads)."""
    _, weights = capture_attention(model, repeats)
    if not weights.size(1):
        return None
    return induction_scores(weights, (repeats.size(1) - 1) // 2).max().item()


def race_results(models, controls, tok, tokenized_examples, seed=0):
    """Each control measured as the chapter measures the baselines, the entropy of every model's
    guesses over random tokens (the three published and the controls), and guessing evenly among
    the vocabulary as the reference. models: the published ones (sprout.chapter.measurements.MODELS);
    controls: load_controls()."""
    trainings = {name: training for name, (_, _, training) in controls.items()}
    every = {**models, **{name: model for name, (model, _, _) in controls.items()}}
    repeats = make_repeats(tok, seed)
    results = {"uniform_loss": round(math.log(tok.vocab_size), 4), "entropy_first": {}, "controls": {}}
    for name, model in every.items():
        results["entropy_first"][name] = round(first_copy_entropy(model, repeats), 4)
    zorbin = next(t for t in tokenized_examples if t.example.id == "zorbin").example
    for name, model in every.items():
        if name in MODELS:
            continue
        curve = induction_curve(model, repeats)
        first, second = round(curve["first_copy_mean"], 4), round(curve["second_copy_mean"], 4)
        probs = next_piece_probs(model, tok, zorbin, "second")
        results["controls"][name] = {
            "loss_first": first,
            "loss_second": second,
            "drop": round(first - second, 4),
            "induction_best": _rounded(best_induction_score(model, repeats)),
            "zorbin_probs": probs,
            "zorbin_mean_prob": round(sum(probs) / len(probs), 4),
            "name_prob": round(name_copy_prob(model, tok, name_examples(PROBE_STORIES)), 4),
            "training_seconds": round(sum(s.get("duration_s", 0) for s in stages_of(trainings[name]))),
        }
    return results


def _rounded(value):
    return None if value is None else round(value, 4)


def measured(reading):
    """The race's controls measured as the baselines are (race_results), in float64."""
    controls = {n: (in_float64(model), *rest) for n, (model, *rest) in reading.loaded.controls.items()}
    return race_results(reading.models64, controls, reading.tokenizer, reading.tokenized, reading.seed)


def inputs(reading):
    return (reading.loaded.control_sha, reading.texts, reading.seed)
