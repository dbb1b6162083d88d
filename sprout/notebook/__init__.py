"""Sprout's views in a notebook: the chapter's widgets for any text and any checkpoint.

    from .. import notebook
    notebook.explorer("Tom saw Mia. He waved.")            # W2: where one head looks
    notebook.heads("...", checkpoint="runs/mine")          # W5: every head at once, with scores
    notebook.story("...")                                  # W1: the text with each model's predictions
    notebook.write("Zorbin Plax...", heads_off=[(5, 4)], seed=0)  # Sprout writes on, as the page's Write
    notebook.which_heads("...", token=12)                  # which heads made the guess of token 12

`checkpoint` is a published model's name (sprout/published_models.py) or any folder `sprout train`
wrote. Each call runs the model once (float64, as the artifacts are measured) and returns a View
that Jupyter, VS Code and nbconvert display: HTML that carries the widgets and the data, and
fetches nothing.
Bad input raises ViewError with one line.
"""

from .checkpoints import ViewError
from .html import View
from .views import attention_data, explorer, heads, story
from .which_heads import which_heads
from .writing import write

__all__ = ["View", "ViewError", "attention_data", "explorer", "heads", "story", "which_heads", "write"]
