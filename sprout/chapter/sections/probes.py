"""Where Sprout looks, asked of many seeded stories (sprout.chapter.probes): the head that sends a
pronoun to its character, the Tom head's share there and from the word before, the head that
parks on ◆ in held-out stories; and each model's copying of made-up names, the race's controls
(sprout.chapter.race) among them."""

from ..claims import Claim
from . import Section, flat


def measure(reading):
    probes, controls = reading.probes, reading.race["controls"]
    return {
        "probes.stories": probes["stories"],
        **flat("probes.pronoun", probes["pronoun"]),
        "probes.pronoun.tom_head": probes["pronoun_tom_head"],
        "probes.pronoun.tom_head_before_pronoun": round(reading.pronoun_before, 4),
        **flat("probes.first_token_argmax", probes["first_token_argmax"]),
        **flat("probes.name", probes["name"]),
        **flat("probes.name", {name: control["name_prob"] for name, control in controls.items()}),
    }


def samples(reading):
    """The ◆ probe reads held-out stories (TinyStories' validation text where it is here)."""
    return {f"probes.first_token_argmax.{key}": reading.probes["read_on"] for key in ("layer", "head", "value")}


def report(stats):
    """The line `sprout claims` prints after the verdicts: a probe no claim bounds."""
    return (
        f"probe  the Tom head's share of a pronoun on its character over {stats['probes.stories']} stories: "
        f"{stats['probes.pronoun.tom_head']}"
    )


CLAIMS = (
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
        "probes.name.sprout", ">=", 0.85, "made-up names over the probe stories, Sprout", words="Sprout's average is"
    ),
    Claim("probes.name.gpt1", "<", 0.1, "made-up names over the probe stories, gpt-1", words="Sprout's average is"),
    Claim("probes.name.gpt1_drilled", "<", "probes.name.sprout", "made-up names over the probe stories, drilled gpt-1"),
    Claim(
        "probes.name.gpt1_drilled",
        "<",
        0.5,
        "made-up names over the probe stories, drilled gpt-1",
        words="from the drilled gpt-1",
        page="evidence.md",
        name="probes.name.gpt1_drilled.below_half",
    ),
    Claim("probes.name.gpt1_twin", "<", "probes.name.sprout", "made-up names over the probe stories, the twin"),
    Claim(
        "probes.name.gpt1_twin",
        "<",
        0.5,
        "made-up names over the probe stories, the twin",
        words="from its twin",
        page="evidence.md",
        name="probes.name.gpt1_twin.below_half",
    ),
)

SECTION = Section(prefix="probes", heading="Where Sprout looks", measure=measure, claims=CLAIMS, samples=samples)
