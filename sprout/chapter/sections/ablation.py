"""What breaks without a head: every head of Sprout removed in turn (sprout.chapter.removal_pass),
the induction heads removed together beside control draws of other heads, and the chapter's
removal table."""

import math
import statistics

from .. import removal_pass, removals
from ..claims import Claim
from ..declarations import Section

KEPT = 0.5  # the share of the repeat's advantage a removal that breaks copying leaves less of


def typical_prob(loss):
    """e^-loss: the right token's probability on a typical token (the geometric mean over tokens)."""
    return round(math.exp(-loss), 4)


def removal_stats(removed, roles):
    """Named numbers of removing each role's head. removed: ablate.ablate_heads' result (every
    head, or at least the roles'); roles: role -> (layer, head), 1-based."""
    intact, ablated = removed["intact"], removed["ablated"]
    advantage = intact["repeat_first"] - intact["repeat_second"]
    stats = {f"ablation.intact.{name}": value for name, value in intact.items()}
    stats["ablation.intact.repeat_prob"] = typical_prob(intact["repeat_second"])
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
        stats[f"ablation.{role}.repeat_prob"] = typical_prob(at["repeat_second"])
        for name in ("repeat_second", "pronoun_probe", "name_probe", "loss_generated", removals.VALIDATION):
            if name in at:
                stats[f"ablation.{role}.{name}"] = at[name]
        if "pronoun_other" in at:
            stats[f"ablation.{role}.pronoun_ratio"] = round(removals.pronoun_ratio(at), 4)
    return stats


def removed_together_stats(together):
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
        "ablation.induction_heads.repeat_second": values["repeat_second"],
        "ablation.induction_heads.repeat_prob": typical_prob(values["repeat_second"]),
        "ablation.induction_heads.kept_by_count": [round(s["repeat_advantage_kept"], 4) for s in together["sets"]],
        "ablation.induction_heads.controls": len(together["controls"]),
        # draws are independent, so a set of heads can come up twice
        "ablation.induction_heads.controls_distinct": len(
            {tuple(sorted(map(tuple, c["heads"]))) for c in together["controls"]}
        ),
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


def together_stats(reading, stats):
    """The induction heads removed together, beside the control draws (ControlError: one line)."""
    together = reading.removals["together"]
    out = removed_together_stats(together)
    tom = [stats["ablation.tom_head.layer"], stats["ablation.tom_head.head"]]
    without = [c for c in together["controls"] if tom not in c["heads"]]
    out["ablation.controls.draws_with_tom_head"] = len(together["controls"]) - len(without)
    # where the controls come from: the removed heads' own layers as far as they have heads to
    # spare, then the nearest layers (matched_controls)
    removed_layers = {layer for layer, _ in together["sets"][-1]["heads"]}
    drawn = [layer for c in together["controls"] for layer, _ in c["heads"]]
    out["ablation.controls.layer_lowest"], out["ablation.controls.layer_highest"] = min(drawn), max(drawn)
    out["ablation.controls.same_layer_share"] = round(sum(layer in removed_layers for layer in drawn) / len(drawn), 4)
    if without:
        out["ablation.controls.pronoun_ratio.lowest_without_tom_head"] = round(
            min(removals.pronoun_ratio(c["values"]) for c in without), 4
        )
    return out


SAME_LAYER_ROLES = ("previous_token_head", "tom_head")  # one head each, beside every other head of its layer


def pass_stats(result, stats):
    """What only the pass over every head can say: how much each named head breaks (the heads
    removal_stats named, under ablation.<role>), and the head that breaks most."""
    out = {}
    for role in sorted({key.split(".")[1] for key in stats if key.startswith("ablation.") and key.endswith(".layer")}):
        layer, head = stats[f"ablation.{role}.layer"], stats[f"ablation.{role}.head"]
        out[f"ablation.{role}.breaks"] = result["breaks"][layer - 1][head - 1]
    for name, r in result["measures"].items():
        out[f"ablation.rows.{name}"] = r["rows"]
    most, nothing = removal_pass.most_breaking(result)
    out.update({f"ablation.most_breaking.{key}": value for key, value in most.items()})
    out["ablation.heads_breaking_nothing"] = nothing
    if result.get("together"):
        kept = removal_pass.kept_alone(result)
        out["ablation.induction_heads.kept_alone"] = [round(k, 4) for k in kept]
        out["ablation.induction_heads.kept_alone_lowest"] = round(min(kept), 4)
    if "ablation.tom_head.layer" in stats and "pronoun_other" in result["measures"]:
        tom = (stats["ablation.tom_head.layer"], stats["ablation.tom_head.head"])
        out.update({f"ablation.others_alone.{k}": v for k, v in removal_pass.others_alone(result, tom).items()})
    return out


def measure(reading):
    alone = removals.as_removed(reading.removals)
    stats = removal_stats(alone, reading.roles)
    for role in SAME_LAYER_ROLES:
        layer, head = reading.roles[role]
        columns = removals.same_layer_columns(alone, layer, head)
        stats.update(spread_stats(f"ablation.{role}.same_layer", columns))
    if reading.removals.get("together"):
        stats.update(together_stats(reading, stats))
    stats.update(pass_stats(reading.removals, stats))
    return stats


CLAIMS = (
    # where a removal bites: the loss on the repeat itself, beside the controls matched by layer
    Claim(
        "ablation.induction_head.repeat_second",
        ">",
        "3 * ablation.intact.repeat_second",
        "loss on the repeat without the best induction head alone, over three times the intact loss",
        words="best induction head more than triples the loss on the repeat",
        page="evidence.md",
    ),
    Claim(
        "ablation.induction_head.name_probe",
        "<",
        "0.75 * ablation.intact.name_probe",
        "made-up names copied without the best induction head alone: a fall by more than a quarter",
        words="the made-up names fall with it",
        page="evidence.md",
    ),
    Claim(
        "ablation.induction_heads.repeat_second",
        ">",
        "4 * ablation.controls.repeat_loss.highest",
        "loss on the repeat without the induction heads, over four times any control draw's",
        words="no control draw comes close",
    ),
    Claim(
        "ablation.induction_heads.name_probe",
        "<",
        0.1,
        "made-up names copied without the induction heads (removed together)",
        words="copying is gone",
    ),
    Claim(
        "ablation.induction_heads.repeat_advantage_kept",
        "<",
        KEPT,
        "share of the repeat's advantage left without the induction heads (removed together)",
    ),
    Claim(
        "ablation.controls.repeat_advantage_kept.lowest",
        ">=",
        KEPT,
        "share of the repeat's advantage left without as many other heads (every control draw)",
    ),
    Claim(
        "ablation.induction_heads.loss_generated",
        ">",
        "ablation.controls.loss_generated.highest",
        "general damage without the induction heads, more than any control draw's",
        words="more than any control draw does",
    ),
    Claim(
        "ablation.previous_token_head.repeat_second",
        ">",
        "4 * ablation.previous_token_head.same_layer.repeat_loss.highest",
        "loss on the repeat without the previous-token head, over four times any other head of its layer's",
        words="copying fails nearly as badly",
    ),
    Claim(
        "ablation.previous_token_head.repeat_second",
        ">",
        "0.75 * ablation.induction_heads.repeat_second",
        "loss on the repeat without the previous-token head, near the induction heads' together",
        words="copying fails nearly as badly",
        name="ablation.previous_token_head.repeat_second.nearly_as_bad",
    ),
    Claim(
        "ablation.previous_token_head.loss_generated",
        ">",
        "ablation.previous_token_head.same_layer.loss_generated.highest",
        "general damage without the previous-token head, more than without any other head of its layer",
        words="On the generated stories it costs more than any of its layer-mates",
        page="evidence.md",
    ),
    Claim(
        "ablation.most_breaking.layer",
        "==",
        "ablation.previous_token_head.layer",
        "the head whose removal breaks most is the previous-token head (its layer)",
        words="none takes a larger share of any one ability",
        page="evidence.md",
    ),
    Claim(
        "ablation.most_breaking.head",
        "==",
        "ablation.previous_token_head.head",
        "the head whose removal breaks most is the previous-token head (its number)",
        words="none takes a larger share of any one ability",
        page="evidence.md",
    ),
    Claim(
        "ablation.induction_heads.repeat_advantage_kept",
        "<",
        0.05,
        "share of the repeat's advantage left without the induction heads: almost none",
        words="the repeat costs about as much as the first",
        name="ablation.induction_heads.repeat_advantage_kept.gone",
    ),
    # the pronoun columns against their controls
    Claim(
        "ablation.tom_head.pronoun_probe",
        "<",
        "ablation.tom_head.same_layer.pronoun_probe.lowest",
        "P(right pronoun) without the Tom head, below every other head of its layer",
        words="without any other head of its layer. On TinyStories",
        page="evidence.md",
    ),
    Claim(
        "ablation.tom_head.pronoun_ratio",
        "<",
        "ablation.others_alone.pronoun_ratio_lowest",
        "right pronoun's share of P(he) + P(she) without the Tom head, below any other head removed alone",
        words="no other head removed alone leaves less than",
        page="evidence.md",
        name="ablation.tom_head.pronoun_ratio.below_others_alone",
    ),
    Claim(
        "ablation.tom_head.pronoun_ratio",
        "<",
        "ablation.controls.pronoun_ratio.lowest_without_tom_head",
        "right pronoun's share of P(he) + P(she) without the Tom head, below every control draw that keeps it",
        name="ablation.tom_head.pronoun_ratio.below_controls",
    ),
)

SECTION = Section(
    prefix="ablation",
    heading="What breaks without a head",
    measure=measure,
    claims=CLAIMS,
    data_files=lambda reading: {removal_pass.FILE: reading.removals},
)
