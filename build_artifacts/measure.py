"""Run the models and score them: everything the artifacts hold that needs torch.

Conventions: layers and heads are 0-based in arrays and 1-based wherever a reader sees them
(the "layer"/"head" fields). "Loss at token k" is the loss of predicting token k (0-based, ◆ is
token 0) from the tokens before it.
"""
import re

import torch

from sprout import data
from sprout.inspect import (capture_attention, first_token_argmax_share, first_token_scores,
                            induction_scores, previous_token_scores, repeat_batch, token_losses)
from sprout.model import build_model, context_of, count_parameters

from .encoding import decode_attention, encode_attention

MODELS = ("window", "gpt1", "sprout")
TOP_K = 5
REPEAT_LENGTH, REPEAT_COUNT = 48, 32  # [◆, R, R] with |R| = 48, as in sprout.claims
ICL_ROWS, ICL_EARLY = 32, 50
SCORE_KINDS = ("previous_token", "first_token", "first_token_argmax", "induction")


def top_predictions(logits_row, tokenizer, k=TOP_K):
    probs = logits_row.float().softmax(-1)
    values, ids = probs.topk(k)
    return [{"id": int(i), "token": tokenizer.display(int(i)), "prob": float(p)}
            for p, i in zip(values.tolist(), ids.tolist())]


def object_recall(marks, ids, logits, tokenizer):
    """How likely each model finds the object's first token right after the recall mark."""
    object_id = ids[marks["object"]["start"]]
    at = marks["recall"]["end"] - 1
    return {"token": tokenizer.display(object_id),
            **{name: round(float(logits[name][at].float().softmax(-1)[object_id]), 5) for name in MODELS}}


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


def _matrix(scores):
    return [[round(float(v), 4) for v in row] for row in scores.tolist()]


def top_heads(scores, k=3):
    """The k best heads of an (L, H) tensor, 1-based, best first (ties: lower layer, head first)."""
    flat = scores.flatten()
    order = sorted(range(flat.numel()), key=lambda i: (-round(float(flat[i]), 4), i))[:k]
    return [{"layer": i // scores.size(1) + 1, "head": i % scores.size(1) + 1,
             "score": round(float(flat[i]), 4)} for i in order]


@torch.no_grad()
def head_scores(model, repeats, tokenized_examples):
    """Every head's scores: induction, previous-token and ◆ on the repeats, previous-token and ◆
    averaged over the example stories (each read alone)."""
    _, w = capture_attention(model, repeats)
    n = (repeats.size(1) - 1) // 2
    on_repeats = {"previous_token": previous_token_scores(w), "first_token": first_token_scores(w),
                  "first_token_argmax": first_token_argmax_share(w), "induction": induction_scores(w, n)}
    sums = None
    for t in tokenized_examples:
        _, w = capture_attention(model, torch.tensor([t.ids]))
        s = torch.stack([previous_token_scores(w), first_token_scores(w), first_token_argmax_share(w)])
        sums = s if sums is None else sums + s
    mean = sums / len(tokenized_examples)
    on_examples = dict(zip(("previous_token", "first_token", "first_token_argmax"), mean))
    return {
        "repeats": {k: _matrix(v) for k, v in on_repeats.items()},
        "examples": {k: _matrix(v) for k, v in on_examples.items()},
        "top": {"induction": top_heads(on_repeats["induction"]),
                "previous_token": top_heads(on_examples["previous_token"]),
                "first_token": top_heads(on_examples["first_token"]),
                "first_token_argmax": top_heads(on_examples["first_token_argmax"])},
    }


def untrained_like(model, seed=0):
    """The same architecture with fresh random weights: what the heads look like before training."""
    torch.manual_seed(seed)
    return build_model(model.cfg).eval()


def make_repeats(tokenizer, seed):
    return repeat_batch(tokenizer.vocab_size, tokenizer.start_id, REPEAT_LENGTH, REPEAT_COUNT, seed)


@torch.no_grad()
def induction_curve(model, repeats):
    """Loss at every token of [◆, R, R]: mean and spread (population std) over the sequences."""
    losses = token_losses(model(repeats), repeats)  # (count, 2n): column p is the loss at token p + 1
    n = (repeats.size(1) - 1) // 2
    return {"positions": list(range(1, losses.size(1) + 1)),
            "mean": losses.mean(0).tolist(), "std": losses.std(0, correction=0).tolist(),
            "first_copy_mean": losses[:, 1:n].mean().item(),  # R[1..n-1], first time (as claims)
            "second_copy_mean": losses[:, n + 1:].mean().item()}


def icl_rows(tokenizer, rows=ICL_ROWS, length=512):
    """Rows of `length` tokens, each held-out generated stories back to back, each story from ◆."""
    out, row, count = [], [], rows * 4
    while True:
        for ids in tokenizer.encode_batch(data.heldout_generated(count)):
            row.extend(ids)
            if len(row) >= length:
                out.append(row[:length])
                row = []
                if len(out) == rows:
                    return torch.tensor(out)
        out, row, count = [], [], count * 2  # stories too short: start again with more


@torch.no_grad()
def icl_score(model, rows, early=ICL_EARLY):
    """Mean loss at a late token minus mean loss at token `early`: negative when the model
    uses what it read long ago. Sprout reads to token 500; shorter contexts to token 250."""
    context = context_of(model)
    late = 500 if context is None or context > 500 else 250
    rows = rows[:, : late + 1]
    losses = torch.cat([token_losses(model(chunk), chunk) for chunk in rows.split(8)])
    early_loss, late_loss = losses[:, early - 1].mean().item(), losses[:, late - 1].mean().item()
    return {"early_token": early, "late_token": late, "early_loss": early_loss, "late_loss": late_loss,
            "score": late_loss - early_loss, "rows": rows.size(0)}


def training_tokens(training):
    return training.get("total_tokens_seen", training.get("tokens_seen"))


def training_seconds(training):
    """Wall-clock training time of a checkpoint, all its stages together (None if not recorded)."""
    seconds = training.get("total_duration_s", training.get("duration_s"))
    return None if seconds is None else round(seconds)


def model_table(models, trainings, claims):
    corpora = sorted({m.group(1) for k in claims for m in [re.fullmatch(r"loss_(.+)_sprout", k)] if m})
    table = {}
    for name in MODELS:
        model = models[name]
        losses = {c: claims[f"loss_{c}_{name}"] for c in corpora}
        table[name] = {"parameters": count_parameters(model), "context": context_of(model),
                       "training_tokens": training_tokens(trainings[name]),
                       "loss": losses, "e_loss": {c: float(torch.tensor(v).exp()) for c, v in losses.items()}}
    return {"models": table, "order": list(MODELS), "corpora": corpora, "unit": "nats per token"}


_CLAIM_KEYS = [  # sprout.claims key -> stats key
    (r"(window|gpt1|sprout)_repeat_loss_(first|second)", r"repeat.\1.loss_\2"),
    (r"(window|gpt1|sprout)_repeat_drop", r"repeat.\1.drop"),
    (r"zorbin_(gpt1|sprout)_probs", r"zorbin.\1.probs"),
    (r"zorbin_(gpt1|sprout)_mean_prob", r"zorbin.\1.mean_prob"),
    (r"loss_(.+)_(window|gpt1|sprout)", r"loss.\1.\2"),
    (r"first_token_mean_share", r"first_token.mean_share"),
    (r"probe_stories", r"probes.stories"),
    (r"name_probe_(gpt1|sprout)", r"probes.name.\1"),
    (r"pronoun_probe_tom_head", r"probes.pronoun.tom_head"),
    (r"(pronoun|first_token_argmax)_probe", r"probes.\1"),
    (r"removal_(induction|tom)_(.+)", r"removal.\1.\2"),
]


def stats_from_claims(claims):
    """sprout.claims' result as flat dotted keys: tom_he.share, loss.generated.sprout, ..."""
    stats = {}
    for key, value in claims.items():
        if key in ("checkpoints", "measured_on"):  # a path on the machine that built it; see measured_on
            continue
        name = key
        for pattern, replacement in _CLAIM_KEYS:
            if re.fullmatch(pattern, key):
                name = re.sub(pattern, replacement, key)
                break
        if isinstance(value, dict):
            for sub, v in value.items():
                stats[f"{name}.{'share' if key == 'tom_he' and sub == 'value' else sub}"] = v
        else:
            stats[name] = value
    return stats


def measured_on(claims):
    """stats key -> the held-out corpus (named by its sha256) that number was measured on, for
    every number that read one; e_loss.<corpus>.<model> is e to the matching loss."""
    corpus_of = {}
    for prefix, about in claims["measured_on"].items():
        for key, value in claims.items():
            if key == prefix or key.startswith(prefix + "_"):
                corpus_of.update(dict.fromkeys(stats_from_claims({key: value}), about))
    corpus_of.update({"e_" + key: about for key, about in corpus_of.items() if key.startswith("loss.")})
    return dict(sorted(corpus_of.items()))
