"""Where Sprout looks: the two-child stories of three kinds that tell the Tom head's pronoun from
the latest name (sprout.chapter.measurements.pronoun_kinds), and Sprout's own guess of whose
thing comes next."""

from ...corpus.pronoun_stories import KINDS
from .. import bootstrap, measurements
from ..claims import Claim
from ..declarations import Result, Section, flat

PRONOUN_RESOLVED = (
    0.75  # a head (or a guess) that resolves the pronoun favours the referent in this share of every kind
)
COIN_TOSS = 0.6  # right in fewer than this share of stories: a coin toss, give or take
LITTLE_BETTER_THAN_A_COIN = 0.65


def kinds(reading):
    return measurements.pronoun_kinds(reading.models64["sprout"], reading.tokenizer, reading.tom)


def tom_head(reading):
    return (reading.tom["layer"], reading.tom["head"])


def measure(reading):
    kinds = reading.pronoun_kinds
    stats = {"pronoun_kinds.stories": kinds["stories"]}
    for kind, of_kind in kinds["kinds"].items():
        for part in ("tom_head", "guess", "best"):
            stats.update(flat(f"pronoun_kinds.{kind}.{part}", of_kind[part]))
            # the share's interval over the kind's stories, each right or wrong
            low, high = bootstrap.share_interval(of_kind[part]["right"], kinds["stories"])
            stats[f"pronoun_kinds.{kind}.{part}.low"], stats[f"pronoun_kinds.{kind}.{part}.high"] = low, high
    for head in ("best", "last_name_head", "first_name_head"):
        stats.update(flat(f"pronoun_kinds.{head}", kinds[head]))
    stats["pronoun_kinds.tom_head.last_name"] = kinds["tom_head_last_name"]
    return stats


def kind_words(kind):
    return kind.replace("_", " ")


CLAIMS = (
    # the Tom head follows the latest name: right where the referent is named last, wrong where
    # the other child is, whether or not the referent was named first
    Claim(
        "pronoun_kinds.referent_last.tom_head.right",
        ">=",
        PRONOUN_RESOLVED,
        "the Tom head favours the referent, stories where the referent is named last",
        words="it follows the latest name",
        page="evidence.md",
    ),
    Claim(
        "pronoun_kinds.other_last.tom_head.right",
        "<",
        0.5,
        "the Tom head favours the referent, stories where the other child is named last",
        words="it follows the latest name",
        page="evidence.md",
    ),
    Claim(
        "pronoun_kinds.other_first_and_last.tom_head.right",
        "<",
        0.5,
        "the Tom head favours the referent, stories where the other child is named first and last",
        words="it follows the latest name",
        page="evidence.md",
    ),
    Claim(
        "pronoun_kinds.tom_head.last_name",
        ">=",
        PRONOUN_RESOLVED,
        "the Tom head favours the child named last, all three kinds",
        words="the Tom head favours the child named last",
        page="evidence.md",
    ),
    Claim(
        "pronoun_kinds.best.worst_kind",
        "<",
        PRONOUN_RESOLVED,
        "no head favours the referent in every kind: the best head's worst kind",
        words="in its worst kind of story",
        page="evidence.md",
    ),
    Claim(
        "pronoun_kinds.best.worst_kind",
        "<",
        COIN_TOSS,
        "the best head's worst kind of two-child story: a coin toss",
        words="a coin toss",
        page="evidence.md",
        name="pronoun_kinds.best.coin_toss",
    ),
    *(
        Claim(
            f"pronoun_kinds.{kind}.guess.right",
            "<",
            PRONOUN_RESOLVED,
            f"Sprout's guess of the referent's thing over the other child's, {kind_words(kind)}",
            words="does not know whose thing comes next",
            page="evidence.md",
        )
        for kind in KINDS
    ),
    *(
        Claim(
            f"pronoun_kinds.{kind}.guess.right",
            "<",
            LITTLE_BETTER_THAN_A_COIN,
            f"Sprout's guess of the referent's thing, {kind_words(kind)}: little better than a coin",
            words="little better than a coin",
            page="evidence.md",
            name=f"pronoun_kinds.{kind}.guess.little_better",
        )
        for kind in KINDS
    ),
)

SECTION = Section(
    prefix="pronoun_kinds",
    heading="Where Sprout looks",
    measure=measure,
    claims=CLAIMS,
    results=(Result("pronoun_kinds", kinds, tom_head, publish=True),),
)
