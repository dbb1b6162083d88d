"""What one attention layer buys: each model's held-out loss on each corpus (generated stories, and
TinyStories' validation text where it is here), and the models' table and figure."""

from ..claims import Claim
from ..declarations import Figure, Section
from ..measurements import HELDOUT_STORIES, MODELS
from ..model_table import model_table, rounded_loss


def measure(reading):
    stats = {"loss.heldout_stories": HELDOUT_STORIES}
    for corpus, measured in reading.losses.items():
        for name in MODELS:
            stats[f"loss.{corpus}.{name}"] = rounded_loss(measured["loss"][name])[0]
    return stats


def samples(reading):
    return {
        f"loss.{corpus}.{name}": measured["about"] for corpus, measured in reading.losses.items() for name in MODELS
    }


def table(reading):
    return model_table(reading.loaded.models, reading.loaded.trainings, reading.losses)


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

SECTION = Section(
    prefix="loss",
    heading="What one attention layer buys",
    measure=measure,
    claims=CLAIMS,
    figures=lambda reading: [Figure("model_losses", "loss_figure", (table(reading),))],
    data_files=lambda reading: {"models.json": table(reading)},
    samples=samples,
)
