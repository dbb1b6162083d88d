"""The chapter's pass over every head (sprout.analysis.ablate): each head of Sprout removed in turn.

The pass runs in float32 under bf16 autocast, as the models run in training, and bf16 kernels
differ in their last bits from one CPU to the next (AMX on Intel, AVX512-BF16 on AMD): a fresh
pass moves about one number in ten in its fourth digit. So the published ablations.json is the
pass's record: each measure's result carries a key made of the code that computes the pass (the
source of this module and every project module it imports, sprout.cache.code_version), torch's
version, the checkpoint, the tokenizer, the seed, the token ids it read and, for the validation
measure, the sha256 of validation.txt; and the record is one of sprout.cache's storage options
(Cache.kept_in): a published result is kept while its key matches, so that the site's bytes are
the same on any CPU, and computed again when the code or an input changed.
(Everything else is in float64 and kept in the cache's folder or its published store, from which
any CPU may recompute it.) Without TinyStories' validation.txt the
validation measure cannot be computed; the published result for the same checkpoint is then kept,
and where there is none the measure is left out.

One head removed alone can be stood in for by another that does the same job, so the heads the
chapter calls induction heads (sprout.chapter.measurements picks them) are also removed together
("together": the best one, the two best, ... all of them). As a control, sets of as many other
heads (neither induction nor previous-token heads, which induction heads read), matched by layer,
are drawn at random and removed together too: what is specific to the induction heads shows as
the gap.
"""

import json
import sys
from pathlib import Path

import torch

from ..analysis.matched_controls import matched_together_sets
from ..cache import code_version, digest
from ..corpus import data
from ..files import file_sha256
from ..rounding import rounded
from . import removals

FILE = "ablations.json"
VALIDATION = removals.VALIDATION


def published(*folders):
    """The pass's record (ablations.json) in the first of `folders` (None: skipped) that holds
    one that reads, or {} when none does."""
    for folder in folders:
        try:
            return json.loads((Path(folder) / FILE).read_text(encoding="utf-8"))
        except (TypeError, OSError, ValueError):
            continue
    return {}


def code():
    """The code part of the pass's keys: the source of the module whose function computes it (the
    chapter's declared result, `measured`) and of every project module it imports."""
    return code_version(measured.__module__)


def pass_keys(checkpoint_sha, tokenizer, seed, measures, mean_texts, validation_sha=None):
    """(means_key, {measure: key}). means_key: what every measure shares (the code, torch's version,
    the checkpoint, the tokenizer, the seed, the texts the heads' means are taken over); a measure's
    key adds its token rows and positions and, for the validation measure, validation.txt's sha256."""
    texts = [list(ids[: removals.STORY_TOKENS]) for ids in mean_texts]
    means_key = digest(code(), torch.__version__, checkpoint_sha, tokenizer.sha256(), seed, texts)
    read_file = {VALIDATION: validation_sha}
    return means_key, {
        m.name: digest(means_key, m.name, m.kind, m.rows, m.positions, read_file.get(m.name)) for m in measures
    }


def every_head(model, tokenizer, checkpoint_sha, tinystories_dir, published, cache, seed=0):
    """Per measure: its key, intact value and [layer][head] values with each head removed in turn;
    a published result (ablations.json's content) is kept while its key matches (cache.kept_in)."""
    measures, mean_texts = removals.standard_measures(tokenizer, model.cfg.context, tinystories_dir, seed)
    validation = data.validation_file(tinystories_dir)
    validation_sha = None if validation is None else file_sha256(validation)
    means_key, keys = pass_keys(checkpoint_sha, tokenizer, seed, measures, mean_texts, validation_sha)

    def compute(names):
        todo = [m for m in measures if m.name in names]
        fresh = removals.removed_one_at_a_time(model, todo, mean_texts)
        return {
            m.name: {
                "key": keys[m.name],
                "means_key": means_key,
                "kind": m.kind,
                "rows": len(m.rows),
                "predictions": sum(map(len, m.positions)),
                "intact": fresh["intact"][m.name],
                "ablated": fresh["ablated"][m.name],
            }
            for m in todo
        }

    return {"means_key": means_key, "measures": cache.kept_in(published.get("measures", {}), keys, compute, FILE)}


def summary(model, fresh, earlier, log=None):
    """ablations.json's content from every_head's result; the validation measure, when it could
    not be computed here, kept from `earlier` (the published file) if it read the same checkpoint."""
    log = log or sys.stderr
    results = dict(fresh["measures"])
    if VALIDATION not in results:
        kept = earlier.get("measures", {}).get(VALIDATION)
        if kept and kept.get("means_key") == fresh["means_key"]:
            results[VALIDATION] = kept  # the build says so, with the other results it took as published
        else:
            print(
                "ablations: no TinyStories validation.txt and no published result for this checkpoint: "
                "the validation measure is left out",
                file=log,
            )
    results = rounded(results)  # as written, so that a kept result gives the same summary as a fresh one
    damage = removals.damage(
        {
            "intact": {n: r["intact"] for n, r in results.items()},
            "ablated": {n: r["ablated"] for n, r in results.items()},
        }
    )
    return {
        "method": "mean",
        "means_from": f"{removals.STORIES} held-out generated stories, first {removals.STORY_TOKENS} tokens each",
        "layers": model.cfg.n_layer,
        "heads": model.cfg.n_head,
        "measures": dict(sorted(results.items())),
        **damage,
    }


def together(model, tokenizer, checkpoint_sha, heads, others, published, cache, seed=0):
    """ablations.json's "together": the k best of `heads` ((layer, head), 1-based, best first)
    removed at once for every k, beside control sets of as many heads from `others`, matched by
    layer (sprout.analysis.matched_controls: the same layers as far as they have heads to spare,
    then the nearest ones, each fallback in "control_notes"), on every measure but the validation
    loss (so that a build without TinyStories gives the same result); the published "together"
    is kept while its key matches (cache.kept_in)."""
    measures, mean_texts = removals.standard_measures(tokenizer, model.cfg.context, None, seed)
    means_key, keys = pass_keys(checkpoint_sha, tokenizer, seed, measures, mean_texts)
    try:
        sets, controls, notes = matched_together_sets(heads, others, seed)
    except ValueError as error:  # no control can be drawn: the removal table would have no control row
        raise removals.ControlError(str(error)) from None
    key = digest(means_key, "together", sets, controls, [keys[m.name] for m in measures if m.name != VALIDATION])

    def compute(_):
        removed = removals.heads_removed_together(model, tokenizer, sets, controls, seed)
        return {"together": rounded({"key": key, "control_notes": notes, **removed})}

    return cache.kept_in(published, {"together": key}, compute, FILE)["together"]


def most_breaking(result):
    """The head whose removal breaks most (1-based, the lowest layer and head among equals), and
    how many heads break nothing."""
    flat = [(v, l, h) for l, row in enumerate(result["breaks"]) for h, v in enumerate(row)]
    value, l, h = max(flat, key=lambda t: (t[0], -t[1], -t[2]))
    return {"layer": l + 1, "head": h + 1, "breaks": value}, sum(v < removals.NOTHING for v, _, _ in flat)


def others_alone(result, tom_head):
    """The pronoun column's single-head control: the lowest P(right pronoun), and the lowest
    right share of the two pronouns, with any head but the Tom head (1-based) removed alone."""
    m = result["measures"]
    right, other = m["pronoun_probe"]["ablated"], m["pronoun_other"]["ablated"]
    heads = [(l, h) for l in range(len(right)) for h in range(len(right[0])) if (l + 1, h + 1) != tuple(tom_head)]
    ratio = [removals.pronoun_ratio({"pronoun_probe": right[l][h], "pronoun_other": other[l][h]}) for l, h in heads]
    return {
        "pronoun_probe_lowest": min(right[l][h] for l, h in heads),
        "pronoun_ratio_lowest": round(min(ratio), 4),
    }


def kept_alone(result):
    """What is left of the repeat's advantage without each of the induction heads removed
    together ("together"), removed alone instead (from the pass over every head)."""
    m, every = result["measures"], result["together"]["sets"][-1]
    advantage = m["repeat_first"]["intact"] - m["repeat_second"]["intact"]
    return [
        (m["repeat_first"]["ablated"][l - 1][h - 1] - m["repeat_second"]["ablated"][l - 1][h - 1]) / advantage
        for l, h in every["heads"]
    ]


def measured(reading):
    """ablations.json's content: every head removed alone (in float32 and bf16, as in training),
    and the induction heads removed together beside control draws."""
    sprout, tok, sha = reading.loaded.models["sprout"], reading.tokenizer, reading.loaded.sha["sprout"]
    every = every_head(sprout, tok, sha, reading.tinystories, reading.removal_record, reading.cache, reading.seed)
    result = summary(sprout, every, reading.removal_record)
    if reading.induction_heads:
        result["together"] = together(
            sprout,
            tok,
            sha,
            reading.induction_heads,
            reading.control_pool,
            reading.removal_record,
            reading.cache,
            reading.seed,
        )
    return result
