"""What removing Sprout's heads costs the abilities this chapter names: the measures (held-out
loss, the repeat, the made-up-name and pronoun probes), the texts the heads' means come from,
and each head's damage. The removal itself is sprout.analysis.ablate's, for any checkpoint."""

from ..analysis import ablate
from ..corpus import data
from ..corpus.data import repeat_batch
from . import probe_texts
from .examples import tokenize_example

# Sizes kept small so that the pass fits the pipeline's time on two CPU cores; the effects
# are differences on the same texts, so they are steadier than the sizes suggest.
STORIES, STORY_TOKENS = 16, 96  # held-out stories per corpus, each read from ◆ to this many tokens
REPEAT_ROWS = 8  # repeats [◆, R, R] with |R| = probe_texts.REPEAT_LENGTH
PROBE_ROWS = 32  # the first stories of each probe (sprout.chapter.probe_texts, the same seeded ones)
NOTHING = 0.01  # a head whose removal costs every ability less than 1% breaks nothing


def name_measure(tokenizer, examples, context):
    """P(right next piece) inside the second naming of each made-up name (as probes.name_copy_prob)."""
    rows, positions = [], []
    for example in examples:
        t = tokenize_example(example, tokenizer, context)
        start, end = t.spans["second"]
        rows.append(tuple(t.ids[:end]))
        positions.append(tuple(range(start, end - 1)))
    return ablate.Measure("name_probe", tuple(rows), tuple(positions), kind="prob")


def pronoun_measures(tokenizer, examples, context):
    """P(the right pronoun, "he" or "she") where it comes, in the pronoun probe's stories, and
    P(the other one) at the same place: the same rows with the other pronoun put in its place."""
    rows, others, positions = [], [], []
    for example in examples:
        t = tokenize_example(example, tokenizer, context)
        he = t.spans["he"][0]
        rows.append(tuple(t.ids[: he + 1]))
        others.append((*t.ids[:he], other_pronoun_id(tokenizer, t.ids[he])))
        positions.append((he - 1,))
    return [
        ablate.Measure("pronoun_probe", tuple(rows), tuple(positions), kind="prob"),
        ablate.Measure("pronoun_other", tuple(others), tuple(positions), kind="prob"),
    ]


def other_pronoun_id(tokenizer, pronoun_id):
    """The token of " she" for " he" and the other way round."""
    he, she = (tokenizer.encode(word)[1:] for word in (" he", " she"))
    if len(he) != 1 or len(she) != 1 or pronoun_id not in (he[0], she[0]):
        raise ValueError(f"token {pronoun_id} is not ' he' or ' she' as one token of this tokenizer")
    return she[0] if pronoun_id == he[0] else he[0]


def pronoun_ratio(values):
    """P(right pronoun) / (P(he) + P(she)), each averaged over the stories: how much of the
    probability the model gives the two pronouns goes to the right one."""
    return values["pronoun_probe"] / (values["pronoun_probe"] + values["pronoun_other"])


# The removal table's columns, each read off a set of measures' values: what a removal leaves of
# each ability where it bites (the loss on the repeat itself, the probability of the right token),
# the general damage (the loss on held-out stories), and the repeat's advantage kept, a ratio shown
# only beside them. Every column is also read off the controls (other heads removed instead).
COLUMNS = {
    "repeat_loss": ("repeat_second",),
    "name_probe": ("name_probe",),
    "pronoun_probe": ("pronoun_probe",),
    "pronoun_ratio": ("pronoun_probe", "pronoun_other"),
    "loss_generated": ("loss_generated",),
    "repeat_advantage_kept": ("repeat_first", "repeat_second"),
}


class ControlError(ValueError):
    """A removal column without the control draws to compare it with; the message is one line."""


def column_values(values, intact):
    """Every column of COLUMNS from one removal's measure values (intact: the intact model's)."""
    return {
        "repeat_loss": values["repeat_second"],
        "name_probe": values["name_probe"],
        "pronoun_probe": values["pronoun_probe"],
        "pronoun_ratio": pronoun_ratio(values),
        "loss_generated": values["loss_generated"],
        "repeat_advantage_kept": ablate.advantage_kept(intact, values),
    }


def as_removed(result):
    """The pass over every head's record (ablations.json's content, sprout.chapter.removal_pass) in
    ablate.ablate_heads' shape."""
    measures = result["measures"]
    return {
        "intact": {n: r["intact"] for n, r in measures.items()},
        "ablated": {n: r["ablated"] for n, r in measures.items()},
    }


def same_layer_columns(result, layer, head):
    """Per column, the values with each other head of the given head's layer (1-based) removed
    alone instead, from the pass over every head (as_removed's shape): the control
    matched by layer for one head."""
    intact, ablated = result["intact"], result["ablated"]
    others = [h for h in range(len(ablated["repeat_first"][layer - 1])) if h != head - 1]
    if not others:
        raise ControlError(f"layer {layer} has no other head to remove instead of head {head}")
    per_head = [column_values({n: m[layer - 1][h] for n, m in ablated.items()}, intact) for h in others]
    return {column: [values[column] for values in per_head] for column in COLUMNS}


def control_columns(together):
    """Per column, the control draws' values (together: ablate.removed_together's result);
    ControlError, naming the column, when there are no draws or a draw lacks its measures."""
    controls = together.get("controls") or []
    for column, needs in COLUMNS.items():
        missing = [m for m in needs if not controls or any(m not in c["values"] for c in controls)]
        if missing:
            why = "no control draws were removed" if not controls else f"the control draws lack {missing[0]}"
            raise ControlError(f"removal column {column!r} has no control: {why}")
    return {column: [column_values(c["values"], together["intact"])[column] for c in controls] for column in COLUMNS}


VALIDATION = "loss_tinystories_validation"


def standard_measures(tokenizer, context, tinystories_dir=None, seed=0):
    """The chapter's measures (validation loss only where validation.txt is present), and the
    held-out generated stories, as token ids, that the heads' means are taken over."""

    generated = data.heldout_generated(STORIES)
    validation = data.validation_stories(tinystories_dir, STORIES)
    measures = [ablate.loss_measure(VALIDATION, tokenizer, validation, STORY_TOKENS)] if validation else []
    measures += [
        ablate.loss_measure("loss_generated", tokenizer, generated, STORY_TOKENS),
        *ablate.repeat_measures(
            repeat_batch(tokenizer.vocab_size, tokenizer.start_id, probe_texts.REPEAT_LENGTH, REPEAT_ROWS, seed)
        ),
        name_measure(tokenizer, probe_texts.name_examples(PROBE_ROWS), context),
        *pronoun_measures(tokenizer, probe_texts.pronoun_examples(PROBE_ROWS), context),
    ]
    return measures, reference_texts(tokenizer, generated)


def reference_texts(tokenizer, generated=None):
    """The held-out generated stories, as token ids, that the heads' means are taken over."""
    return tokenizer.encode_batch(data.heldout_generated(STORIES) if generated is None else generated)


def removed_one_at_a_time(model, measures, mean_texts, only=None):
    """Each head (or each of `only`, (layer, head) 1-based) removed alone, replaced by its mean
    over mean_texts' first STORY_TOKENS tokens: ablate.ablate_heads' result on `measures`."""
    means = ablate.mean_head_outputs(model, mean_texts, STORY_TOKENS)
    heads = None if only is None else {(l - 1, h - 1) for l, h in only}
    return ablate.ablate_heads(model, measures, means, only=heads)


def heads_removed_together(model, tokenizer, sets, controls, seed=0):
    """ablate.removed_together for `sets` and `controls` (lists of 1-based [layer, head]) on the
    standard measures but TinyStories' validation loss, so that the result is the same with or
    without TinyStories at hand."""
    measures, mean_texts = standard_measures(tokenizer, model.cfg.context, None, seed)
    means = ablate.mean_head_outputs(model, mean_texts, STORY_TOKENS)
    return ablate.removed_together(model, measures, means, sets, controls)


def damage(result):
    """Per head, how much of each ability is lost without it (a share of the intact model's):
    loss measures as the relative rise in loss, the repeat as the share of its advantage
    (first-copy minus second-copy loss) lost, probes as the share of the probability lost.
    "breaks" is the largest of them (never below 0) and "breaks_most" names it."""
    intact, ablated = result["intact"], result["ablated"]
    shares = {}
    for name, kind in (
        ("loss_tinystories_validation", "loss"),
        ("loss_generated", "loss"),
        ("name_probe", "prob"),
        ("pronoun_probe", "prob"),
    ):
        if name not in intact:
            continue
        sign = 1 if kind == "loss" else -1
        base = intact[name]
        shares[name] = [[sign * (v - base) / base for v in row] for row in ablated[name]]
    if "repeat_first" in intact:
        advantage = intact["repeat_first"] - intact["repeat_second"]
        shares["repeat"] = [
            [1 - (f - s) / advantage for f, s in zip(rf, rs)]
            for rf, rs in zip(ablated["repeat_first"], ablated["repeat_second"])
        ]
    names = list(shares)
    L, H = len(next(iter(shares.values()))), len(next(iter(shares.values()))[0])
    breaks, most = [], []
    for layer in range(L):
        values = [[shares[n][layer][head] for n in names] for head in range(H)]
        breaks.append([round(max(0.0, max(v)), 4) for v in values])
        most.append([names[max(range(len(names)), key=v.__getitem__)] for v in values])
    return {
        "shares": {n: [[round(v, 4) for v in row] for row in s] for n, s in shares.items()},
        "breaks": breaks,
        "breaks_most": most,
    }
