"""One story's record as the widgets read it: tokens, attention of every head and every model's
top predictions. The artifacts' example files (sprout/chapter/model_table.py) and the notebook
views (sprout/notebook) are both made here, so both show the same numbers.

Conventions: layers and heads are 0-based in arrays and 1-based wherever a reader sees them.
"""

import torch

from ..precision import widened
from .encoding import decode_attention, encode_attention
from .lens import capture_attention

TOP_K = 5


def top_predictions(logits_row, tokenizer, k=TOP_K):
    probs = widened(logits_row).softmax(-1)
    values, ids = probs.topk(k)
    return [
        {"id": int(i), "token": tokenizer.display(int(i)), "prob": float(p)}
        for p, i in zip(values.tolist(), ids.tolist())
    ]


def object_recall(marks, ids, logits, tokenizer):
    """How likely each model finds the object's first token right after the recall mark."""
    object_id = ids[marks["object"]["start"]]
    at = marks["recall"]["end"] - 1
    return {
        "token": tokenizer.display(object_id),
        **{name: round(float(widened(logits[name][at]).softmax(-1)[object_id]), 5) for name in logits},
    }


@torch.no_grad()
def story_record(tokenized, models, tokenizer, attention_of="sprout"):
    """(record, weights): the data of one story and the float attention weights (layers, heads,
    T, T) of `attention_of`, from one forward pass of each model. `models` maps names to models
    in the order the record lists them."""
    ids = torch.tensor([tokenized.ids])
    logits = {}
    for name, model in models.items():
        if name == attention_of:
            logits[name], weights = capture_attention(model, ids)
            weights = weights[0]
        else:
            logits[name] = models[name](ids)
        logits[name] = logits[name][0]
    L, H, T, _ = weights.shape
    ex = tokenized.example
    marks, predictions = {}, {}
    for mark, (start, end) in tokenized.spans.items():
        phrase, occurrence = ex.marks[mark]
        marks[mark] = {"text": phrase, "occurrence": occurrence, "start": start, "end": end, "position": end - 1}
        predictions[mark] = {name: top_predictions(logits[name][end - 1], tokenizer) for name in models}
    # next[model][t]: the top predictions for the token after position t, at every position
    following = {name: [top_predictions(row, tokenizer) for row in logits[name]] for name in models}
    record = {
        "id": ex.id,
        "title": ex.title,
        "text": ex.text,
        "ids": list(tokenized.ids),
        "tokens": list(tokenized.tokens),
        "marks": marks,
        "predictions": predictions,
        "next": following,
        "attention": {
            "model": attention_of,
            "layers": L,
            "heads": H,
            "tokens": T,
            "encoding": "tril-u8-base64",
            "data": encode_attention(weights.numpy()),
        },
    }
    if {"object", "recall"} <= marks.keys():
        record["object_recall"] = object_recall(marks, tokenized.ids, logits, tokenizer)
    return record, weights


def example_record(tokenized, models, tokenizer):
    """The data of one example file; also returns the quantised Sprout weights (for the figure)."""
    record, _ = story_record(tokenized, models, tokenizer)
    a = record["attention"]
    quantised = (decode_attention(a["data"], a["layers"], a["heads"], a["tokens"]) * 255).round().astype("uint8")
    return record, quantised
