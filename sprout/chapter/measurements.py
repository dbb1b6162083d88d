"""The chapter's measures, each a function of models and texts: the repeats' loss curves, the
in-context-learning score, the Tom head, the probes, the pronoun stories of three kinds, the
removal table's numbers. The sections (sprout.chapter.sections) name what they return, with the
dotted names that docs/artifacts/stats.json holds. Heads are 1-based in every name.
"""

import statistics

import torch

from ..analysis.evaluate import token_losses
from ..analysis.lens import best_head, story_scores
from ..corpus import data
from ..corpus.pronoun_stories import KINDS, NAMED_FIRST_AND_LAST
from ..model import context_of
from . import removals
from .examples import load_examples, tokenize_example
from .probe_texts import PROBE_STORIES, REPEAT_LENGTH, kind_examples, name_examples, pronoun_examples
from .probes import attention_share, kind_scores, name_copy_prob, next_piece_probs, parking_corpus, pronoun_share

MODELS = ("window", "gpt1", "sprout")
REPEAT_COUNT = 32  # repeats [◆, R, R] with |R| = REPEAT_LENGTH
HELDOUT_STORIES = 200
ICL_ROWS, ICL_EARLY = 32, 50
LOSS_CORPORA = ("generated", "tinystories_validation")  # data.heldout_corpora's names


def repeat_info(seed=0):
    """What the data files say of the repeats: their length, count and seed."""
    return {"length": REPEAT_LENGTH, "count": REPEAT_COUNT, "seed": seed}


def make_repeats(tokenizer, seed=0):
    return data.repeat_batch(tokenizer.vocab_size, tokenizer.start_id, REPEAT_LENGTH, REPEAT_COUNT, seed)


@torch.no_grad()
def induction_curve(model, repeats):
    """Loss at every token of [◆, R, R]: mean and spread (population std) over the sequences,
    and the mean over R's tokens 2..n the first and the second time."""
    losses = token_losses(model(repeats), repeats)  # (count, 2n): column p is the loss at token p + 1
    n = (repeats.size(1) - 1) // 2
    return {
        "positions": list(range(1, losses.size(1) + 1)),
        "mean": losses.mean(0).tolist(),
        "std": losses.std(0, correction=0).tolist(),
        "first_copy_mean": losses[:, 1:n].mean().item(),
        "second_copy_mean": losses[:, n + 1 :].mean().item(),
    }


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
    return {
        "early_token": early,
        "late_token": late,
        "early_loss": early_loss,
        "late_loss": late_loss,
        "score": late_loss - early_loss,
        "rows": rows.size(0),
    }


def tom_he(model, tokenized):
    """The head that sends most of "he" to every earlier "Tom" of the tom_he example."""
    he = tokenized.spans["he"][0]
    toms = [i for i in range(he) if tokenized.tokens[i].strip() == "Tom"]
    share = attention_share(model, tokenized.ids, he, toms)  # (layers, heads)
    best = best_head(share)
    latest = attention_share(model, tokenized.ids, he, toms[-1:])[best["layer"] - 1, best["head"] - 1].item()
    return {
        "share": best["value"],
        "layer": best["layer"],
        "head": best["head"],
        "latest_share": round(latest, 4),  # that head's share on the "Tom" named last before "he"
        "tom_positions": toms,
        "he_position": he,
    }


def _head(best, value_name="value"):
    return {"layer": best["layer"], "head": best["head"], value_name: best["value"]}


def probe_stats(models, tok, tom_head, tinystories_dir=None, count=PROBE_STORIES):
    """The one-story claims asked of many seeded stories (see sprout.chapter.probes): Sprout's attention
    probed, every given model's copying of made-up names. Returns (stats, measured_on)."""
    sprout = models["sprout"]
    share = pronoun_share(sprout, tok, pronoun_examples(count))
    texts, about = parking_corpus(tinystories_dir, count)
    _, _, parking = story_scores(sprout, tok, texts)
    stats = {
        "probes.stories": count,
        **flat("probes.pronoun", _head(best_head(share))),
        "probes.pronoun.tom_head": round(share[tom_head["layer"] - 1, tom_head["head"] - 1].item(), 4),
        **flat("probes.first_token_argmax", _head(best_head(parking))),
        **{
            f"probes.name.{name}": round(name_copy_prob(model, tok, name_examples(count)), 4)
            for name, model in models.items()
        },
    }
    return stats, {key: about for key in stats if key.startswith("probes.first_token_argmax.")}


def pronoun_kind_stats(model, tok, tom_head, count=PROBE_STORIES):
    """The two-child stories of each kind (sprout.corpus.pronoun_stories.KINDS): per kind, how
    often the Tom head's attention from the pronoun favours the referent over the other child
    ("right") and the referent's share of the two, and the model's own guess of the referent's
    thing after the possessive. Across heads: the head whose worst kind is best (a head that
    resolves the pronoun is right in every kind), and the heads that most often favour the child
    named last, or first, whoever the pronoun means."""
    scores = {kind: kind_scores(model, tok, kind_examples(kind, count)) for kind in KINDS}
    right = torch.stack([scores[kind]["right"] for kind in KINDS])  # (kinds, layers, heads)
    tom = (tom_head["layer"] - 1, tom_head["head"] - 1)
    stats = {"pronoun_kinds.stories": count}
    for kind in KINDS:
        s = scores[kind]
        stats[f"pronoun_kinds.{kind}.tom_head.right"] = round(s["right"][tom].item(), 4)
        stats[f"pronoun_kinds.{kind}.tom_head.share"] = round(s["share"][tom].item(), 4)
        for name, key in (("own", "own"), ("other", "other"), ("right", "guess_right"), ("share", "guess_share")):
            stats[f"pronoun_kinds.{kind}.guess.{name}"] = round(s[key], 4)
    best = best_head(right.min(0).values)
    stats.update(flat("pronoun_kinds.best", _head(best, "worst_kind")))
    for k, kind in enumerate(KINDS):
        stats[f"pronoun_kinds.{kind}.best.right"] = round(right[k, best["layer"] - 1, best["head"] - 1].item(), 4)
    # per head, the share of all stories in which it favours the child named last (or first)
    named_last, named_first = (
        sum(r if NAMED_FIRST_AND_LAST[kind][end] == "a" else 1 - r for r, kind in zip(right, KINDS)) / len(KINDS)
        for end in (1, 0)
    )
    stats.update(flat("pronoun_kinds.last_name_head", _head(best_head(named_last), "share")))
    stats.update(flat("pronoun_kinds.first_name_head", _head(best_head(named_first), "share")))
    stats["pronoun_kinds.tom_head.last_name"] = round(named_last[tom].item(), 4)
    return stats


def flat(prefix, values):
    return {f"{prefix}.{key}": value for key, value in values.items()}


def removal_stats(removed, roles):
    """Named numbers of removing each role's head. removed: ablate.ablate_heads' result (every
    head, or at least the roles'); roles: role -> (layer, head), 1-based."""
    intact, ablated = removed["intact"], removed["ablated"]
    advantage = intact["repeat_first"] - intact["repeat_second"]
    stats = {f"ablation.intact.{name}": value for name, value in intact.items()}
    stats["ablation.intact.repeat_advantage"] = round(advantage, 4)
    if "pronoun_other" in intact:
        stats["ablation.intact.pronoun_ratio"] = round(removals.pronoun_ratio(intact), 4)
    for role, (layer, head) in roles.items():
        at = {name: matrix[layer - 1][head - 1] for name, matrix in ablated.items()}
        kept = at["repeat_first"] - at["repeat_second"]
        stats.update(
            {
                f"ablation.{role}.layer": layer,
                f"ablation.{role}.head": head,
                f"ablation.{role}.repeat_advantage": round(kept, 4),
                f"ablation.{role}.repeat_advantage_kept": round(kept / advantage, 4),
            }
        )
        for name in ("repeat_second", "pronoun_probe", "name_probe", "loss_generated", removals.VALIDATION):
            if name in at:
                stats[f"ablation.{role}.{name}"] = at[name]
        if "pronoun_other" in at:
            stats[f"ablation.{role}.pronoun_ratio"] = round(removals.pronoun_ratio(at), 4)
    return stats


def together_stats(together):
    """The called induction heads removed together (ablate.removed_together): what is left of the
    repeat's advantage with all of them gone and after the k best (k = 1 ..), beside the control
    draws of as many other heads: each column of the removal table (removals.COLUMNS) read off
    every draw, its median, lowest and highest. removals.ControlError, naming the column, when
    a column has no control."""
    controls = removals.control_columns(together)
    every = together["sets"][-1]
    values = every["values"]
    stats = {
        "ablation.induction_heads.count": len(every["heads"]),
        "ablation.induction_heads.repeat_advantage": round(values["repeat_first"] - values["repeat_second"], 4),
        "ablation.induction_heads.repeat_advantage_kept": round(every["repeat_advantage_kept"], 4),
        "ablation.induction_heads.name_probe": values["name_probe"],
        "ablation.induction_heads.pronoun_probe": values["pronoun_probe"],
        "ablation.induction_heads.pronoun_ratio": round(removals.pronoun_ratio(values), 4),
        "ablation.induction_heads.loss_generated": values["loss_generated"],
        "ablation.induction_heads.kept_by_count": [round(s["repeat_advantage_kept"], 4) for s in together["sets"]],
        "ablation.induction_heads.controls": len(together["controls"]),
        # the names the chapter first cited for the repeat's column
        "ablation.induction_heads.control_kept_median": round(statistics.median(controls["repeat_advantage_kept"]), 4),
        "ablation.induction_heads.control_kept_lowest": round(min(controls["repeat_advantage_kept"]), 4),
    }
    stats.update(spread_stats("ablation.controls", controls))
    return stats


def spread_stats(prefix, columns):
    """Each column's median, lowest and highest value over its controls, under prefix.column."""
    stats = {}
    for column, drawn in columns.items():
        stats.update(
            {
                f"{prefix}.{column}.median": round(statistics.median(drawn), 4),
                f"{prefix}.{column}.lowest": round(min(drawn), 4),
                f"{prefix}.{column}.highest": round(max(drawn), 4),
            }
        )
    return stats


def snapshot_numbers(model, tok, tinystories_dir=None, count=PROBE_STORIES, tokenized_examples=None):
    """For choosing among one run's snapshots: the one-story claims beside their probes
    (tokenized_examples: the example set, the chapter's by default)."""
    tokenized_examples = tokenized_examples or tokenized_set(load_examples(), tok, {"sprout": model})
    examples = {t.example.id: t for t in tokenized_examples}
    _, _, argmax = story_scores(model, tok, [t.example.text for t in tokenized_examples])
    tom = tom_he(model, examples["tom_he"])
    zorbin = next_piece_probs(model, tok, examples["zorbin"].example, "second")
    probes, _ = probe_stats({"sprout": model}, tok, tom, tinystories_dir, count)
    return {
        "tom_he": tom["share"],
        "pronoun_probe": probes["probes.pronoun.value"],
        "pronoun_probe_tom_head": probes["probes.pronoun.tom_head"],
        "first_token_argmax_examples": best_head(argmax)["value"],
        "first_token_argmax_probe": probes["probes.first_token_argmax.value"],
        "zorbin_mean_prob": round(sum(zorbin) / len(zorbin), 4),
        "name_probe": probes["probes.name.sprout"],
    }


def tokenized_set(examples, tok, models):
    """The example set tokenised for the shortest context among the models."""
    context = min(c for c in map(context_of, models.values()) if c is not None)
    return [tokenize_example(e, tok, context) for e in examples]
