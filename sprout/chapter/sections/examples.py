"""The window is too narrow: the example stories, every head's attention on each, and each
model's guesses (sprout.analysis.records)."""

from ..declarations import Figure, Section


def measure(reading):
    return {
        "examples.count": len(reading.tokenized),
        "examples.longest_tokens": max(len(t.ids) for t in reading.tokenized),
    }


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


SECTION = Section(
    prefix="examples",
    heading="The window is too narrow",
    measure=measure,
    figures=figures,
    data_files=data_files,
)
