"""The models' table (parameters, context, training tokens, held-out losses) and their training
times, from the checkpoints and their training records."""

import torch

from ..model import context_of, count_parameters
from .measurements import LOSS_CORPORA, MODELS


def training_tokens(training):
    return training.get("total_tokens_seen", training.get("tokens_seen"))


def training_seconds(training):
    """Wall-clock training time of a checkpoint, all its stages together (None if not recorded)."""
    seconds = training.get("total_duration_s", training.get("duration_s"))
    return None if seconds is None else round(seconds)


def rounded_loss(loss):
    """A held-out loss as stats.json holds it, and e to that loss."""
    loss = round(loss, 4)
    return loss, float(torch.tensor(loss).exp())


def model_table(models, trainings, losses):
    """losses: Reading.losses, each model's held-out loss on each corpus measured."""
    corpora = [c for c in LOSS_CORPORA if c in losses]
    table = {}
    for name in MODELS:
        model = models[name]
        rounded = {c: rounded_loss(losses[c]["loss"][name]) for c in corpora}
        table[name] = {
            "parameters": count_parameters(model),
            "context": context_of(model),
            "training_tokens": training_tokens(trainings[name]),
            "loss": {c: rounded[c][0] for c in corpora},
            "e_loss": {c: rounded[c][1] for c in corpora},
        }
    return {"models": table, "order": list(MODELS), "corpora": corpora, "unit": "nats per token"}
