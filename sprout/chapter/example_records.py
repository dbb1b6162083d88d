"""Per example story: its record for the widgets and every head's attention for its figure."""

from ..analysis.records import example_record


def records(reading):
    """{example id: (record, attention)}."""
    return {t.example.id: example_record(t, reading.models64, reading.tokenizer) for t in reading.tokenized}


def inputs(reading):
    return (reading.texts,)
