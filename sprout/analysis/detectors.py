"""The head detectors, each declared once: its name, what it measures, where the chapter reads it,
the baselines a head of its kind must clear, and its functions (sprout.analysis.lens).

Everything that lists kinds of head reads DETECTORS: the scores of the artifacts and of training
(head_scores.py, evaluate.py), the baselines (sprout.chapter.baselines), the figures' titles, the
notebook views, and the browser: the detectors the widgets offer have a JavaScript twin (in
site_assets/sprout-story-core.js, DETECTOR_TWINS) that scores the reader's own story, and their
words reach the widgets as site_assets/sprout-detectors.js, which `python -m
sprout.analysis.detectors` writes from this list (a test holds the file to it, and each twin to
its Python scores on the chapter's examples).

Adding a detector: its entry here, its function in lens.py, and, if the widgets offer it, its twin.
"""

import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .lens import (
    first_token_argmax_share,
    first_token_scores,
    induction_pairs,
    induction_scores,
    previous_token_scores,
    text_induction_scores,
)

READ_ON = {"examples": "over the example stories", "repeats": "on repeated random text"}
JS_MODULE = Path(__file__).resolve().parent.parent.parent / "site_assets" / "sprout-detectors.js"


@dataclass(frozen=True)
class Detector:
    name: str
    label: str  # as a menu or a sentence names the kind ("previous-token")
    measures: str  # what one head's score is, in a phrase
    rows: str  # which of a text's tokens the score averages over: "{n} tokens ..." of "{text}"
    none: str  # why a text has no score of this kind ("{text} ...")
    title: str  # the title of its chart of every head
    read_on: str  # where the chapter reads its best heads: "examples" (each story alone) or "repeats" ([◆, R, R])
    must_clear: tuple  # the baselines (sprout.chapter.baselines) a head must clear to be called this kind
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
        return f"{self.measures}, over {self.rows.format(n=n, text=text)}"


def _position(function):
    """A detector of where a head looks by position alone: the same on a repeat and on any text,
    over every token after ◆."""
    return (lambda weights, n: function(weights)), (lambda weights, ids: function(weights)), (lambda ids: len(ids) - 1)


AFTER_START = ("{text}'s {n} tokens after ◆", "{text} has no token after ◆")


_PREVIOUS, _FIRST, _ARGMAX = (
    _position(f) for f in (previous_token_scores, first_token_scores, first_token_argmax_share)
)

DETECTORS = (
    Detector(
        "previous_token",
        "previous-token",
        "mean weight on the token just before",
        *AFTER_START,
        "Previous-token score (example stories)",
        "examples",
        ("untrained",),
        *_PREVIOUS,
        in_widgets=True,
    ),
    Detector(
        "first_token",
        "first-token (◆)",
        "mean weight on ◆",
        *AFTER_START,
        "Weight on ◆ (example stories)",
        "examples",
        ("untrained",),
        *_FIRST,
        in_widgets=True,
    ),
    Detector(
        "first_token_argmax",
        "◆ as largest weight",
        "share of rows whose largest weight is on ◆",
        *AFTER_START,
        "Share of rows whose largest weight is on ◆ (example stories)",
        "examples",
        ("untrained",),
        *_ARGMAX,
        in_widgets=False,
    ),
    # an induction head claims to read the text, so shuffling the text must take its score away
    Detector(
        "induction",
        "induction",
        "mean weight on the token after an earlier copy",
        "the {n} tokens of {text} that repeat an earlier stretch",
        "{text} repeats no stretch of two or more tokens",
        "Induction score (repeated random tokens)",
        "repeats",
        ("untrained", "shuffled"),
        induction_scores,
        text_induction_scores,
        lambda ids: len(induction_pairs(ids)),
        in_widgets=True,
    ),
)
SCORE_KINDS = tuple(d.name for d in DETECTORS)
BY_NAME = {d.name: d for d in DETECTORS}


def js_module():
    """site_assets/sprout-detectors.js: the words of the detectors the widgets offer."""
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
        "// Written by `python -m sprout.analysis.detectors` from DETECTORS in sprout/analysis/detectors.py:\n"
        "// edit that list, not this file. The head detectors the widgets offer, in their order: `rows`\n"
        "// says which of a text's tokens a score averages over ({n} of them, {text} naming the text), and\n"
        "// `none` why a text has no score, `from` which average of head_scores.json the chapter's widgets read.\n"
        f"export const DETECTORS = {listed};\n"
    )


if __name__ == "__main__":
    JS_MODULE.write_text(js_module(), encoding="utf-8")
    sys.stdout.write(f"wrote {JS_MODULE}\n")
