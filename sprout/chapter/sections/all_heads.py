"""All 48 heads: every head's score of each kind (sprout.analysis.detectors), the best head of
each kind, and the untrained and shuffled baselines a score must beat to call a head that kind."""

from ...analysis.detectors import DETECTORS
from .. import baselines, measurements
from ..claims import Claim
from . import Figure, Section

INDUCTION_SCORE = 0.5  # the best head's share of attention on the token after the earlier copy
PREVIOUS_TOKEN_SCORE = 0.8
FIRST_TOKEN_ARGMAX_SHARE = 0.8  # rows whose most-watched token is ◆


def measure(reading):
    sprout = reading.heads["sprout"]
    stats = {}
    for label, group in (("heads", "top"), ("heads_on_repeats", "top_on_repeats")):
        for kind, best in sprout[group].items():
            stats.update(measurements.flat(f"{label}.{kind}", best[0]))
    stats.update(baselines.baseline_stats(reading.baselines, sprout["top"]))
    return stats


def figures(reading):
    """Each kind's scores of every head, trained and untrained."""
    heads = reading.heads
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
            "models": reading.heads,
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
        "heads_on_repeats.previous_token.score",
        ">=",
        PREVIOUS_TOKEN_SCORE,
        "best previous-token score on [◆, R, R]",
    ),
    Claim(
        "heads.previous_token.score",
        ">=",
        PREVIOUS_TOKEN_SCORE,
        "best previous-token score on the examples",
        words="lands on the token just before it",
    ),
    Claim(
        "heads_on_repeats.first_token_argmax.score",
        ">=",
        FIRST_TOKEN_ARGMAX_SHARE,
        "best share of rows of [◆, R, R] whose argmax is ◆",
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
    Claim(
        "baselines.induction.called_heads",
        ">=",
        1,
        "heads that clear both baselines of induction",
        words="heads do.",
    ),
)

PUBLISHES = (
    "heads.*.*",
    "heads_on_repeats.previous_token.score",
    "heads_on_repeats.first_token_argmax.score",
    "baselines.margin",
    "baselines.induction.called_heads",
    "baselines.induction.untrained_seeds",
    "baselines.induction.untrained_mean",
    "baselines.induction.untrained_std",
    "baselines.induction.shuffled_best",
    "baselines.previous_token.untrained_mean",
    "baselines.previous_token.untrained_std",
    "baselines.previous_token.shuffled_best",
    "baselines.previous_token.shuffled_best_head",
    "baselines.first_token.untrained_mean",
    "baselines.first_token.untrained_std",
)

SECTION = Section(
    name="all_heads",
    heading="All 48 heads",
    prefixes=("heads", "heads_on_repeats", "baselines"),
    measure=measure,
    claims=CLAIMS,
    figures=figures,
    data_files=data_files,
    publishes=PUBLISHES,
)
