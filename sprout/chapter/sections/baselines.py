"""All 48 heads: the untrained and shuffled baselines a score must beat to call a head that kind
(sprout.chapter.head_bands), and how the best head of each kind fares against them."""

from ..claims import Claim
from ..declarations import Section
from ..head_bands import MARGIN, SPREADS


def measure(reading):
    """Each kind's untrained band, shuffled score of the trained best head, and whether that head
    is called its kind."""
    stats, trained_top = {}, reading.head_scores["sprout"]["top"]
    for kind, b in reading.baselines.items():
        best = trained_top[kind][0]
        l, h = best["layer"] - 1, best["head"] - 1
        stats[f"baselines.{kind}.untrained_mean"] = b["untrained"]["mean"]
        stats[f"baselines.{kind}.untrained_std"] = b["untrained"]["std"]
        stats[f"baselines.{kind}.untrained_seeds"] = len(b["untrained"]["seeds"])
        stats[f"baselines.{kind}.shuffled_best_head"] = b["shuffled"]["matrix"][l][h]
        stats[f"baselines.{kind}.shuffled_best"] = b["shuffled"]["best"]
        stats[f"baselines.{kind}.called_heads"] = sum(map(sum, b["called"]))
        stats[f"baselines.{kind}.best_head_called"] = int(b["called"][l][h])
        # the lowest score that clears the untrained band and, for a kind that must, the best
        # shuffled head's score, each by the margin
        floors = [b["untrained"]["mean"] + SPREADS * b["untrained"]["std"]]
        if "shuffled" in b["must_clear"]:
            floors.append(b["shuffled"]["best"])
        stats[f"baselines.{kind}.bar"] = round(max(floors) + MARGIN, 4)
    stats["baselines.margin"] = MARGIN
    return stats


CLAIMS = (
    Claim(
        "baselines.induction.called_heads",
        ">=",
        1,
        "heads that clear both baselines of induction",
        words="heads do.",
    ),
)

SECTION = Section(
    prefix="baselines",
    heading="All 48 heads",
    measure=measure,
    claims=CLAIMS,
    # in stats.json before publishing was worked out, and kept so that it stays byte for byte:
    # nothing reads it but the prose's shuffled_best_head, which contains its name
)
