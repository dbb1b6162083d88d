"""What breaks without a head: every head of Sprout removed in turn (sprout.chapter.removal_pass),
the induction heads removed together beside control draws of other heads, and the chapter's
removal table."""

from .. import measurements, removal_pass, removals
from ..claims import Claim
from . import Section

KEPT = 0.5  # the share of the repeat's advantage a removal that breaks copying leaves less of


def together_stats(reading, stats):
    """The induction heads removed together, beside the control draws (ControlError: one line)."""
    together = reading.removals["together"]
    out = measurements.together_stats(together)
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


def measure(reading):
    alone = removal_pass.as_removed(reading.removals)
    stats = measurements.removal_stats(alone, reading.roles)
    for role in SAME_LAYER_ROLES:
        layer, head = reading.roles[role]
        columns = removals.same_layer_columns(alone, layer, head)
        stats.update(measurements.spread_stats(f"ablation.{role}.same_layer", columns))
    if reading.removals.get("together"):
        stats.update(together_stats(reading, stats))
    stats.update(removal_pass.ablation_stats(reading.removals, stats))
    return stats


CLAIMS = (
    # where a removal bites: the loss on the repeat itself, beside the controls matched by layer
    Claim(
        "ablation.induction_head.repeat_second",
        ">",
        "3 * ablation.intact.repeat_second",
        "loss on the repeat without the best induction head alone, over three times the intact loss",
        words="best induction head more than triples the loss on the repeat",
    ),
    Claim(
        "ablation.induction_head.name_probe",
        "<",
        "0.75 * ablation.intact.name_probe",
        "made-up names copied without the best induction head alone: a fall by more than a quarter",
        words="the made-up names fall with it",
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

PUBLISHES = (
    "ablation.intact.repeat_second",
    "ablation.intact.repeat_advantage",
    "ablation.intact.name_probe",
    "ablation.intact.pronoun_probe",
    "ablation.intact.pronoun_ratio",
    "ablation.intact.loss_generated",
    "ablation.*.layer",
    "ablation.*.head",
    "ablation.intact.repeat_second",
    "ablation.induction_head.repeat_second",
    "ablation.induction_heads.repeat_second",
    "ablation.previous_token_head.repeat_second",
    "ablation.tom_head.repeat_second",
    "ablation.*.name_probe",
    "ablation.*.pronoun_ratio",
    "ablation.*.loss_generated",
    "ablation.induction_head.repeat_advantage_kept",
    "ablation.induction_heads.repeat_advantage_kept",
    "ablation.induction_heads.count",
    "ablation.induction_heads.controls",
    "ablation.tom_head.pronoun_probe",
    "ablation.controls.repeat_loss.median",
    "ablation.controls.repeat_loss.highest",
    "ablation.controls.name_probe.median",
    "ablation.controls.name_probe.lowest",
    "ablation.controls.pronoun_probe.median",
    "ablation.controls.pronoun_probe.lowest",
    "ablation.controls.pronoun_probe.highest",
    "ablation.controls.pronoun_ratio.lowest",
    "ablation.controls.loss_generated.median",
    "ablation.controls.loss_generated.highest",
    "ablation.controls.repeat_advantage_kept.lowest",
    "ablation.controls.draws_with_tom_head",
    "ablation.controls.pronoun_ratio.lowest_without_tom_head",
    "ablation.controls.layer_lowest",
    "ablation.controls.layer_highest",
    "ablation.controls.same_layer_share",
    "ablation.*.same_layer.repeat_loss.highest",
    "ablation.*.same_layer.name_probe.lowest",
    "ablation.tom_head.same_layer.pronoun_probe.lowest",
    "ablation.*.same_layer.pronoun_ratio.lowest",
    "ablation.*.same_layer.loss_generated.highest",
    "ablation.others_alone.pronoun_ratio_lowest",
    "ablation.rows.repeat_first",
    "ablation.rows.name_probe",
    "ablation.rows.pronoun_probe",
    "ablation.rows.loss_generated",
)

SECTION = Section(
    name="what_breaks",
    heading="What breaks without a head",
    prefixes=("ablation",),
    measure=measure,
    claims=CLAIMS,
    data_files=lambda reading: {removal_pass.FILE: reading.removals},
    publishes=PUBLISHES,
)
