"""Steady versions of the chapter's one-story claims, each asked of many seeded stories.

"he" -> "Tom" and "Zorbin Plax" rest on one story each, and short training stretches moved
them by more than their margins in either direction. The probes ask the same questions of
many stories, so checkpoints can be compared on numbers that one sentence cannot swing."""
import random
import re

import torch

from . import data, stories
from .examples import Example, tokenize_example
from .lens import capture_attention
from .model import context_of
from .precision import widened

PROBE_SEED = 7_777  # training rows draw from Random(seed * 1_000_003 + step), seed >= 1: never this one
PROBE_STORIES = 64

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
    'Once upon a time, a little {animal} named {name} lived in a hole by a river. It liked to '
    'swim and look for stones. One day, a child came by. "Who are you?" asked the child. '
    '"I am {name}," said the {animal}. They played until dark.',
    'In a quiet town there was a {animal} called {name}. Every morning the {animal} sat on a wall '
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
        a = rng.choice(stories.BOY_NAMES if male else stories.GIRL_NAMES)
        b = rng.choice(stories.GIRL_NAMES if male else stories.BOY_NAMES)
        x, y = rng.sample(THINGS, 2)
        he = "he" if male else "she"
        text = PRONOUN_TEMPLATES[i % len(PRONOUN_TEMPLATES)].format(
            a=a, b=b, x=x, y=y, he=he, place=rng.choice(PLACES), pet=rng.choice(PETS))
        namings = len(re.findall(rf"\b{a}\b", text[: text.rindex(f" {he} ")]))
        marks = {"he": (he, 1), **{f"a{k}": (a, k) for k in range(1, namings + 1)}}
        out.append(Example(f"pronoun_{i}", "pronoun probe", text, marks))
    return out


def name_examples(count=PROBE_STORIES, seed=PROBE_SEED):
    """Examples that name a made-up character twice; the mark "second" is its second naming."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        name = stories.made_up_name(rng)
        text = NAME_TEMPLATES[i % len(NAME_TEMPLATES)].format(name=name, animal=rng.choice(ANIMALS))
        out.append(Example(f"name_{i}", "name probe", text, {"second": (name, 2)}))
    return out


def next_piece_probs(model, tokenizer, example, mark):
    """P(correct next piece) at each token of the mark's span but its last."""
    tokenized = tokenize_example(example, tokenizer, context_of(model))
    start, end = tokenized.spans[mark]
    with torch.no_grad():
        probs = widened(model(torch.tensor([tokenized.ids]))[0]).softmax(-1)
    return [round(probs[p, tokenized.ids[p + 1]].item(), 4) for p in range(start, end - 1)]


def attention_share(model, ids, query, keys):
    """(layers, heads): the share of one query position's attention that lands on `keys`."""
    _, w = capture_attention(model, torch.tensor([ids]))
    return w[0, :, :, query, keys].sum(-1)


def pronoun_share(model, tokenizer, examples):
    """(layers, heads): the mean share of the pronoun's attention that lands on its referent."""
    total = None
    for example in examples:
        tokenized = tokenize_example(example, tokenizer, context_of(model))
        keys = [p for name, (s, e) in tokenized.spans.items() if name != "he" for p in range(s, e)]
        share = attention_share(model, tokenized.ids, tokenized.spans["he"][0], keys)
        total = share if total is None else total + share
    return total / len(examples)


def name_copy_prob(model, tokenizer, examples):
    """Mean P(correct next piece) inside the second naming, over all examples' pieces."""
    probs = [p for example in examples for p in next_piece_probs(model, tokenizer, example, "second")]
    return sum(probs) / len(probs)


def parking_corpus(tinystories_dir=None, count=PROBE_STORIES):
    """(stories, what they are): real held-out stories where validation.txt is present (the
    examples are written like them), else held-out generated ones."""
    corpora = data.heldout_corpora(tinystories_dir, count)
    return corpora.get("tinystories_validation", corpora["generated"])
