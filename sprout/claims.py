"""The chapter's claims about the trained models, measured on the published checkpoints."""
import json
from pathlib import Path

import torch

from . import data
from .checkpoint import load_checkpoint
from .evaluate import heldout_loss
from .examples import load_examples, tokenize_example
from .inspect import (capture_attention, first_token_argmax_share, first_token_scores, head_report,
                      previous_token_scores)
from .model import context_of

MODELS = ("window", "gpt1", "sprout")
REPEAT_LENGTH, REPEAT_COUNT = 48, 32  # [◆, R, R] with |R| = 48, 32 sequences
HELDOUT_STORIES = 200

# The floors the tests hold the published models to.
THRESHOLDS = {
    "induction_score": 0.5,  # sprout.best_induction >=
    "sprout_repeat_drop": 4.0,  # nats, >=
    "gpt1_repeat_drop": 1.0,  # nats, <
    "previous_token_score": 0.8,  # >=
    "first_token_argmax_share": 0.8,  # >=
    "tom_he_share": 0.7,  # >=
    "zorbin_sprout_prob": 0.9,  # mean over the second occurrence's pieces, >=
    "zorbin_gpt1_prob": 0.05,  # <
}


def best_head(scores):
    """((layer, head) 1-based, value) of the largest entry of an (L, H) tensor."""
    flat = int(scores.argmax())
    layer, head = divmod(flat, scores.size(1))
    return {"layer": layer + 1, "head": head + 1, "value": round(scores.max().item(), 4)}


def story_scores(model, tokenizer, texts, max_tokens=128):
    """Previous-token and ◆ scores per head, averaged over stories read one at a time."""
    sums = None
    for ids in tokenizer.encode_batch(texts):
        _, w = capture_attention(model, torch.tensor([ids[:max_tokens]]))
        scores = torch.stack([previous_token_scores(w), first_token_scores(w), first_token_argmax_share(w)])
        sums = scores if sums is None else sums + scores
    return sums / len(texts)


def tom_he(model, tokenizer, example):
    tokenized = tokenize_example(example, tokenizer, model.cfg.context)
    he = tokenized.spans["he"][0]
    toms = [i for i in range(he) if tokenized.tokens[i].strip() == "Tom"]
    _, w = capture_attention(model, torch.tensor([tokenized.ids]))
    share = w[0, :, :, he, toms].sum(-1)  # (layers, heads): weight of "he" on every "Tom"
    return {**best_head(share), "tom_positions": toms, "he_position": he}


def next_piece_probs(model, tokenizer, example, mark):
    """P(correct next piece) at each token of the mark's span but its last."""
    tokenized = tokenize_example(example, tokenizer, context_of(model))
    start, end = tokenized.spans[mark]
    with torch.no_grad():
        probs = model(torch.tensor([tokenized.ids]))[0].float().softmax(-1)
    return [round(probs[p, tokenized.ids[p + 1]].item(), 4) for p in range(start, end - 1)]


def measure_claims(checkpoints, tinystories_dir=None):
    checkpoints = Path(checkpoints)
    loaded = {name: load_checkpoint(checkpoints / name) for name in MODELS}
    tok = loaded["sprout"][1]
    examples = {e.id: e for e in load_examples()}
    result = {"checkpoints": str(checkpoints)}

    reports = {name: head_report(loaded[name][0], tok.vocab_size, tok.start_id, REPEAT_LENGTH, REPEAT_COUNT)
               for name in MODELS}
    for name, rep in reports.items():
        result[f"{name}_repeat_loss_first"] = rep["repeat_loss_first"]
        result[f"{name}_repeat_loss_second"] = rep["repeat_loss_second"]
        result[f"{name}_repeat_drop"] = round(rep["repeat_loss_first"] - rep["repeat_loss_second"], 4)
    sprout = loaded["sprout"][0]
    result["induction_head"] = best_head(torch.tensor(reports["sprout"]["induction_scores"]))
    # the same detectors on [◆, R, R], where no word can pull a head away from its pattern
    result["repeats_previous_token_head"] = best_head(torch.tensor(reports["sprout"]["previous_token_scores"]))
    result["repeats_first_token_argmax_head"] = best_head(torch.tensor(reports["sprout"]["first_token_argmax_scores"]))

    prev, first, argmax = story_scores(sprout, tok, [e.text for e in examples.values()])  # "across the examples"
    result["previous_token_head"] = best_head(prev)
    result["first_token_head"] = best_head(first)
    result["first_token_argmax_head"] = best_head(argmax)
    result["first_token_mean_share"] = round(first.mean().item(), 4)

    result["tom_he"] = tom_he(sprout, tok, examples["tom_he"])
    for name in ("gpt1", "sprout"):
        probs = next_piece_probs(loaded[name][0], tok, examples["zorbin"], "second")
        result[f"zorbin_{name}_probs"] = probs
        result[f"zorbin_{name}_mean_prob"] = round(sum(probs) / len(probs), 4)

    corpora = {"generated": data.heldout_generated(HELDOUT_STORIES)}
    if tinystories_dir and (Path(tinystories_dir) / "validation.txt").exists():
        corpora["tinystories_validation"] = data.read_stories(Path(tinystories_dir) / "validation.txt")[:HELDOUT_STORIES]
    for corpus, texts in corpora.items():
        for name in MODELS:
            result[f"loss_{corpus}_{name}"] = round(heldout_loss(loaded[name][0], tok, texts), 4)
    return result


def verdicts(r):
    """(claim, holds?, measured) for every claim."""
    t = THRESHOLDS
    rows = [
        ("induction head score >= 0.5", r["induction_head"]["value"] >= t["induction_score"], r["induction_head"]),
        ("Sprout reads a repeat >= 4 nats better", r["sprout_repeat_drop"] >= t["sprout_repeat_drop"], r["sprout_repeat_drop"]),
        ("gpt-1 reads a repeat < 1 nat better", r["gpt1_repeat_drop"] < t["gpt1_repeat_drop"], r["gpt1_repeat_drop"]),
        ("previous-token head score >= 0.8 on [◆, R, R]", r["repeats_previous_token_head"]["value"] >= t["previous_token_score"], r["repeats_previous_token_head"]),
        ("previous-token head score >= 0.8 on the examples", r["previous_token_head"]["value"] >= t["previous_token_score"], r["previous_token_head"]),
        ("a head's row argmax is ◆ in >= 80% of rows of [◆, R, R]", r["repeats_first_token_argmax_head"]["value"] >= t["first_token_argmax_share"], r["repeats_first_token_argmax_head"]),
        ("a head's row argmax is ◆ in >= 80% of rows of the examples", r["first_token_argmax_head"]["value"] >= t["first_token_argmax_share"], r["first_token_argmax_head"]),
        ('one head sends >= 70% of "he" to "Tom"', r["tom_he"]["value"] >= t["tom_he_share"], r["tom_he"]),
        ("Zorbin Plax again: Sprout >= 0.9", r["zorbin_sprout_mean_prob"] >= t["zorbin_sprout_prob"], r["zorbin_sprout_probs"]),
        ("Zorbin Plax again: gpt-1 < 0.05", r["zorbin_gpt1_mean_prob"] < t["zorbin_gpt1_prob"], r["zorbin_gpt1_probs"]),
    ]
    for corpus in ("generated", "tinystories_validation"):
        if f"loss_{corpus}_sprout" in r:
            losses = [r[f"loss_{corpus}_{m}"] for m in ("sprout", "gpt1", "window")]
            rows.append((f"held-out loss on {corpus}: Sprout < gpt-1 < window", losses[0] < losses[1] < losses[2], losses))
    return rows


def print_claims(result):
    for claim, holds, measured in verdicts(result):
        print(f"{'PASS' if holds else 'FAIL'}  {claim}: {json.dumps(measured)}")
