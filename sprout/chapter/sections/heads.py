"""All 48 heads: every head's score of each kind on the example stories (sprout.analysis.detectors)
and the best head of each kind."""

from ...analysis.detectors import DETECTORS
from .. import measurements
from ..claims import Claim
from ..declarations import Figure, Section, flat
from ..head_names import FIRST_TOKEN_ARGMAX_SHARE, INDUCTION_SCORE, PREVIOUS_TOKEN_SCORE


def measure(reading):
    stats = {}
    for kind, best in reading.head_scores["sprout"]["top"].items():
        stats.update(flat(f"heads.{kind}", best[0]))
    return stats


def figures(reading):
    """Each kind's scores of every head, trained and untrained."""
    heads = reading.head_scores
    return [
        Figure(
            f"head_scores_{d.name}",
            "head_score_figure",
            (
                d.title,
                {
                    "Sprout": heads["sprout"][d.read_on][d.name],
                    "untrained Sprout": heads["untrained_sprout"][d.read_on][d.name],
                },
            ),
        )
        for d in DETECTORS
    ]


def data_files(reading):
    removed = reading.removals
    return {
        "head_scores.json": {
            "layers": removed["layers"],
            "heads": removed["heads"],
            "repeats": measurements.repeat_info(reading.seed),
            "examples": list(reading.examples),
            "models": reading.head_scores,
            "untrained_seed": reading.seed,
            "baselines": reading.baselines,
            "ablation": {key: removed[key] for key in ("method", "breaks", "breaks_most", "shares")},
        }
    }


CLAIMS = (
    Claim(
        "heads.induction.score",
        ">=",
        INDUCTION_SCORE,
        "best induction score on [◆, R, R]",
        words="its head score for induction",
    ),
    Claim(
        "heads.previous_token.score",
        ">=",
        PREVIOUS_TOKEN_SCORE,
        "best previous-token score on the examples",
        words="lands on the token just before it",
    ),
    Claim(
        "heads.first_token_argmax.score",
        ">=",
        FIRST_TOKEN_ARGMAX_SHARE,
        "best share of the examples' rows whose argmax is ◆",
        backed=False,
    ),
    Claim(
        "heads.first_token_argmax.score",
        ">",
        0.5,
        "◆ as row argmax over the examples, best head: most tokens",
        words="parks on ◆ for most tokens",
        name="heads.first_token_argmax.most_tokens",
    ),
)

SECTION = Section(
    prefix="heads",
    heading="All 48 heads",
    measure=measure,
    claims=CLAIMS,
    figures=figures,
    data_files=data_files,
)
