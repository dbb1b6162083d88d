"""What one attention layer buys: e to each held-out loss (loss.py), the number of tokens a model
is as unsure among as an even guess would be."""

from ..declarations import Section
from ..measurements import MODELS
from ..model_table import rounded_loss


def measure(reading):
    return {
        f"e_loss.{corpus}.{name}": rounded_loss(measured["loss"][name])[1]
        for corpus, measured in reading.losses.items()
        for name in MODELS
    }


def samples(reading):
    return {
        f"e_loss.{corpus}.{name}": measured["about"] for corpus, measured in reading.losses.items() for name in MODELS
    }


SECTION = Section(prefix="e_loss", heading="What one attention layer buys", measure=measure, samples=samples)
