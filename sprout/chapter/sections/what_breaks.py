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
    Claim(
        "ablation.induction_heads.repeat_advantage_kept",
        "<",
        KEPT,
        "share of the repeat's advantage left without the induction heads (removed together)",
        words="Removed together, the induction heads take",
    ),
    Claim(
        "ablation.induction_heads.control_kept_median",
        ">=",
        KEPT,
        "share of the repeat's advantage left without as many other heads (median of random sets)",
        words="while as many other heads",
    ),
    Claim(
        "ablation.previous_token_head.repeat_advantage_kept",
        "<",
        KEPT,
        "share of the repeat's advantage left without the best previous-token head",
        words="Without the previous-token head",
    ),
    Claim(
        "ablation.induction_heads.name_probe",
        "<",
        0.1,
        "made-up names copied without the induction heads (removed together)",
        words="and the made-up names with it",
    ),
    Claim(
        "ablation.induction_head.name_probe",
        "<",
        "0.75 * ablation.intact.name_probe",
        "made-up names copied without the best induction head alone: a fall by more than a quarter",
        words="they fall from",
    ),
    # the pronoun column of the removal table against its controls
    Claim(
        "ablation.tom_head.pronoun_ratio",
        "<",
        "ablation.controls.pronoun_ratio.lowest_without_tom_head",
        "right pronoun's share of P(he) + P(she) without the Tom head, below every control draw that keeps it",
        words="The right pronoun's share of the two does",
        name="ablation.tom_head.pronoun_ratio.below_controls",
    ),
    Claim(
        "ablation.tom_head.pronoun_ratio",
        "<",
        "ablation.others_alone.pronoun_ratio_lowest",
        "right pronoun's share of P(he) + P(she) without the Tom head, below any other head removed alone",
        words="any other single head",
        name="ablation.tom_head.pronoun_ratio.below_others_alone",
    ),
    Claim(
        "ablation.tom_head.pronoun_probe",
        ">=",
        "ablation.controls.pronoun_probe.lowest",
        "P(right pronoun) without the Tom head, inside the control draws' spread (above the lowest)",
        words="proves little",
    ),
    Claim(
        "ablation.tom_head.pronoun_probe",
        "<=",
        "ablation.controls.pronoun_probe.highest",
        "P(right pronoun) without the Tom head, inside the control draws' spread (below the highest)",
        words="proves little",
        name="ablation.tom_head.pronoun_probe.not_above_controls",
    ),
)

SECTION = Section(
    name="what_breaks",
    heading="What breaks without a head",
    prefixes=("ablation",),
    measure=measure,
    claims=CLAIMS,
    data_files=lambda reading: {removal_pass.FILE: reading.removals},
)
