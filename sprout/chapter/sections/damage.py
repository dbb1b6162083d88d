"""How we know what each removal costs, and how much of it is the removed head's own: every row
of the chapter's removal table beside its matched controls, column by column, as a change from
the intact model (a loss's rise, a probability's or share's fall, so that bigger is always worse),
the row's next to the worst control's; and the loss on TinyStories' validation stories, which
the chapter's table leaves out, for every row and control: single heads from the pass over every
head (ablations.json), the induction heads together and their control draws computed here (in
float32 under bf16 autocast as that pass, kept in the published store). Printed on the evidence
page. Without the TinyStories folder the validation numbers are those published, or left out.
"""

import statistics

from ...analysis import ablate
from ...corpus import data
from .. import bootstrap, removals
from ..claims import Claim
from ..declarations import Figure, Result, Section

VALIDATION = removals.VALIDATION
# column -> (measures it reads, how it worsens): "rise" for a loss, "fall" for a probability or share
COLUMNS = {
    "repeat_loss": "rise",
    "name_probe": "fall",
    "pronoun_ratio": "fall",
    "pronoun_probe": "fall",
    "loss_generated": "rise",
    "validation": "rise",
}


def columns(values, intact):
    out = removals.column_values(values, intact)
    if VALIDATION in values:
        out["validation"] = values[VALIDATION]
    return {c: out[c] for c in COLUMNS if c in out}


def removed_sets(reading):
    """The induction heads removed together and each control draw (removal_pass.together)."""
    together = reading.removals["together"]
    return (together["sets"][-1]["heads"], [c["heads"] for c in together["controls"]])


def validation_together(reading):
    """The validation loss with the induction heads removed together and with each control draw
    instead (reading.damage_validation: in float32 under bf16 autocast, as the pass over every head)."""
    heads, controls = removed_sets(reading)
    stories = data.validation_stories(reading.tinystories, removals.STORIES)
    model, tok = reading.loaded.models["sprout"], reading.tokenizer
    measure = ablate.loss_measure(VALIDATION, tok, stories, removals.STORY_TOKENS)
    means = ablate.mean_head_outputs(model, removals.reference_texts(tok), removals.STORY_TOKENS)
    fresh = ablate.ablate_together(
        model, [measure], means, [[(l - 1, h - 1) for l, h in s] for s in [heads, *controls]]
    )
    return {
        "intact": fresh["intact"][VALIDATION],
        "heads": fresh["removed"][0][VALIDATION],
        "controls": [r[VALIDATION] for r in fresh["removed"][1:]],
    }


def sets_and_sizes(reading):
    return (*removed_sets(reading), removals.STORIES, removals.STORY_TOKENS)


# each column as one measure read row by row (the pronoun share reads two: see row_intervals)
ROW_MEASURES = {
    "repeat_loss": "repeat_second",
    "name_probe": "name_probe",
    "pronoun_probe": "pronoun_probe",
    "loss_generated": "loss_generated",
    "validation": VALIDATION,
}


def removed_heads(reading):
    """Each row of the table: the heads it removes (1-based [layer, head])."""
    return {
        "induction_head": [list(reading.roles["induction_head"])],
        "induction_heads": reading.removals["together"]["sets"][-1]["heads"],
        "previous_token_head": [list(reading.roles["previous_token_head"])],
        "tom_head": [list(reading.roles["tom_head"])],
    }


def row_by_row(reading):
    """Every measure of the table read on each of its rows (story, random sequence) alone, intact
    and with each row's heads removed (float32 under bf16 autocast, as the pass over every head):
    what the intervals resample."""
    model, tok = reading.loaded.models["sprout"], reading.tokenizer
    measures, mean_texts = removals.standard_measures(tok, model.cfg.context, reading.tinystories, reading.seed)
    alone = [
        ablate.Measure(f"{m.name}/{i}", (row,), (at,), m.kind)
        for m in measures
        for i, (row, at) in enumerate(zip(m.rows, m.positions))
    ]
    means = ablate.mean_head_outputs(model, mean_texts, removals.STORY_TOKENS)
    sets = removed_heads(reading)
    fresh = ablate.ablate_together(model, alone, means, [[(l - 1, h - 1) for l, h in s] for s in sets.values()])

    def by_measure(values):
        return {m.name: [values[f"{m.name}/{i}"] for i in range(len(m.rows))] for m in measures}

    return {
        "predictions": {m.name: [len(at) for at in m.positions] for m in measures},
        "values": {"intact": by_measure(fresh["intact"]), **dict(zip(sets, map(by_measure, fresh["removed"])))},
    }


def rows_read(reading):
    return (removed_heads(reading), reading.seed, removals.STORIES, removals.STORY_TOKENS, removals.PROBE_ROWS)


def row_intervals(read):
    """Per row of the table (and intact), per column: the bootstrap interval of its value and of
    its change from intact (the same rows drawn for both), over the stories or sequences its
    measure reads."""
    weights, values = read["predictions"], read["values"]

    def readings(row, column, picks):
        if column == "pronoun_ratio":
            right, other = (
                bootstrap.weighted_means(values[row][m], weights[m], picks) for m in ("pronoun_probe", "pronoun_other")
            )
            return right / (right + other)
        name = ROW_MEASURES[column]
        return bootstrap.weighted_means(values[row][name], weights[name], picks)

    out = {}
    for column in COLUMNS:
        name = "pronoun_probe" if column == "pronoun_ratio" else ROW_MEASURES[column]
        if name not in weights:
            continue
        picks = bootstrap.draws(len(weights[name]))
        intact = readings("intact", column, picks)
        for row in values:
            value = readings(row, column, picks)
            worse = value - intact if COLUMNS[column] == "rise" else intact - value
            out[row, column] = {"value": bootstrap.bounds(value), "change": bootstrap.bounds(worse)}
    return out


def rows(reading):
    """row name -> (its column values, [each control's column values])."""
    alone = removals.as_removed(reading.removals)
    intact = alone["intact"]

    def single(layer, head):
        return columns({n: m[layer - 1][head - 1] for n, m in alone["ablated"].items()}, intact)

    out = {}
    together = reading.removals.get("together")
    layers = (1, len(alone["ablated"]["repeat_first"]))
    if together:
        drawn = [layer for c in together["controls"] for layer, _ in c["heads"]]
        layers = (min(drawn), max(drawn))
    pool = [(l, h) for l, h in reading.control_pool if layers[0] <= l <= layers[1]]
    best = reading.roles["induction_head"]
    out["induction_head"] = (single(*best), [single(l, h) for l, h in pool])
    for role in ("previous_token_head", "tom_head"):
        layer, head = reading.roles[role]
        mates = [h for h in range(1, len(alone["ablated"]["repeat_first"][0]) + 1) if h != head]
        out[role] = (single(layer, head), [single(layer, h) for h in mates])
    if together:
        heads = columns(together["sets"][-1]["values"], together["intact"])
        controls = [columns(c["values"], together["intact"]) for c in together["controls"]]
        valid = reading.damage_validation
        if valid is not None and VALIDATION in intact:
            reading.same_sample("damage_validation", "removals")  # its change is from the pass's intact loss
        if valid is not None:
            heads["validation"] = valid["heads"]
            for c, v in zip(controls, valid["controls"]):
                c["validation"] = v
        out["induction_heads"] = (heads, controls)
    return out, columns(intact, intact) | ({"validation": intact[VALIDATION]} if VALIDATION in intact else {})


def change(column, value, intact):
    """How much worse than intact: a loss's rise, or a probability's (share's) fall."""
    return round(value - intact if COLUMNS[column] == "rise" else intact - value, 4)


def measure(reading):
    if not reading.induction_heads:
        return {}
    table, intact = rows(reading)
    out = {f"damage.intact.{c}": round(v, 4) for c, v in intact.items()}
    for row, (values, controls) in table.items():
        out[f"damage.{row}.controls"] = len(controls)
        for column, v in values.items():
            if column not in intact:
                continue
            out[f"damage.{row}.{column}.value"] = round(v, 4)
            out[f"damage.{row}.{column}.change"] = change(column, v, intact[column])
            changes = [change(column, c[column], intact[column]) for c in controls if column in c]
            out[f"damage.{row}.{column}.control_change"] = max(changes)
    for (row, column), found in row_intervals(reading.removal_rows).items():
        out[f"damage.{row}.{column}.low"], out[f"damage.{row}.{column}.high"] = found["value"]
    out["damage.resamples"], out["damage.level"] = bootstrap.RESAMPLES, bootstrap.LEVEL
    alone = removals.as_removed(reading.removals)
    if VALIDATION in alone["intact"]:
        flat = sorted(
            ((v, l + 1, h + 1) for l, r in enumerate(alone["ablated"][VALIDATION]) for h, v in enumerate(r)),
            reverse=True,
        )
        layer, head = reading.roles["previous_token_head"]
        out["damage.previous_token_head.validation_rank"] = 1 + [(l, h) for _, l, h in flat].index((layer, head))
        out["damage.heads"] = len(flat)
        for i, (v, l, h) in enumerate(flat[:3]):
            out[f"damage.validation_top_{i + 1}.layer"], out[f"damage.validation_top_{i + 1}.head"] = l, h
            out[f"damage.validation_top_{i + 1}.value"] = round(v, 4)
        out["damage.validation_median"] = round(statistics.median(v for v, _, _ in flat), 4)
    return out


def cost_table(reading):
    """The figure's data: per row and column, the change, its interval and every control's change."""
    table, intact = rows(reading)
    found = row_intervals(reading.removal_rows)
    return {
        "columns": [c for c in COLUMNS if c in intact],
        "rises": [c for c in COLUMNS if COLUMNS[c] == "rise"],
        "rows": {
            row: {
                column: {
                    "change": change(column, values[column], intact[column]),
                    "interval": found[row, column]["change"],
                    "controls": [change(column, c[column], intact[column]) for c in controls if column in c],
                }
                for column in intact
                if column in values and (row, column) in found
            }
            for row, (values, controls) in table.items()
        },
    }


CLAIMS = (
    Claim(
        "damage.induction_heads.validation.change",
        ">",
        "damage.induction_heads.validation.control_change",
        "TinyStories loss rise without the induction heads, above every control draw's",
        words="They cost ordinary stories too, more than any control",
        on_validation=True,
    ),
    Claim(
        "damage.previous_token_head.validation_rank",
        ">",
        3,
        "the previous-token head's rank by TinyStories damage among single heads: not among the top three",
        words="several other heads cost more",
        on_validation=True,
    ),
    Claim(
        "damage.induction_head.validation.change",
        "<",
        "damage.induction_head.validation.control_change",
        "the best induction head's TinyStories damage, below the worst of its controls",
        words="costs TinyStories less than the worst of its",
        on_validation=True,
        page="evidence.md",
    ),
)

SECTION = Section(
    prefix="damage",
    claims=CLAIMS,
    heading="What a removal costs",
    page="evidence.md",
    measure=measure,
    figures=lambda reading: (
        [Figure("removal_costs", "removal_costs_figure", (cost_table(reading),))] if reading.induction_heads else []
    ),
    results=(
        Result("damage_validation", validation_together, sets_and_sizes, publish=True, reads_validation=True),
        Result("removal_rows", row_by_row, rows_read, publish=True, reads_validation=True),
    ),
)
