"""Each model's loss on held-out stories, one result per corpus: the generated stories (the same
with or without a TinyStories folder, so a clone without one reuses their published losses) and
TinyStories' validation text (keyed by its sha256)."""

from ..analysis.evaluate import heldout_loss
from ..corpus import data
from .measurements import HELDOUT_STORIES, MODELS


def _measured(reading, texts, about):
    return {
        "about": about,
        "loss": {name: heldout_loss(reading.models64[name], reading.tokenizer, texts) for name in MODELS},
    }


def generated(reading):
    texts, about = data.heldout_corpora(None, HELDOUT_STORIES)["generated"]
    return _measured(reading, texts, about)


def tinystories_validation(reading):
    texts, about = data.heldout_corpora(reading.tinystories, HELDOUT_STORIES)["tinystories_validation"]
    return _measured(reading, texts, about)


def sizes(reading):
    return (HELDOUT_STORIES, data.HELDOUT_SEED)


def losses(reading):
    """{corpus: {"about", "loss": {model: loss}}} for each corpus read here or published."""
    measured = {
        "generated": reading.heldout_losses_generated,
        "tinystories_validation": reading.heldout_losses_tinystories_validation,
    }
    return {corpus: result for corpus, result in measured.items() if result is not None}
