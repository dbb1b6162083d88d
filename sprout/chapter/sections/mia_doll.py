"""The window is too narrow: what each model gives the object the mia_doll story asks for again,
where the window network can no longer see it."""

from ..declarations import Section
from ..measurements import MODELS


def measure(reading):
    record, _ = reading.examples["mia_doll"]
    return {f"mia_doll.object_recall.{model}": record["object_recall"][model] for model in MODELS}


SECTION = Section(prefix="mia_doll", heading="The window is too narrow", measure=measure)
