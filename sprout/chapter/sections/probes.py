"""Where Sprout looks, asked of many seeded stories (sprout.chapter.seeded_probes): the head that sends a
pronoun to its character, the Tom head's share there and from the word before, the head that
parks on ◆ in held-out stories; and each model's copying of made-up names, the race's controls
(sprout.chapter.race) among them."""

from ...corpus import data
from ...published_models import with_attention
from .. import measurements, seeded_probes
from ..claims import Claim
from ..declarations import Result, Section, flat
from ..probe_texts import PROBE_STORIES


def written(reading):
    """The probes on stories written for them: they read no corpus, so a clone without TinyStories
    reuses their published result."""
    models = {name: reading.models64[name] for name in with_attention()}
    return measurements.written_probes(models, reading.tokenizer, reading.tom)


def parked_generated(reading):
    """The ◆ probe on held-out generated stories (kept too where TinyStories is here, for a clone without it)."""
    texts, about = data.heldout_corpora(None, PROBE_STORIES)["generated"]
    return measurements.parking_probe(reading.models64["sprout"], reading.tokenizer, texts, about)


def parked_validation(reading):
    """The ◆ probe on TinyStories' validation stories (the examples are written like them)."""
    texts, about = data.heldout_corpora(reading.tinystories, PROBE_STORIES)["tinystories_validation"]
    return measurements.parking_probe(reading.models64["sprout"], reading.tokenizer, texts, about)


def tom_head(reading):
    return (reading.tom["layer"], reading.tom["head"])


def stories(reading):
    return (PROBE_STORIES, data.HELDOUT_SEED)


def probed(reading):
    """The one-story claims asked of many seeded stories, and the ◆ probe on TinyStories'
    validation stories where they (or their published result) are here, else on generated ones."""
    parked = reading.probes_parking_tinystories_validation or reading.probes_parking_generated
    return {**reading.probes, **parked}


def pronoun_before(reading):
    """The Tom head's share of attention, from the word before the pronoun, on the child meant."""
    layer, head = reading.tom["layer"] - 1, reading.tom["head"] - 1
    return seeded_probes.share_before_pronoun(reading.models64["sprout"], reading.tokenizer, layer, head)


def measure(reading):
    found, controls = probed(reading), reading.race["controls"]
    return {
        "probes.stories": found["stories"],
        **flat("probes.pronoun", found["pronoun"]),
        "probes.pronoun.tom_head": found["pronoun_tom_head"],
        "probes.pronoun.tom_head_before_pronoun": round(reading.pronoun_before, 4),
        **flat("probes.first_token_argmax", found["first_token_argmax"]),
        **flat("probes.name", found["name"]),
        **flat("probes.name", {name: control["name_prob"] for name, control in controls.items()}),
    }


def samples(reading):
    """The ◆ probe reads held-out stories (TinyStories' validation text where it is here)."""
    return {f"probes.first_token_argmax.{key}": probed(reading)["read_on"] for key in ("layer", "head", "value")}


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

SECTION = Section(
    prefix="probes",
    heading="Where Sprout looks",
    measure=measure,
    claims=CLAIMS,
    samples=samples,
    results=(
        Result("probes", written, tom_head, publish=True),
        Result("probes_parking_generated", parked_generated, stories, publish=True),
        Result(
            "probes_parking_tinystories_validation", parked_validation, stories, publish=True, reads_validation=True
        ),
        Result("pronoun_before", pronoun_before, tom_head),
    ),
)
