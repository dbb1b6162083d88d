"""Short stories in which knowing who "he" or "she" is pays off in the very next words.

Two children of different genders each get their own thing and their own pastime; then most
sentences name one of them by pronoun only, and what follows the pronoun (the pastime, "his
red kite", the child's own name in a quote) can only be predicted by resolving it past the
other child. In the main generator a pronoun is rarely followed by anything that depends on
its referent, so attention from "he" to its name earns little there.

This is a document kind of its own (``Mix.pronouns``), not one of the main generator's shapes,
so that adding it left the batches of every other mix as they were."""

import random
import re

from .grammar import Person
from .words import WORDS

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
        Child(rng.choice(WORDS.boy_names), True, f"{colours[0]} {things[0]}", pastimes[0]),
        Child(rng.choice(WORDS.girl_names), False, f"{colours[1]} {things[1]}", pastimes[1]),
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


# ---- held-out probe stories that tell a pronoun's referent apart from the latest or first name
#
# A head that "finds who 'he' is" in a story where the referent is also the child named last may
# only be looking at the latest name. These stories cross the two: a boy and a girl are each named
# three times before the pronoun, and the kind decides which child is named first and which last
# ("a": the child the pronoun stands for, "b": the other child). A head that resolves the pronoun
# is right in all three kinds; one that follows the latest name is right only in the first; one
# that follows the first name, only in the first two. After the pronoun the story goes on to the
# possessive ("Then he picked up his"), where the next word is the referent's own thing: the
# model's guess there says whether it knows who is meant. Not a training document kind.

KINDS = ("referent_last", "other_last", "other_first_and_last")
NAMED_FIRST_AND_LAST = {"referent_last": ("a", "a"), "other_last": ("a", "b"), "other_first_and_last": ("b", "b")}
PROBE_THINGS = tuple(t for t in THINGS if t != "horn")  # each one token after a space in Sprout's tokenizer
PROBE_PLACES = ("park", "beach", "farm", "zoo", "lake", "market", "garden", "library")
MEETINGS = (  # {first} is named first in the story, {second} beside it
    "{first} and {second} went to the {place}.",
    "{first} met {second} at the {place}.",
    "One day, {first} and {second} played at the {place}.",
    "{first} and {second} walked to the {place} together.",
)
OWNINGS = ("{p} had a {p_thing}, and {q} had a {q_thing}.", "{p} brought a {p_thing}, and {q} brought a {q_thing}.")
DOINGS = (  # one child named alone; the one named last is named in the last of these
    "{x} found a long stick.",
    "{x} saw a big dog.",
    "{x} ran to the swings.",
    "{x} looked up at the sky.",
    "{x} sat down on the grass.",
    "{x} sang a little song.",
)
GOING_ON = ("Then {he} picked up {his}", "After that, {he} looked for {his}", "Later, {he} played with {his}")


class PronounStoryError(ValueError):
    """A two-child pronoun story that cannot be written as asked; the message is one line."""


class TwoChildStory:
    """A held-out story of one kind, ending at the possessive after the pronoun: its text, the
    pronoun and possessive ("he", "his"), both children's names and things."""

    __slots__ = ("kind", "text", "pronoun", "possessive", "referent", "other", "referent_thing", "other_thing")

    def __init__(self, **fields):
        for name in self.__slots__:
            setattr(self, name, fields[name])


def _checked(kind, referent, other):
    if kind not in KINDS:
        raise PronounStoryError(f"unknown pronoun story kind {kind!r} (one of {', '.join(KINDS)})")
    for role, child in (("referent", referent), ("other child", other)):
        name = getattr(child, "name", None)
        if not isinstance(name, str) or not re.fullmatch(r"[A-Z][a-z]+", name):
            raise PronounStoryError(f"the {role} cannot be named in a story: {name!r} is not one capitalised word")
    if referent.name == other.name:
        raise PronounStoryError(f"both children are called {referent.name}: the story could not name the referent")
    if referent.male == other.male:
        kids = "boys" if referent.male else "girls"
        raise PronounStoryError(
            f"{referent.name} and {other.name} are both {kids}: '{referent.he}' would not tell who is meant"
        )


def two_child_story(rng: random.Random, kind: str, referent: Person = None, other: Person = None) -> TwoChildStory:
    """One story of `kind` (KINDS); the children are drawn (a boy and a girl, either one the
    referent) unless given. PronounStoryError, in one line, for children of one gender, a
    referent (or other child) without a name the story can write, or an unknown kind."""
    if referent is None or other is None:
        male = rng.random() < 0.5
        referent = Person(rng.choice(WORDS.boy_names if male else WORDS.girl_names), male)
        other = Person(rng.choice(WORDS.girl_names if male else WORDS.boy_names), not male)
    _checked(kind, referent, other)
    kid = {"a": referent, "b": other}
    first, last = (kid[k] for k in NAMED_FIRST_AND_LAST[kind])
    middle = other if last is referent else referent  # named alone before the last naming: three namings each
    things = dict(zip((referent.name, other.name), rng.sample(PROBE_THINGS, 2)))
    p, q = rng.sample((referent.name, other.name), 2)
    middle_doing, last_doing = rng.sample(DOINGS, 2)
    text = " ".join(
        (
            rng.choice(MEETINGS).format(
                first=first.name, second=(other if first is referent else referent).name, place=rng.choice(PROBE_PLACES)
            ),
            rng.choice(OWNINGS).format(p=p, q=q, p_thing=things[p], q_thing=things[q]),
            middle_doing.format(x=middle.name),
            last_doing.format(x=last.name),
            rng.choice(GOING_ON).format(he=referent.he, his=referent.his),
        )
    )
    return TwoChildStory(
        kind=kind,
        text=text,
        pronoun=referent.he,
        possessive=referent.his,
        referent=referent.name,
        other=other.name,
        referent_thing=things[referent.name],
        other_thing=things[other.name],
    )
