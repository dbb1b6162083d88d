"""The window is too narrow: the example stories, and what each model gives the object a story
asks for again where the window network can no longer see it."""

from ..measurements import MODELS
from . import Figure, Section

RECALLED = ("mia_doll",)  # the examples whose object recall the prose cites


def measure(reading):
    stats = {
        f"{example_id}.object_recall.{model}": record["object_recall"][model]
        for example_id, (record, _) in reading.examples.items()
        if example_id in RECALLED
        for model in MODELS
    }
    stats["examples.count"] = len(reading.tokenized)
    stats["examples.longest_tokens"] = max(len(t.ids) for t in reading.tokenized)
    return stats


def figures(reading):
    """Every head's attention on each example story."""
    return [
        Figure(
            f"attention_{t.example.id}", "attention_grid_figure", (t.example.title, reading.examples[t.example.id][1])
        )
        for t in reading.tokenized
    ]


def data_files(reading):
    """Each example's record: its tokens, every head's attention, each model's guesses."""
    return {f"examples/{example_id}.json": record for example_id, (record, _) in reading.examples.items()}


PUBLISHES = (
    "examples.count",
    "mia_doll.object_recall.*",
)

SECTION = Section(
    name="window",
    heading="The window is too narrow",
    prefixes=("examples", *(f"{e}.object_recall" for e in RECALLED)),
    measure=measure,
    figures=figures,
    data_files=data_files,
    publishes=PUBLISHES,
)
