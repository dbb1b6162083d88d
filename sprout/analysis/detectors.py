"""The head detectors, each declared once: its name, what it measures, where the chapter reads it,
the baselines a head of its kind must clear, and its functions (sprout.analysis.lens).

Everything that lists kinds of head reads DETECTORS: the scores of the artifacts and of training
(head_scores.py, evaluate.py), the baselines (sprout.chapter.head_bands), the figures' titles, the
notebook views, and the browser: the detectors the widgets offer have a JavaScript twin (in
site_assets/story/core.js, DETECTOR_TWINS) that scores the reader's own story, and their
words reach the widgets as site_assets/common/detectors.js, which `python -m
build_site.detectors` writes from this list (js_module) (a test holds the file to it, and each twin to
its Python scores on the chapter's examples).

Adding a detector: its entry here, its function in lens.py, and, if the widgets offer it, its twin.
"""

import json
from collections.abc import Callable
from dataclasses import dataclass

from .lens import (
    first_token_argmax_share,
    first_token_scores,
    induction_pairs,
    induction_scores,
    previous_token_scores,
    text_induction_scores,
)

READ_ON = {"examples": "over the example stories", "repeats": "on repeated random text"}


@dataclass(frozen=True)
class Detector:
    name: str
    label: str  # as a menu or a sentence names the kind ("previous-token")
    measures: str  # what one head's score is, in a phrase
    rows: str  # which of a text's tokens the score averages over: "{n} tokens ..." of "{text}"
    none: str  # why a text has no score of this kind ("{text} ...")
    title: str  # the title of its chart of every head
    read_on: str  # where the chapter reads its best heads: "examples" (each story alone) or "repeats" ([◆, R, R])
    must_clear: tuple  # the baselines (sprout.chapter.head_bands) a head must clear to be called this kind
    on_repeats: Callable  # (weights (B, L, H, T, T), n) -> (L, H) on [◆, R, R] with |R| = n
    on_text: Callable  # (weights (1, L, H, T, T), ids) -> (L, H) on one text, or None if nothing in it counts
    count: Callable  # ids -> how many of the text's tokens on_text averages over
    in_widgets: bool  # offered by the widgets (W5, "Your own story", the notebook views): it has a JS twin

    def about(self):
        """What the score is where the chapter reads it."""
        return f"{self.measures}, {READ_ON[self.read_on]}"

    def about_text(self, ids, text="the text"):
        """What the score is on one text (`text` names it: "the text", "your story"), or why it has none."""
        n = self.count(ids)
        if not n:
            return f"none: {self.none.format(text=text)}"
        rows = self.rows
        if n == 1:  # "1 token", and the verb after it agrees ("that repeats")
            rows = rows.replace("{n} tokens", "{n} token").replace(" that repeat ", " that repeats ")
        return f"{self.measures}, over {rows.format(n=n, text=text)}"


def _by_position(function):
    """The functions of a detector of where a head looks by position alone: the same on a repeat
    and on any text, over every token after ◆."""
    return {
        "on_repeats": lambda weights, n: function(weights),
        "on_text": lambda weights, ids: function(weights),
        "count": lambda ids: len(ids) - 1,
    }


AFTER_START = {"rows": "{text}'s {n} tokens after ◆", "none": "{text} has no token after ◆"}

DETECTORS = (
    Detector(
        name="previous_token",
        label="previous-token",
        measures="mean weight on the token just before",
        title="Previous-token score (example stories)",
        read_on="examples",
        must_clear=("untrained",),
        in_widgets=True,
        **AFTER_START,
        **_by_position(previous_token_scores),
    ),
    Detector(
        name="first_token",
        label="first-token (◆)",
        measures="mean weight on ◆",
        title="Weight on ◆ (example stories)",
        read_on="examples",
        must_clear=("untrained",),
        in_widgets=True,
        **AFTER_START,
        **_by_position(first_token_scores),
    ),
    Detector(
        name="first_token_argmax",
        label="◆ as largest weight",
        measures="share of rows whose largest weight is on ◆",
        title="Share of rows whose largest weight is on ◆ (example stories)",
        read_on="examples",
        must_clear=("untrained",),
        in_widgets=False,
        **AFTER_START,
        **_by_position(first_token_argmax_share),
    ),
    Detector(
        name="induction",
        label="induction",
        measures="mean weight on the token after an earlier copy",
        rows="the {n} tokens of {text} that repeat an earlier stretch",
        none="{text} repeats no stretch of two or more tokens",
        title="Induction score (repeated random tokens)",
        read_on="repeats",
        # an induction head claims to read the text, so shuffling the text must take its score away
        must_clear=("untrained", "shuffled"),
        in_widgets=True,
        on_repeats=induction_scores,
        on_text=text_induction_scores,
        count=lambda ids: len(induction_pairs(ids)),
    ),
)
SCORE_KINDS = tuple(d.name for d in DETECTORS)
BY_NAME = {d.name: d for d in DETECTORS}


def js_module():
    """site_assets/common/detectors.js: the words of the detectors the widgets offer."""
    offered = [
        {
            "name": d.name,
            "label": d.label,
            "measures": d.measures,
            "rows": d.rows,
            "none": d.none,
            "about": d.about(),
            "from": d.read_on,
        }
        for d in DETECTORS
        if d.in_widgets
    ]
    listed = json.dumps(offered, ensure_ascii=False, indent=2)
    return (
        "// Written by `python -m build_site.detectors` from DETECTORS in sprout/analysis/detectors.py:\n"
        "// edit that list, not this file. The head detectors the widgets offer, in their order: `rows`\n"
        "// says which of a text's tokens a score averages over ({n} of them, {text} naming the text), and\n"
        "// `none` why a text has no score, `from` which average of head_scores.json the chapter's widgets read.\n"
        f"export const DETECTORS = {listed};\n"
    )
