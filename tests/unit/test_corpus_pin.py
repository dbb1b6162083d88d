"""The corpus pinned: every kind of document that the word lists and syllables feed, over 1,000
seeds each, hashed into one digest. Moving the lists from Python into data files (issue 44) must
leave every story, name and sound the same; so must any later change that is not meant to alter
the corpus."""

import hashlib
import random

from sprout.chapter import probe_texts
from sprout.corpus import made_up_names, pronoun_stories, renaming, shapes, stories

SEEDS = range(1000)

# Computed by running this file's corpus_digest() on the code as it stood before the move
# (commit bfaca69, the word lists still Python tuples in words.py and made_up_names.py):
#   .venv/bin/python -c "from tests.test_corpus_pin import corpus_digest; print(corpus_digest())"
# and checked again after the move on a `git archive bfaca69 sprout` export, which gives the same.
PINNED = "70439fae0ab4194061cbab448d768e6cb85a3486ce6e9acbd8c29f25fd16490d"


def documents():
    """Every document kind, in a fixed order, one text per seed (names and sounds one a line)."""
    for shape, _ in shapes.SHAPES:
        for seed in SEEDS:
            yield stories.render(shape(random.Random(seed)))
    for seed in SEEDS:
        yield stories.generate_story(random.Random(seed))
    for seed in SEEDS:
        yield pronoun_stories.pronoun_story(random.Random(seed))
    for kind in pronoun_stories.KINDS:
        for seed in SEEDS:
            yield pronoun_stories.two_child_story(random.Random(seed), kind).text
    real = "Tom and Lily went to the park. Timmy saw Sarah there. Tom gave Lily a ball, and Sue laughed."
    for seed in SEEDS:
        yield renaming.rename_characters(real, random.Random(seed))
    for seed in SEEDS:
        rng = random.Random(seed)
        yield "\n".join(
            (
                made_up_names.made_up_name(rng),
                made_up_names.made_up_name(rng, seed % 4 + 1),
                " ".join(made_up_names.distinct_made_up_names(rng, 3)),
                made_up_names.sound_word(rng),
                made_up_names.magic_word(rng),
            )
        )
    for examples in (probe_texts.pronoun_examples(), probe_texts.name_examples()):
        yield from (example.text for example in examples)


def corpus_digest():
    digest = hashlib.sha256()
    for text in documents():
        digest.update(text.encode())
        digest.update(b"\0")
    return digest.hexdigest()


def test_every_document_kind_is_what_it_was_before_the_word_lists_became_data():
    assert corpus_digest() == PINNED


# A fixed seed's first stories, the way training draws them (each shape by weight, through
# generate_stories and the endless iter_stories alike) and each shape called on its own with that
# seed. Computed from the code before the sentence templates left shapes.py for shapes.toml
# (issue 47), with first_stories_digest() below:
#   .venv/bin/python -c "from tests.test_corpus_pin import first_stories_digest as d; print(d())"
# 200 stories of seed 5 draw every shape.
FIRST_STORIES_SEED = 5
FIRST_STORIES = 200
FIRST_STORIES_PINNED = "fa0437d4980e6b89f19746b694526b5e92229515e527244430816d4ac6a10245"


def first_stories_digest():
    """sha256 of the seed's first stories (the list and the stream must agree), then of each
    shape called on its own with the seed."""
    listed = stories.generate_stories(FIRST_STORIES_SEED, FIRST_STORIES)
    streamed = stories.iter_stories(FIRST_STORIES_SEED)
    assert [next(streamed) for _ in listed] == listed
    alone = [stories.render(shape(random.Random(FIRST_STORIES_SEED))) for shape, _ in shapes.SHAPES]
    return hashlib.sha256("\0".join(listed + alone).encode()).hexdigest()


def test_a_seeds_first_stories_are_what_they_were_and_draw_every_shape(monkeypatch):
    drawn = []

    def recorded(shape):
        def draw(rng):
            drawn.append(shape.__name__)
            return shape(rng)

        return draw

    monkeypatch.setattr(stories, "_SHAPE_FUNCTIONS", tuple(recorded(shape) for shape, _ in shapes.SHAPES))
    digest = first_stories_digest()
    assert sorted(set(drawn)) == sorted(shape.__name__ for shape, _ in shapes.SHAPES)
    assert digest == FIRST_STORIES_PINNED
