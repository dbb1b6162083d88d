"""Where Sprout looks: ◆'s share of all heads' attention, beside an untrained Sprout's and even
attention's."""

import torch

from ..claims import Claim
from ..declarations import Section


def measure(reading):
    """◆'s share of all heads' attention, beside an untrained Sprout's and even attention's
    (1 / (t + 1) at token t), averaged as the head scores are (rows t >= 1, then stories)."""
    heads = reading.head_scores
    even = [sum(1 / (t + 1) for t in range(1, len(e.ids))) / (len(e.ids) - 1) for e in reading.tokenized]
    return {
        "first_token.mean_share": round(torch.tensor(heads["sprout"]["examples"]["first_token"]).mean().item(), 4),
        "first_token.untrained_mean_share": round(
            torch.tensor(heads["untrained_sprout"]["examples"]["first_token"]).mean().item(), 4
        ),
        "first_token.even_share": round(sum(even) / len(even), 4),
    }


CLAIMS = (
    Claim(
        "first_token.mean_share",
        ">=",
        "2 * first_token.even_share",
        "◆'s share of all heads' attention, at least twice even attention's",
        words="twice what even attention",
        name="first_token.twice_even",
    ),
    Claim(
        "first_token.mean_share",
        ">=",
        "2 * first_token.untrained_mean_share",
        "◆'s share of all heads' attention, at least twice an untrained Sprout's",
        words="or an untrained Sprout",
        name="first_token.twice_untrained",
    ),
)

SECTION = Section(prefix="first_token", heading="Where Sprout looks", measure=measure, claims=CLAIMS)
