"""The artifacts' records of the models: each example's tokens, attention and predictions, the
model table. The named numbers themselves come from sprout.measurements.

Conventions: layers and heads are 0-based in arrays and 1-based wherever a reader sees them
(the "layer"/"head" fields). "Loss at token k" is the loss of predicting token k (0-based, ◆ is
token 0) from the tokens before it.
"""
import torch

from sprout.lens import capture_attention
from sprout.measurements import MODELS, LOSS_CORPORA
from sprout.model import context_of, count_parameters
from sprout.precision import widened

from .encoding import decode_attention, encode_attention

TOP_K = 5


def top_predictions(logits_row, tokenizer, k=TOP_K):
    probs = widened(logits_row).softmax(-1)
    values, ids = probs.topk(k)
    return [{"id": int(i), "token": tokenizer.display(int(i)), "prob": float(p)}
            for p, i in zip(values.tolist(), ids.tolist())]


def object_recall(marks, ids, logits, tokenizer):
    """How likely each model finds the object's first token right after the recall mark."""
    object_id = ids[marks["object"]["start"]]
    at = marks["recall"]["end"] - 1
    return {"token": tokenizer.display(object_id),
            **{name: round(float(widened(logits[name][at]).softmax(-1)[object_id]), 5) for name in MODELS}}


@torch.no_grad()
def example_record(tokenized, models, tokenizer):
    """The data of one example file; also returns the quantised Sprout weights (for the figure)."""
    ids = torch.tensor([tokenized.ids])
    sprout_logits, weights = capture_attention(models["sprout"], ids)
    weights = weights[0].numpy()
    L, H, T, _ = weights.shape
    encoded = encode_attention(weights)
    logits = {"sprout": sprout_logits[0]}
    for name in MODELS:
        if name != "sprout":
            logits[name] = models[name](ids)[0]
    ex = tokenized.example
    marks, predictions = {}, {}
    for mark, (start, end) in tokenized.spans.items():
        phrase, occurrence = ex.marks[mark]
        marks[mark] = {"text": phrase, "occurrence": occurrence, "start": start, "end": end,
                       "position": end - 1}
        predictions[mark] = {name: top_predictions(logits[name][end - 1], tokenizer) for name in MODELS}
    # next[model][t]: the top predictions for the token after position t, at every position
    following = {name: [top_predictions(row, tokenizer) for row in logits[name]] for name in MODELS}
    record = {
        "id": ex.id, "title": ex.title, "text": ex.text,
        "ids": list(tokenized.ids), "tokens": list(tokenized.tokens),
        "marks": marks, "predictions": predictions, "next": following,
        "attention": {"model": "sprout", "layers": L, "heads": H, "tokens": T,
                      "encoding": "tril-u8-base64", "data": encoded},
    }
    if {"object", "recall"} <= marks.keys():
        record["object_recall"] = object_recall(marks, tokenized.ids, logits, tokenizer)
    quantised = (decode_attention(encoded, L, H, T) * 255).round().astype("uint8")
    return record, quantised


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
        table[name] = {"parameters": count_parameters(model), "context": context_of(model),
                       "training_tokens": training_tokens(trainings[name]),
                       "loss": {c: stats[f"loss.{c}.{name}"] for c in corpora},
                       "e_loss": {c: stats[f"e_loss.{c}.{name}"] for c in corpora}}
    return {"models": table, "order": list(MODELS), "corpora": corpora, "unit": "nats per token"}
