"""All 48 heads, on repeated random tokens [◆, R, R] instead of the example stories: the best
head of each kind there."""

from ..claims import Claim
from ..declarations import Section, flat
from ..head_names import FIRST_TOKEN_ARGMAX_SHARE, PREVIOUS_TOKEN_SCORE


def measure(reading):
    stats = {}
    for kind, best in reading.head_scores["sprout"]["top_on_repeats"].items():
        stats.update(flat(f"heads_on_repeats.{kind}", best[0]))
    return stats


CLAIMS = (
    Claim(
        "heads_on_repeats.previous_token.score",
        ">=",
        PREVIOUS_TOKEN_SCORE,
        "best previous-token score on [◆, R, R]",
    ),
    Claim(
        "heads_on_repeats.first_token_argmax.score",
        ">=",
        FIRST_TOKEN_ARGMAX_SHARE,
        "best share of rows of [◆, R, R] whose argmax is ◆",
    ),
)

SECTION = Section(prefix="heads_on_repeats", heading="All 48 heads", measure=measure, claims=CLAIMS)
