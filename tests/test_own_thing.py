"""The own-thing probe (sprout/chapter/own_thing.py): the pronoun probe's stories read on past
the pronoun to the referent's thing, where the guess depends on who "he" is."""

import re

import pytest

from sprout import folders
from sprout.chapter import own_thing
from sprout.chapter.examples import tokenize_example
from sprout.chapter.probe_texts import PRONOUN_TEMPLATES, pronoun_examples
from sprout.tokenizer import Tokenizer


@pytest.fixture(scope="module")
def sprouts_tokenizer():
    """The published Sprout's: every thing of the stories is one piece in it."""
    return Tokenizer.load(folders.REPOSITORY / "build_artifacts" / "checkpoints" / "sprout")


def test_the_stories_are_the_pronoun_probes_read_on():
    stories = {e.id: e for e in pronoun_examples()}
    examples = own_thing.own_thing_examples()
    assert len(examples) == 32  # the two templates of four in which both children have a thing
    for example in examples:
        story = stories[example.id.replace("own_thing_", "pronoun_")]
        assert example.text.startswith(story.text) and len(example.text) > len(story.text)
        pronoun, his = example.marks["he"][0], example.marks["his"][0]
        assert (pronoun, his) in {("he", "his"), ("she", "her")}
        ending = example.text[len(story.text) :]
        assert re.fullmatch(rf" (for {his} lost|at {his} own) {example.marks['own'][0]}\.", ending), ending


def test_the_referents_thing_is_the_one_the_referent_had(sprouts_tokenizer):
    """Parsed back through the template: the referent ({a}) has {y}, the other child {x}."""
    for example in own_thing.own_thing_examples(16):
        fields = next(
            f for f in (own_thing.template_fields(t, example.text.rsplit(" ", 4)[0]) for t in PRONOUN_TEMPLATES) if f
        )
        assert example.marks["own"][0] == fields["y"] and example.marks["other"][0] == fields["x"]
        assert fields["a"] in example.text and fields["x"] != fields["y"]
        tokenized = tokenize_example(example, sprouts_tokenizer, None)
        he, his, own = (tokenized.spans[m][0] for m in ("he", "his", "own"))
        assert he < his < own == len(tokenized.ids) - 2  # the thing, then the full stop


def test_the_two_measures_differ_only_in_the_thing_guessed(sprouts_tokenizer):
    tokenizer = sprouts_tokenizer
    examples = own_thing.own_thing_examples(8)
    own, other = own_thing.own_thing_measures(tokenizer, examples, None)
    for a, b, at, example in zip(own.rows, other.rows, own.positions, examples):
        assert a[:-1] == b[:-1] and a[-1] != b[-1]
        assert at == (len(a) - 2,)
        assert tokenizer.decode([a[-1]]).strip() == example.marks["own"][0]
        assert tokenizer.decode([b[-1]]).strip() == example.marks["other"][0]


def test_a_text_of_another_template_has_no_fields():
    assert own_thing.template_fields(PRONOUN_TEMPLATES[0], "Not a story of this kind.") is None
