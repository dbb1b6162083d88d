"""The sentences the story shapes are told in, kept as data in shapes.toml beside this file: one
table a shape (``[lost]``, ``[song]``, ...) and ``[shared]`` for those several shapes use.

The file is read once, on the first table asked for, and checked whole the way words.toml is
(sprout/corpus/words.py): a missing file, a file that is not TOML, a table a shape reads that is
not there, an entry that is not a string or not a template str.format can fill in stops the
generator with a WordListError of one line naming the file and the entry."""

from __future__ import annotations

import random
import re
import string
from pathlib import Path

from .grammar import pick
from .words import WordListError, WordLists

_FIELD = re.compile(r"\w+(\.\w+)*")  # {x}, {x.his}, {0}: a name or a position, then attributes


def template_problem(text: str) -> str | None:
    """What stops str.format filling text in from names and positions, or None."""
    try:
        parts = list(string.Formatter().parse(text))
    except ValueError as e:
        return f"not a template str.format can fill in ({e})"
    for _, field, spec, conversion in parts:
        if field is not None and (not _FIELD.fullmatch(field) or spec or conversion):
            return f"a field {{{field}}} that is not a name or a position with attributes"
    return None


SENTENCES = WordLists(
    Path(__file__).with_name("shapes.toml"),
    """
    shared journey lost song shopping packing creature pet cumulative swap week magic race message
    recipe goodnight
    """,
    check=template_problem,
)


class Teller:
    """One shape's sentences, drawn by the story's ``random.Random``: ``say("hide", h=spot)`` is
    one sentence of the list ``hide`` (in the shape's table, else in [shared]) filled in with the
    story's cast (``Teller(rng, "lost", x=x, y=y)``) and the values the call names, which win;
    ``say.pick("grown_up")`` is one entry as it stands, ``say["uses"]`` the whole list."""

    def __init__(self, rng: random.Random, shape: str, **cast):
        self.rng, self.shape, self.cast = rng, shape, cast
        self.table = getattr(SENTENCES, shape)

    def __getitem__(self, key: str) -> tuple:
        for table in (self.table, SENTENCES.shared):
            if key in table:
                return table[key]
        raise WordListError(f"{SENTENCES.path}: no list {self.shape}.{key} or shared.{key}, which the generator reads")

    def pick(self, key: str) -> str:
        return pick(self.rng, self[key])

    def __call__(self, key: str, *values, **named) -> str:
        return self.pick(key).format(*values, **(self.cast | named))
