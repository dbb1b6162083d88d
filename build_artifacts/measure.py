"""The artifacts' records of the models: each example's tokens, attention and predictions
(sprout.analysis.records, which the notebook views share), the model table. The named numbers themselves
come from sprout.chapter.measurements.

Conventions: layers and heads are 0-based in arrays and 1-based wherever a reader sees them
(the "layer"/"head" fields). "Loss at token k" is the loss of predicting token k (0-based, ◆ is
token 0) from the tokens before it.
"""

from sprout.analysis.records import example_record  # noqa: F401 (the pipeline's measure.example_record)
from sprout.chapter.measurements import LOSS_CORPORA, MODELS
from sprout.model import context_of, count_parameters


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
