"""The models' table (parameters, context, training tokens, held-out losses) and their training
times, from the checkpoints and their training records."""

from ..model import context_of, count_parameters
from .measurements import LOSS_CORPORA, MODELS


def training_tokens(training):
    return training.get("total_tokens_seen", training.get("tokens_seen"))


def training_seconds(training):
    """Wall-clock training time of a checkpoint, all its stages together (None if not recorded)."""
    seconds = training.get("total_duration_s", training.get("duration_s"))
    return None if seconds is None else round(seconds)


def model_table(models, trainings, stats):
    corpora = [c for c in LOSS_CORPORA if f"loss.{c}.sprout" in stats]
    table = {}
    for name in MODELS:
        model = models[name]
        table[name] = {
            "parameters": count_parameters(model),
            "context": context_of(model),
            "training_tokens": training_tokens(trainings[name]),
            "loss": {c: stats[f"loss.{c}.{name}"] for c in corpora},
            "e_loss": {c: stats[f"e_loss.{c}.{name}"] for c in corpora},
        }
    return {"models": table, "order": list(MODELS), "corpora": corpora, "unit": "nats per token"}
