"""The small grammar the generators write with: plurals, articles, capitals, lists, a
character's pronouns, and drawing one item or one filled-in template from a tuple.

Every draw goes through the generator's own ``random.Random`` (``rng.randrange``), so that the
same seed gives the same text in every process."""

from __future__ import annotations

import random

_IRREGULAR_PLURALS = {
    "mouse": "mice",
    "sheep": "sheep",
    "fish": "fish",
    "goose": "geese",
    "child": "children",
    "foot": "feet",
    "tooth": "teeth",
    "deer": "deer",
    "moose": "moose",
    "wolf": "wolves",
    "leaf": "leaves",
    "loaf": "loaves",
    "calf": "calves",
    "knife": "knives",
    "scarf": "scarves",
    "shelf": "shelves",
    "elf": "elves",
    "person": "people",
    "man": "men",
    "woman": "women",
    "potato": "potatoes",
    "tomato": "tomatoes",
    "mango": "mangoes",
    "hero": "heroes",
    "octopus": "octopuses",
    "bus": "buses",
    "dwarf": "dwarves",
    "goldfish": "goldfish",
    "jellyfish": "jellyfish",
    "starfish": "starfish",
    "flea": "fleas",
    "echo": "echoes",
}


def plural(noun: str) -> str:
    """The plural of a noun; of a phrase, its last word made plural ("toy cars")."""
    if " " in noun:
        head, last = noun.rsplit(" ", 1)
        return head + " " + plural(last)
    if noun in _IRREGULAR_PLURALS:
        return _IRREGULAR_PLURALS[noun]
    if noun.endswith(("s", "x", "z", "ch", "sh")):
        return noun + "es"
    if noun.endswith("y") and noun[-2:-1] not in ("a", "e", "i", "o", "u"):
        return noun[:-1] + "ies"
    return noun + "s"


def article_for(phrase: str) -> str:
    """The right indefinite article for a phrase: "a" or "an"."""
    w = phrase.lower()
    if w.startswith(("uni", "use", "usu", "uke", "euro", "one ", "once")):
        return "a"
    if w.startswith(("hour", "honest", "honor")):
        return "an"
    return "an" if w[:1] in ("a", "e", "i", "o", "u") else "a"


def with_article(phrase: str) -> str:
    """ "an old drum", "a red ball"."""
    return article_for(phrase) + " " + phrase


def capitalize_first(s: str) -> str:
    """The text with its first letter upper-case and the rest left as it is."""
    return s[:1].upper() + s[1:]


def and_list(items) -> str:
    """ "a, b and c"."""
    items = list(items)
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]


class Person:
    """A character: a name and the pronouns that go with it ("{x} saw {x.his} dog")."""

    __slots__ = ("name", "male", "he", "He", "him", "his", "His", "himself", "kid")

    def __init__(self, name: str, male: bool):
        self.name = name
        self.male = male
        self.he, self.He = ("he", "He") if male else ("she", "She")
        self.him = "him" if male else "her"
        self.his, self.His = ("his", "His") if male else ("her", "Her")
        self.himself = "himself" if male else "herself"
        self.kid = "boy" if male else "girl"

    def __str__(self) -> str:
        return self.name


class Thing:
    """A noun phrase with its articles: .a "a red ball", .the "the red ball", .noun "ball"."""

    __slots__ = ("noun", "phrase", "a", "the", "The")

    def __init__(self, noun: str, adj: str = ""):
        self.noun = noun
        self.phrase = (adj + " " + noun) if adj else noun
        self.a = with_article(self.phrase)
        self.the = "the " + self.phrase
        self.The = "The " + self.phrase

    def __str__(self) -> str:
        return self.phrase


class Place:
    """A place to go: .to "the park", .at / .At "at the park", .acts what one does there."""

    __slots__ = ("to", "at", "At", "acts")

    def __init__(self, entry):
        self.to, self.at, self.acts = entry
        self.At = capitalize_first(self.at)


def pick(rng: random.Random, items):
    """One of the items, drawn by rng."""
    return items[rng.randrange(len(items))]


def pick_filled(rng: random.Random, templates, *values, **named) -> str:
    """One of the templates, drawn by rng, filled in with str.format."""
    return pick(rng, templates).format(*values, **named)
