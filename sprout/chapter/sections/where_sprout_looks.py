"""Where Sprout looks: the head that finds "Tom" (or the latest name), the pronoun stories of three
kinds that tell the two apart, and the heads that park on ◆."""

import torch

from ...corpus.pronoun_stories import KINDS
from .. import measurements
from ..claims import Claim
from . import Section

PRONOUN_RESOLVED = (
    0.75  # a head (or a guess) that resolves the pronoun favours the referent in this share of every kind
)
COIN_TOSS = 0.6  # right in fewer than this share of stories: a coin toss, give or take
LITTLE_BETTER_THAN_A_COIN = 0.65


def first_token_stats(reading):
    """◆'s share of all heads' attention, beside an untrained Sprout's and even attention's
    (1 / (t + 1) at token t), averaged as the head scores are (rows t >= 1, then stories)."""
    heads = reading.heads
    even = [sum(1 / (t + 1) for t in range(1, len(e.ids))) / (len(e.ids) - 1) for e in reading.tokenized]
    return {
        "first_token.mean_share": round(torch.tensor(heads["sprout"]["examples"]["first_token"]).mean().item(), 4),
        "first_token.untrained_mean_share": round(
            torch.tensor(heads["untrained_sprout"]["examples"]["first_token"]).mean().item(), 4
        ),
        "first_token.even_share": round(sum(even) / len(even), 4),
    }


def measure(reading):
    sprout = reading.models64["sprout"]
    pronoun_kinds = reading.kept(
        "pronoun_kinds",
        "sprout.chapter.measurements",
        lambda: measurements.pronoun_kind_stats(sprout, reading.tokenizer, reading.tom),
        reading.tom["layer"],
        reading.tom["head"],
        publish=True,
    )
    return {
        **measurements.flat("tom_he", reading.tom),
        **first_token_stats(reading),
        **{k: v for k, v in reading.probes.items() if not k.startswith("probes.name.")},
        "probes.pronoun.tom_head_before_pronoun": round(reading.pronoun_before, 4),
        **pronoun_kinds,
    }


def kind_words(kind):
    return kind.replace("_", " ")


CLAIMS = (
    Claim("tom_he.share", ">=", 0.7, 'one head\'s share of "he" on "Tom"', backed=False),
    Claim(
        "tom_he.share",
        "<",
        "tom_he.latest_share + 0.01",
        'the Tom head\'s share of "he" on every "Tom": all but a point of it on the latest one',
        words="the name read last",
        name="tom_he.latest_tom",
    ),
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
    Claim(
        "probes.pronoun.value",
        ">=",
        0.5,
        "pronoun -> its character over the probe stories, best head",
        backed=False,
    ),
    Claim(
        "probes.first_token_argmax.value",
        ">=",
        0.6,
        "◆ as row argmax over held-out stories, best head",
        backed=False,
    ),
    Claim(
        "probes.first_token_argmax.value",
        ">",
        0.5,
        "◆ as row argmax over held-out stories, best head: most tokens",
        words="some head parks on ◆ for most tokens",
        name="probes.first_token_argmax.most_tokens",
    ),
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

PUBLISHES = (
    "tom_he.*",
    "first_token.*",
    "probes.stories",
    "probes.pronoun.*",
    "probes.first_token_argmax.*",
    "pronoun_kinds.stories",
    "pronoun_kinds.*.tom_head.right",
    "pronoun_kinds.*.best.right",
    "pronoun_kinds.*.guess.right",
    "pronoun_kinds.best.*",
    "pronoun_kinds.last_name_head.*",
    "pronoun_kinds.first_name_head.*",
    "pronoun_kinds.tom_head.last_name",
)

SECTION = Section(
    name="where_sprout_looks",
    heading="Where Sprout looks",
    prefixes=(
        "tom_he",
        "first_token",
        "probes.stories",
        "probes.pronoun",
        "probes.first_token_argmax",
        "pronoun_kinds",
    ),
    measure=measure,
    claims=CLAIMS,
    publishes=PUBLISHES,
)
