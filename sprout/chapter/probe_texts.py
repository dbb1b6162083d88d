"""The probes' texts: many seeded short stories that ask the chapter's one-story questions again.

Each is an ``Example`` with marks, as the chapter's own examples are: the pronoun probe's
stories mark "he" (or "she") and every earlier naming of its referent, the name probe's mark the
second naming of a made-up name. ``sprout.chapter.seeded_probes`` measures a model on them. Beside them
the chapter's repeats, [◆, R, R] with R random tokens, are read by the measurements and the removals
alike: REPEAT_LENGTH is |R| for both."""

import random
import re

from ..corpus.grammar import Person
from ..corpus.made_up_names import made_up_name
from ..corpus.pronoun_stories import KINDS, two_child_story
from ..corpus.words import WORDS
from .examples import Example

PROBE_SEED = 7_777  # training rows draw from Random(seed * 1_000_003 + step), seed >= 1: never this one
PROBE_STORIES = 64
KIND_SEED = 7_778  # the two-child stories of each kind (below 1_000_003 too: no training row's seed)
REPEAT_LENGTH = 48  # |R| in the chapter's repeats [◆, R, R]

# {a} is the pronoun's referent, {b} a character of the other gender named in between. Each
# template names {a} at least twice and holds its pronoun ({he}) once, as a whole word.
PRONOUN_TEMPLATES = (
    "{a} and {b} went to the {place}. {b} had a {x} and {a} had a {y}. They played until the sun "
    "went down. {b} laughed at a dog. Then the {y} fell into a hole. {a} was sad, so {he} dug",
    "One morning {a} found a {y} in the garden. {a} ran inside to show {b}. {b} said it was very "
    "nice and went back to bed. Later {a} felt tired, so {he} sat",
    "{b} and {a} were friends. {a} liked to draw and {b} liked to sing. One day {b} sang a song "
    "about a {x}. {a} drew a big {y} for the class. Everyone clapped, and {he} smiled",
    "{a} had a little {pet}. Every day {a} fed the {pet} and played with it. One day {b} came to "
    "visit, and {b} wanted to play too. The {pet} ran to {a}, and {he} gave",
)
PLACES = ("park", "beach", "farm", "zoo", "lake", "market", "forest", "library")
THINGS = ("ball", "kite", "boat", "hat", "drum", "book", "car", "doll", "cup", "flower")
PETS = ("cat", "dog", "bunny", "fish", "bird", "puppy", "frog")

NAME_TEMPLATES = (
    "Once upon a time, a little {animal} named {name} lived in a hole by a river. It liked to "
    'swim and look for stones. One day, a child came by. "Who are you?" asked the child. '
    '"I am {name}," said the {animal}. They played until dark.',
    "In a quiet town there was a {animal} called {name}. Every morning the {animal} sat on a wall "
    'and sang. The children loved the song. "Sing again, {name}!" they shouted, and it did.',
    'Mia had a new toy {animal}. "I will call you {name}," she said. She took the toy to school '
    'and showed her friends. "This is {name}," she told them, and they all smiled.',
)
ANIMALS = ("dragon", "mouse", "bear", "fox", "owl", "turtle", "rabbit", "goat")


def pronoun_examples(count=PROBE_STORIES, seed=PROBE_SEED):
    """Examples with marks: "he" (the pronoun) and a1, a2, ... (every earlier naming of its referent)."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        male = rng.random() < 0.5
        referent = Person(rng.choice(WORDS.boy_names if male else WORDS.girl_names), male)
        other = rng.choice(WORDS.girl_names if male else WORDS.boy_names)
        x, y = rng.sample(THINGS, 2)
        a, he = referent.name, referent.he
        text = PRONOUN_TEMPLATES[i % len(PRONOUN_TEMPLATES)].format(
            a=a, b=other, x=x, y=y, he=he, place=rng.choice(PLACES), pet=rng.choice(PETS)
        )
        namings = len(re.findall(rf"\b{a}\b", text[: text.rindex(f" {he} ")]))
        marks = {"he": (he, 1), **{f"a{k}": (a, k) for k in range(1, namings + 1)}}
        out.append(Example(f"pronoun_{i}", "pronoun probe", text, marks))
    return out


def name_examples(count=PROBE_STORIES, seed=PROBE_SEED):
    """Examples that name a made-up character twice; the mark "second" is its second naming."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        name = made_up_name(rng)
        text = NAME_TEMPLATES[i % len(NAME_TEMPLATES)].format(name=name, animal=rng.choice(ANIMALS))
        out.append(Example(f"name_{i}", "name probe", text, {"second": (name, 2)}))
    return out


def kind_examples(kind, count=PROBE_STORIES, seed=KIND_SEED):
    """Two-child stories of one kind (sprout.corpus.pronoun_stories.KINDS), each ending at the
    possessive after its pronoun. Marks: "he" (the pronoun), "his" (the possessive), a1..a3 (the
    referent's namings), b1..b3 (the other child's), "a_thing" and "b_thing" (each one's thing)."""
    rng = random.Random(seed * 10 + KINDS.index(kind))
    out = []
    for i in range(count):
        story = two_child_story(rng, kind)
        marks = {"he": (story.pronoun, 1), "his": (story.possessive, 1)}
        for key, name in (("a", story.referent), ("b", story.other)):
            namings = len(re.findall(rf"\b{name}\b", story.text))
            marks |= {f"{key}{k}": (name, k) for k in range(1, namings + 1)}
        marks |= {"a_thing": (story.referent_thing, 1), "b_thing": (story.other_thing, 1)}
        out.append(Example(f"{kind}_{i}", f"pronoun story, {kind.replace('_', ' ')}", story.text, marks))
    return out
