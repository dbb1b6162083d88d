"""The chapter's measures, each a function of models and texts: the repeats' loss curves, the
in-context-learning score, the Tom head, the probes, the pronoun stories of three kinds. Each
returns plain data; the sections (sprout.chapter.sections) name the numbers, with the dotted
names that docs/artifacts/stats.json holds. Heads are 1-based everywhere.
"""

import torch

from ..analysis.evaluate import token_losses
from ..analysis.lens import best_head, story_scores
from ..corpus import data
from ..corpus.pronoun_stories import KINDS, NAMED_FIRST_AND_LAST
from ..model import context_of
from ..published_models import NAMES
from .examples import load_examples, tokenize_example
from .probe_texts import PROBE_STORIES, REPEAT_LENGTH, kind_examples, name_examples, pronoun_examples
from .seeded_probes import attention_share, kind_scores, name_copy_prob, next_piece_probs, parking_corpus, pronoun_share

MODELS = NAMES  # the published models (sprout/published_models.py), smallest first
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


def written_probes(models, tok, tom_head, count=PROBE_STORIES):
    """The probes on stories written for them (sprout.chapter.probe_texts), which read no corpus:
    Sprout's pronoun attention, every given model's copying of made-up names."""
    share = pronoun_share(models["sprout"], tok, pronoun_examples(count))
    return {
        "stories": count,
        "pronoun": _head(best_head(share)),
        "pronoun_tom_head": round(share[tom_head["layer"] - 1, tom_head["head"] - 1].item(), 4),
        "name": {name: round(name_copy_prob(model, tok, name_examples(count)), 4) for name, model in models.items()},
    }


def parking_probe(model, tok, texts, about):
    """The head that parks most on ◆ in held-out stories (parking_corpus); read_on: `about` them."""
    _, _, parking = story_scores(model, tok, texts)
    return {"first_token_argmax": _head(best_head(parking)), "read_on": about}


def probe_results(models, tok, tom_head, tinystories_dir=None, count=PROBE_STORIES):
    """The one-story claims asked of many seeded stories (see sprout.chapter.seeded_probes): Sprout's
    attention probed, every given model's copying of made-up names, and the ◆ probe on the held-out
    sample parking_corpus picks (its read_on)."""
    return {
        **written_probes(models, tok, tom_head, count),
        **parking_probe(models["sprout"], tok, *parking_corpus(tinystories_dir, count)),
    }


GUESSES = (("own", "own"), ("other", "other"), ("right", "guess_right"), ("share", "guess_share"))


def pronoun_kinds(model, tok, tom_head, count=PROBE_STORIES):
    """The two-child stories of each kind (sprout.corpus.pronoun_stories.KINDS): per kind, how
    often the Tom head's attention from the pronoun favours the referent over the other child
    ("right") and the referent's share of the two, and the model's own guess of the referent's
    thing after the possessive. Across heads: the head whose worst kind is best (a head that
    resolves the pronoun is right in every kind), and the heads that most often favour the child
    named last, or first, whoever the pronoun means."""
    scores = {kind: kind_scores(model, tok, kind_examples(kind, count)) for kind in KINDS}
    right = torch.stack([scores[kind]["right"] for kind in KINDS])  # (kinds, layers, heads)
    tom = (tom_head["layer"] - 1, tom_head["head"] - 1)
    best = best_head(right.min(0).values)
    # per head, the share of all stories in which it favours the child named last (or first)
    named_last, named_first = (
        sum(r if NAMED_FIRST_AND_LAST[kind][end] == "a" else 1 - r for r, kind in zip(right, KINDS)) / len(KINDS)
        for end in (1, 0)
    )
    kinds = {
        kind: {
            "tom_head": {"right": round(s["right"][tom].item(), 4), "share": round(s["share"][tom].item(), 4)},
            "guess": {name: round(s[key], 4) for name, key in GUESSES},
            "best": {"right": round(right[k, best["layer"] - 1, best["head"] - 1].item(), 4)},
        }
        for k, (kind, s) in enumerate(scores.items())
    }
    return {
        "stories": count,
        "kinds": kinds,
        "best": _head(best, "worst_kind"),
        "last_name_head": _head(best_head(named_last), "share"),
        "first_name_head": _head(best_head(named_first), "share"),
        "tom_head_last_name": round(named_last[tom].item(), 4),
    }


def snapshot_numbers(model, tok, tinystories_dir=None, count=PROBE_STORIES, tokenized_examples=None):
    """For choosing among one run's snapshots: the one-story claims beside their probes
    (tokenized_examples: the example set, the chapter's by default)."""
    tokenized_examples = tokenized_examples or tokenized_set(load_examples(), tok, {"sprout": model})
    examples = {t.example.id: t for t in tokenized_examples}
    _, _, argmax = story_scores(model, tok, [t.example.text for t in tokenized_examples])
    tom = tom_he(model, examples["tom_he"])
    zorbin = next_piece_probs(model, tok, examples["zorbin"].example, "second")
    probes = probe_results({"sprout": model}, tok, tom, tinystories_dir, count)
    return {
        "tom_he": tom["share"],
        "pronoun_probe": probes["pronoun"]["value"],
        "pronoun_probe_tom_head": probes["pronoun_tom_head"],
        "first_token_argmax_examples": best_head(argmax)["value"],
        "first_token_argmax_probe": probes["first_token_argmax"]["value"],
        "zorbin_mean_prob": round(sum(zorbin) / len(zorbin), 4),
        "name_probe": probes["name"]["sprout"],
    }


def tokenized_set(examples, tok, models):
    """The example set tokenised for the shortest context among the models."""
    context = min(c for c in map(context_of, models.values()) if c is not None)
    return [tokenize_example(e, tok, context) for e in examples]
