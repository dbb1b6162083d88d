"""What one attention layer buys: the three models' sizes, training and held-out losses."""

from ..claims import Claim
from ..measurements import HELDOUT_STORIES, MODELS
from ..model_table import model_table, training_seconds
from ..reading import rounded_loss
from . import Figure, Section


def loss_stats(reading):
    stats = {"loss.heldout_stories": HELDOUT_STORIES}
    for corpus, measured in reading.losses.items():
        for name in MODELS:
            key = f"{corpus}.{name}"
            stats[f"loss.{key}"], stats[f"e_loss.{key}"] = rounded_loss(measured["loss"][name])
            reading.measured_on[f"loss.{key}"] = reading.measured_on[f"e_loss.{key}"] = measured["about"]
    return stats


def table(reading):
    return model_table(reading.loaded.models, reading.loaded.trainings, loss_stats(reading))


def measure(reading):
    stats = loss_stats(reading)
    models = table(reading)["models"]
    for name in MODELS:
        stats[f"parameters.{name}"] = models[name]["parameters"]
        stats[f"training_tokens.{name}"] = models[name]["training_tokens"]
        stats[f"training_seconds.{name}"] = training_seconds(reading.loaded.trainings[name])
    # the race's controls, their training time as the race counts it (sprout.chapter.race)
    stats.update({k: v for k, v in reading.race.items() if k.startswith("training_seconds.")})
    return stats


def loss_order(corpus, on_validation=False):
    """The held-out loss on `corpus` orders the models: Sprout below gpt-1 below the window network."""
    return (
        Claim(
            f"loss.{corpus}.sprout",
            "<",
            f"loss.{corpus}.gpt1",
            f"Sprout's held-out loss on {corpus}, below gpt-1's",
            name=f"loss.{corpus}.sprout_below_gpt1",
            on_validation=on_validation,
        ),
        Claim(
            f"loss.{corpus}.gpt1",
            "<",
            f"loss.{corpus}.window",
            f"gpt-1's held-out loss on {corpus}, below the window network's",
            words="which the one attention layer wins" if on_validation else "",
            name=f"loss.{corpus}.gpt1_below_window",
            on_validation=on_validation,
        ),
    )


CLAIMS = (
    Claim(
        "parameters.sprout",
        ">",
        "2 * parameters.gpt1",
        "Sprout's parameters, more than twice gpt-1's",
        words="Sprout is much bigger",
    ),
    Claim(
        "training_tokens.sprout",
        ">",
        "training_tokens.gpt1",
        "Sprout read more tokens than gpt-1",
        words="and read more tokens",
    ),
    Claim(
        "training_tokens.window",
        "==",
        "training_tokens.gpt1",
        "gpt-1 and the window network read as many tokens",
        words="for as many tokens",
    ),
    *loss_order("generated"),
    Claim(
        "loss.tinystories_validation.sprout",
        "<",
        2.372,  # nats, Sprout v1's: a new Sprout is published only below it
        "Sprout's loss on TinyStories validation (nats)",
        backed=False,
        on_validation=True,
    ),
    *loss_order("tinystories_validation", on_validation=True),
)

PUBLISHES = (
    "loss.heldout_stories",
    "loss.*.*",
    "e_loss.*.*",
    "parameters.*",
    "training_tokens.*",
    "training_seconds.window",
    "training_seconds.gpt1",
    "training_seconds.sprout",
    "training_seconds.gpt1_drilled",
    "training_seconds.window_drilled",
)

SECTION = Section(
    name="one_layer",
    heading="What one attention layer buys",
    prefixes=("loss", "e_loss", "parameters", "training_tokens", "training_seconds"),
    measure=measure,
    claims=CLAIMS,
    figures=lambda reading: [Figure("model_losses", "loss_figure", (table(reading),))],
    data_files=lambda reading: {"models.json": table(reading)},
    publishes=PUBLISHES,
)
