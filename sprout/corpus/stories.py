"""An endless, deterministic supply of simple children's stories: the generated corpus.

Sprout is trained on a small CPU budget (the model card gives its time), so its text has to be
dense in the few dependencies the chapter wants to show:

* previous-token structure (ordinary simple English),
* copying ("A B ... A -> B"): made-up names that recur within a story, refrains and songs
  sung again word for word, lists said again in the same order,
* pronouns resolved past a distractor of the other gender ("Tom gave Lily a cup. Then he
  went home."),
* long-range recall: an object or a hiding place named early and needed many sentences later.

Everything is driven by one ``random.Random``: the same seed gives the same stories in every
process (no global random state, no sets iterated, no ``hash()``). Each story is one of the
shapes in ``shapes.py``, drawn by weight, rendered, and drawn again if it is too short, too long
or holds a forbidden part of the reserved name."""

from __future__ import annotations

import bisect
import itertools
import random
import re
from typing import Iterator

from .grammar import capitalize_first
from .made_up_names import FORBIDDEN
from .shapes import SHAPES

MIN_WORDS = 60
MAX_WORDS = 400

_SHAPE_FUNCTIONS = tuple(shape for shape, _ in SHAPES)
_CUMULATIVE_WEIGHTS = tuple(itertools.accumulate(weight for _, weight in SHAPES))
_CAP_AFTER = re.compile(r'([.!?] +"?)([a-z])')
_SPACES = re.compile(r" {2,}")


def _capitalize_sentence(s: str) -> str:
    if s[:1] == '"':
        return '"' + s[1:2].upper() + s[2:]
    return s[:1].upper() + s[1:]


def render(paragraphs) -> str:
    """A shape's paragraphs as text: sentences capitalised, one line a paragraph."""
    text = "\n".join(" ".join(_capitalize_sentence(s) for s in p if s) for p in paragraphs if p)
    text = _SPACES.sub(" ", text)
    text = _CAP_AFTER.sub(lambda m: m.group(1) + m.group(2).upper(), text)
    lines = [capitalize_first(line.strip()) for line in text.split("\n")]
    return "\n".join(lines)


def _acceptable(text: str) -> bool:
    low = text.lower()
    if any(bad in low for bad in FORBIDDEN) or not text.isascii():
        return False
    return MIN_WORDS <= len(text.split()) <= MAX_WORDS


def generate_story(rng: random.Random) -> str:
    """One story as plain text (paragraphs separated by newlines), no start mark."""
    while True:
        drawn = rng.randrange(_CUMULATIVE_WEIGHTS[-1])
        shape = _SHAPE_FUNCTIONS[bisect.bisect_right(_CUMULATIVE_WEIGHTS, drawn)]
        text = render(shape(rng))
        if _acceptable(text):
            return text


def generate_stories(seed: int, count: int) -> list[str]:
    """``count`` stories, the same for the same seed in every process."""
    rng = random.Random(seed)
    return [generate_story(rng) for _ in range(count)]


def iter_stories(seed: int) -> Iterator[str]:
    """An endless stream of stories, deterministic from ``seed``."""
    rng = random.Random(seed)
    while True:
        yield generate_story(rng)


if __name__ == "__main__":  # pragma: no cover - a quick look at the output
    import sys

    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    for s in generate_stories(seed, 3):
        print(s)
        print("-" * 60)
