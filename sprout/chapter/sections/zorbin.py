"""Induction heads: each model's probability of the right next piece at the second naming of the
made-up dragon Zorbin Plax, the race's controls (sprout.chapter.race) among them."""

from ...published_models import with_attention
from ..claims import Claim
from ..declarations import Section
from ..seeded_probes import next_piece_probs


def measure(reading):
    dragon = reading.example("zorbin")
    start, end = dragon.spans["second"]
    stats = {"zorbin.pieces": dragon.tokens[start:end]}  # the name as the tokenizer cuts it
    for name in with_attention():
        probs = next_piece_probs(reading.models64[name], reading.tokenizer, reading.example("zorbin").example, "second")
        stats[f"zorbin.{name}.probs"] = probs
        stats[f"zorbin.{name}.mean_prob"] = round(sum(probs) / len(probs), 4)
    for name, control in reading.race["controls"].items():
        stats[f"zorbin.{name}.probs"] = control["zorbin_probs"]
        stats[f"zorbin.{name}.mean_prob"] = control["zorbin_mean_prob"]
    return stats


CLAIMS = (
    Claim(
        "zorbin.sprout.mean_prob",
        ">=",
        0.9,
        "Zorbin Plax again, Sprout",
        words="On the dragon story's made-up name alone",
        page="evidence.md",
    ),
    Claim(
        "zorbin.gpt1.mean_prob",
        "<",
        0.05,
        "Zorbin Plax again, gpt-1",
        words="On the dragon story's made-up name alone",
        page="evidence.md",
    ),
)

SECTION = Section(
    prefix="zorbin",
    heading="Induction heads",
    measure=measure,
    claims=CLAIMS,
)
