"""Induction heads: the repeat test [◆, R, R] of every model, the three published ones and the
race's controls trained on Sprout's data (sprout.chapter.race): the loss on R the first and the
second time, how sure each is of its guesses over random tokens, and each model's loss curve."""

import math

from .. import measurements
from ..claims import Claim
from ..declarations import Figure, Result, Section
from ..head_names import NO_COPYING_HEAD
from ..measurements import MODELS, repeat_info
from ..probe_texts import REPEAT_LENGTH

EVEN_GUESS_LOSS = math.log(4096)  # nats: an even guess among the 4,096 tokens
COPIES = 1.0  # nats: a loss drop on the repeat below this copies nothing worth the name
CONTROL_NUMBERS = ("loss_first", "loss_second", "drop", "induction_best")


def curves(reading):
    """Each model's loss along the repeats, and its in-context-learning score."""
    models = reading.models64
    rows = measurements.icl_rows(reading.tokenizer)
    return {
        "curves": {name: measurements.induction_curve(models[name], reading.repeats) for name in MODELS},
        "icl": {name: measurements.icl_score(models[name], rows) for name in MODELS},
    }


def seed(reading):
    return (reading.seed,)


def measure(reading):
    race = reading.race
    stats = {"repeat.length": REPEAT_LENGTH, "repeat.uniform.loss": race["uniform_loss"]}
    for name in MODELS:
        curve = reading.induction_curves["curves"][name]
        first, second = round(curve["first_copy_mean"], 4), round(curve["second_copy_mean"], 4)
        stats.update(
            {
                f"repeat.{name}.loss_first": first,
                f"repeat.{name}.loss_second": second,
                f"repeat.{name}.drop": round(first - second, 4),
            }
        )
    for name, entropy in race["entropy_first"].items():
        stats[f"repeat.{name}.entropy_first"] = entropy
    for name, control in race["controls"].items():
        stats.update({f"repeat.{name}.{number}": control[number] for number in CONTROL_NUMBERS})
    return stats


def data_files(reading):
    kept = reading.induction_curves
    return {
        "induction.json": {
            "repeats": repeat_info(reading.seed),
            "curves": kept["curves"],
            "in_context_learning": kept["icl"],
        },
    }


CLAIMS = (
    Claim(
        "repeat.sprout.drop",
        ">=",
        4.0,
        "Sprout's loss drop on a repeat (nats)",
        words="Sprout's by",
        page="evidence.md",
    ),
    Claim("repeat.gpt1.drop", "<", COPIES, "gpt-1's loss drop on a repeat (nats)"),
    # gpt-1 and the window network, never trained on random tokens, find a first copy of them
    # harder than an even guess would
    Claim("repeat.gpt1.loss_first", ">=", EVEN_GUESS_LOSS, "gpt-1's loss on random tokens seen once (nats)"),
    Claim(
        "repeat.window.loss_first",
        ">=",
        EVEN_GUESS_LOSS,
        "the window network's loss on random tokens seen once (nats)",
    ),
    Claim(
        "repeat.window.loss_first",
        ">",
        "repeat.uniform.loss",
        "the window network on random tokens, worse than guessing evenly",
        words="does worse than an even guess",
        page="evidence.md",
        name="repeat.window.loss_first.worse_than_even",
    ),
    Claim(
        "repeat.gpt1.loss_first",
        ">=",
        "repeat.uniform.loss",
        "gpt-1 on random tokens, worse than guessing evenly",
        words="does worse than an even guess",
        page="evidence.md",
        name="repeat.gpt1.loss_first.worse_than_even",
    ),
    Claim(
        "repeat.gpt1.entropy_first",
        "<",
        "repeat.uniform.loss",
        "gpt-1's guesses on random tokens, surer than even",
        words="is sure of itself",
        page="evidence.md",
    ),
    Claim(
        "repeat.gpt1_drilled.loss_first",
        "<",
        "repeat.gpt1.loss_first",
        "drilled gpt-1 on random tokens, below gpt-1",
        words="random tokens can't be guessed",
        page="evidence.md",
    ),
    Claim(
        "repeat.gpt1_drilled.drop",
        "<",
        COPIES,
        "drilled gpt-1's loss drop on a repeat (nats)",
        words="Neither copies",
        page="evidence.md",
    ),
    Claim(
        "repeat.gpt1_twin.drop",
        "<",
        COPIES,
        "gpt-1's two-block twin's loss drop on a repeat (nats)",
        words="Neither copies",
        page="evidence.md",
    ),
    Claim(
        "repeat.gpt1_twin.induction_best",
        "<",
        NO_COPYING_HEAD,
        "the twin's best induction score on a repeat",
        words="Neither copies",
        page="evidence.md",
    ),
    Claim(
        "repeat.gpt1_drilled.induction_best",
        "<",
        NO_COPYING_HEAD,
        "drilled gpt-1's best induction score",
        words="Neither copies",
        page="evidence.md",
    ),
    Claim(
        "repeat.gpt1_twin.loss_first",
        "<",
        "repeat.uniform.loss + 0.5",
        "the twin on random tokens, near even",
        words="random tokens can't be guessed",
        page="evidence.md",
    ),
    Claim(
        "repeat.gpt1_drilled.loss_first",
        "<",
        "repeat.uniform.loss + 0.5",
        "drilled gpt-1 on random tokens, near even",
        words="random tokens can't be guessed",
        page="evidence.md",
        name="repeat.gpt1_drilled.loss_first.near_even",
    ),
)

SECTION = Section(
    prefix="repeat",
    heading="Induction heads",
    measure=measure,
    claims=CLAIMS,
    figures=lambda reading: [
        Figure("induction_loss", "induction_figure", (reading.induction_curves["curves"], REPEAT_LENGTH))
    ],
    data_files=data_files,
    results=(Result("induction_curves", curves, seed, publish=True),),
)
