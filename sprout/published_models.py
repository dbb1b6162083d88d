"""The chapter's published models, declared once: everything that loops over them or labels them
(the measurements, the figures, the notebook views, the `sprout` command, the browser export, and
the JSON schemas through tests/unit/test_published_models.py) reads this list.

A model's `name` is its key everywhere: its config in sprout.model.CONFIGS, its recipe
sprout/training/recipes/<name>.toml, its checkpoint folder under build_artifacts/checkpoints, and
the middle of its numbers' names in stats.json (`loss.generated.<name>`). To add one, or give one
another size, see DEVELOPING.md ("Adding a model or a size").
"""

from dataclasses import dataclass
from pathlib import Path

STORY_PAGE = "story"  # the model "Try your own story" opens with (its description: model.json)
COMPARISON = "comparison"  # exported too, fetched when the reader asks to compare (<name>.json)


@dataclass(frozen=True)
class PublishedModel:
    name: str
    display: str  # as a reader sees it, in a sentence and in a legend alike
    colour: str  # its line and bar in every figure (Okabe-Ito: colour-blind safe on light and dark)
    browser: str | None  # STORY_PAGE, COMPARISON, or None: not exported for the browser

    @property
    def config(self):
        from .model import CONFIGS  # torch, imported when asked: `sprout --help` reads this list

        return CONFIGS[self.name]

    @property
    def has_attention(self):
        return self.config.kind == "transformer"

    def checkpoint(self, checkpoints):
        """Its published checkpoint's folder under `checkpoints` (sprout.folders.CHECKPOINTS for the repository's)."""
        return Path(checkpoints) / self.name

    @property
    def browser_file(self):
        """Its ONNX file under docs/artifacts/browser (None: not exported)."""
        return None if self.browser is None else f"{self.name}.onnx"

    @property
    def browser_description(self):
        """The JSON file beside it that describes it (the page opens model.json first)."""
        if self.browser is None:
            return None
        return "model.json" if self.browser == STORY_PAGE else f"{self.name}.json"


# smallest first: the order of every table, legend and loop
MODELS = (
    PublishedModel("window", "the window network", "#009E73", browser=None),
    PublishedModel("gpt1", "gpt-1", "#E69F00", browser=COMPARISON),
    PublishedModel("sprout", "Sprout", "#0072B2", browser=STORY_PAGE),
)
BY_NAME = {m.name: m for m in MODELS}
NAMES = tuple(BY_NAME)
IN_BROWSER = tuple(m for m in MODELS if m.browser is not None)


def with_attention():
    """The names of the published models that have attention heads (transformers), in order."""
    return tuple(m.name for m in MODELS if m.has_attention)
