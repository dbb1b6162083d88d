"""Short stories in which knowing who "he" or "she" is pays off in the very next words.

Two children of different genders each get their own thing and their own pastime; then most
sentences name one of them by pronoun only, and what follows the pronoun (the pastime, "his
red kite", the child's own name in a quote) can only be predicted by resolving it past the
other child. In the main generator a pronoun is rarely followed by anything that depends on
its referent, so attention from "he" to its name earns little there.

This is a document kind of its own (``Mix.pronouns``), not one of the main generator's shapes,
so that adding it left the batches of every other mix as they were."""

import random

from .grammar import Person
from .words import BOY_NAMES, GIRL_NAMES

PASTIMES = (  # (to do, did)
    ("climb trees", "climbed a tree"),
    ("paint", "painted a picture"),
    ("dance", "danced"),
    ("swim", "swam in the pond"),
    ("sing", "sang a song"),
    ("bake", "baked a cake"),
    ("draw", "drew a cat"),
    ("skip", "skipped down the path"),
    ("dig", "dug a hole"),
    ("build towers", "built a tower"),
    ("read", "read a book"),
    ("fish", "went fishing"),
    ("hop", "hopped like a frog"),
    ("whistle", "whistled a tune"),
    ("run", "ran around the yard"),
)
COLOURS = ("red", "blue", "green", "yellow", "pink", "orange", "purple", "brown", "white")
THINGS = (
    "kite",
    "ball",
    "drum",
    "boat",
    "hat",
    "car",
    "doll",
    "robot",
    "train",
    "bucket",
    "book",
    "horn",
    "scarf",
    "shell",
    "wagon",
)
TIES = ("were friends", "were cousins", "lived on the same street", "were in the same class")
OPENINGS = ("One day", "After lunch", "Later", "In the morning", "Soon", "Then", "That evening")


class Child(Person):
    """A character who also owns a thing ("red kite") and has a pastime (to do, did)."""

    __slots__ = ("thing", "to_do", "did")

    def __init__(self, name, male, thing, pastime):
        super().__init__(name, male)
        self.thing, (self.to_do, self.did) = thing, pastime


def _children(rng):
    boy_first = rng.random() < 0.5
    colours, things, pastimes = rng.sample(COLOURS, 2), rng.sample(THINGS, 2), rng.sample(PASTIMES, 2)
    kids = [
        Child(rng.choice(BOY_NAMES), True, f"{colours[0]} {things[0]}", pastimes[0]),
        Child(rng.choice(GIRL_NAMES), False, f"{colours[1]} {things[1]}", pastimes[1]),
    ]
    return kids if boy_first else kids[::-1]


def _event(rng, kid, other):
    """One sentence about kid, by pronoun after its first words."""
    opening = rng.choice(OPENINGS)
    return rng.choice(
        (
            f"{opening}, {kid.he} {kid.did}.",
            f"{opening}, {kid.he} took {kid.his} {kid.thing} to the park.",
            f"{other.name} waved, and {kid.he} {kid.did}.",
            f'{opening}, {kid.he} said, "My name is {kid.name}, and I like to {kid.to_do}."',
            f"{other.name} looked for {kid.him}, but {kid.he} {kid.did}.",
            f"{opening}, {kid.he} showed {other.name} {kid.his} {kid.thing}.",
            f"{kid.name} was happy, so {kid.he} {kid.did} again.",
        )
    )


def pronoun_story(rng: random.Random) -> str:
    first, second = _children(rng)
    sentences = [
        f"{first.name} and {second.name} {rng.choice(TIES)}.",
        f"{first.name} had a {first.thing}, and {second.name} had a {second.thing}.",
        f"{first.name} liked to {first.to_do}. {second.name} liked to {second.to_do}.",
    ]
    for _ in range(rng.randint(4, 8)):
        kid, other = (first, second) if rng.random() < 0.5 else (second, first)
        sentences.append(_event(rng, kid, other))
    sentences.append(
        rng.choice(("At the end of the day, they went home.", "Then it was time for bed.", "They had a very good day."))
    )
    return " ".join(sentences)
