"""What one attention layer buys: each model's training time, all its stages together, and the
race's controls' as the race counts it (sprout.chapter.race)."""

from ..declarations import Section
from ..measurements import MODELS
from ..model_table import training_seconds


def measure(reading):
    stats = {f"training_seconds.{name}": training_seconds(reading.loaded.trainings[name]) for name in MODELS}
    for name, control in reading.race["controls"].items():
        stats[f"training_seconds.{name}"] = control["training_seconds"]
    return stats


SECTION = Section(
    prefix="training_seconds",
    heading="What one attention layer buys",
    measure=measure,
)
