"""Where Sprout looks, asked of many seeded stories (sprout.chapter.probes): the head that sends a
pronoun to its character, the Tom head's share there and from the word before, the head that
parks on ◆ in held-out stories; and each model's copying of made-up names, the race's controls
(sprout.chapter.race) among them."""

from ...corpus import data
from ...published_models import with_attention
from .. import measurements, probes
from ..claims import Claim
from ..probe_texts import PROBE_STORIES
from . import Section, flat


def probed(reading):
    """The one-story claims asked of many seeded stories, each part kept under what it reads: the
    probes on written stories read no corpus, so a clone without TinyStories reuses their
    published result. The ◆ probe reads held-out stories: it is kept for each sample here (so a
    publishing build with TinyStories keeps the generated stories' result too, for a clone
    without them), and the chapter reports the sample parking_corpus picks."""
    models = {name: reading.models64[name] for name in with_attention()}
    written = reading.kept(
        "probes",
        "sprout.chapter.measurements",
        lambda: measurements.written_probes(models, reading.tokenizer, reading.tom),
        publish=True,
    )
    parked = {
        corpus: reading.kept(
            f"probes_parking_{corpus}",
            "sprout.chapter.measurements",
            lambda texts=texts, about=about: measurements.parking_probe(
                models["sprout"], reading.tokenizer, texts, about
            ),
            about,
            publish=True,
        )
        for corpus, (texts, about) in data.heldout_corpora(reading.tinystories, PROBE_STORIES).items()
    }
    _, picked = probes.parking_corpus(reading.tinystories)
    return {**written, **parked[picked["corpus"]]}


def pronoun_before(reading):
    """The Tom head's share of attention, from the word before the pronoun, on the child meant."""
    layer, head = reading.tom["layer"] - 1, reading.tom["head"] - 1
    sprout = reading.models64["sprout"]
    return reading.kept(
        "pronoun_before",
        "sprout.chapter.probes",
        lambda: probes.share_before_pronoun(sprout, reading.tokenizer, layer, head),
        layer,
        head,
    )


def measure(reading):
    found, controls = probed(reading), reading.race["controls"]
    return {
        "probes.stories": found["stories"],
        **flat("probes.pronoun", found["pronoun"]),
        "probes.pronoun.tom_head": found["pronoun_tom_head"],
        "probes.pronoun.tom_head_before_pronoun": round(pronoun_before(reading), 4),
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

SECTION = Section(prefix="probes", heading="Where Sprout looks", measure=measure, claims=CLAIMS, samples=samples)
