"""The ablation pass of the pipeline (sprout.ablate): every head of Sprout removed in turn.

It is the slowest part of the pipeline and depends only on the checkpoint and on the texts, so
each measure's result is kept in ablations.json under a key made of both, and the next build
reuses it while the key matches. Without TinyStories' validation.txt the validation measure
cannot be keyed by its texts; the result of an earlier build on the same checkpoint is then
kept (the committed artifacts carry one), and where there is none the measure is left out.
"""
import hashlib
import json
import sys
from pathlib import Path

from sprout import ablate

from .output import rounded

VERSION = 1  # bump when the computation changes, so every stored result is recomputed
FILE = "ablations.json"
VALIDATION = ablate.VALIDATION


def _digest(*parts):
    return hashlib.sha256(json.dumps(parts, sort_keys=True).encode()).hexdigest()


def previous_results(*folders):
    """The ablations.json of the first folder that has a readable one, else {}."""
    for folder in folders:
        path = Path(folder) / FILE
        try:
            return json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
    return {}


def run(model, tokenizer, checkpoint_sha, tinystories_dir, previous, seed=0, log=None):
    """ablations.json's content: per measure its key, intact value and [layer][head] values."""
    log = log or sys.stderr
    measures, mean_texts = ablate.standard_measures(tokenizer, model.cfg.context, tinystories_dir, seed)
    means_key = _digest(VERSION, checkpoint_sha, [list(ids[:ablate.STORY_TOKENS]) for ids in mean_texts])
    keys = {m.name: _digest(means_key, m.name, m.kind, m.rows, m.positions) for m in measures}
    stored = previous.get("measures", {})
    results = {name: stored[name] for name, key in keys.items() if stored.get(name, {}).get("key") == key}
    if VALIDATION not in keys:
        kept = stored.get(VALIDATION)
        if kept and kept.get("means_key") == means_key:
            results[VALIDATION] = kept
            print("ablations: no TinyStories validation.txt here; kept the validation measure of an earlier "
                  "build on the same checkpoint", file=log)
        else:
            print("ablations: no TinyStories validation.txt and no earlier result for this checkpoint: "
                  "the validation measure is left out", file=log)
    todo = [m for m in measures if m.name not in results]
    print(f"ablations: {len(results)} measures kept from an earlier build, {len(todo)} to compute", file=log)
    if todo:
        means = ablate.mean_head_outputs(model, mean_texts, ablate.STORY_TOKENS)
        fresh = ablate.ablate_heads(model, todo, means)
        for m in todo:
            results[m.name] = {"key": keys[m.name], "means_key": means_key, "kind": m.kind,
                               "rows": len(m.rows), "predictions": sum(map(len, m.positions)),
                               "intact": fresh["intact"][m.name], "ablated": fresh["ablated"][m.name]}
    results = rounded(results)  # as written, so that a stored result gives the same summary as a fresh one
    L, H = model.cfg.n_layer, model.cfg.n_head
    summary = ablate.damage({"intact": {n: r["intact"] for n, r in results.items()},
                             "ablated": {n: r["ablated"] for n, r in results.items()}})
    return {"version": VERSION, "method": "mean", "means_from": f"{ablate.STORIES} held-out generated stories, "
            f"first {ablate.STORY_TOKENS} tokens each", "layers": L, "heads": H,
            "measures": dict(sorted(results.items())), **summary}


def as_removed(result):
    """ablations.json's content in ablate.ablate_heads' shape, for sprout.measurements."""
    measures = result["measures"]
    return {"intact": {n: r["intact"] for n, r in measures.items()},
            "ablated": {n: r["ablated"] for n, r in measures.items()}}


def ablation_stats(result, stats):
    """What only the pass over every head can say: how much each named head breaks (the heads
    are the ones sprout.measurements removed, under ablation.<role>), and the head that breaks most."""
    out = {}
    for role in sorted({key.split(".")[1] for key in stats if key.endswith(".repeat_advantage_kept")}):
        layer, head = stats[f"ablation.{role}.layer"], stats[f"ablation.{role}.head"]
        out[f"ablation.{role}.breaks"] = result["breaks"][layer - 1][head - 1]
    for name, r in result["measures"].items():
        out[f"ablation.rows.{name}"] = r["rows"]
    flat = [(v, l, h) for l, row in enumerate(result["breaks"]) for h, v in enumerate(row)]
    value, l, h = max(flat, key=lambda t: (t[0], -t[1], -t[2]))
    out.update({"ablation.most_breaking.layer": l + 1, "ablation.most_breaking.head": h + 1,
                "ablation.most_breaking.breaks": value,
                "ablation.heads_breaking_nothing": sum(v < ablate.NOTHING for v, _, _ in flat)})
    return out
