"""Tests for the embedded story generator (sprout/corpus/: stories.py, shapes.py, made_up_names.py)."""

import collections
import random
import re
import subprocess
import sys

import pytest

from sprout.chapter import probe_texts
from sprout.corpus import made_up_names, pronoun_stories, renaming, sentences, shapes, stories
from sprout.corpus import words as word_lists
from sprout.corpus.made_up_names import RESERVED_NAME, RESERVED_PARTS, made_up_name
from sprout.corpus.stories import generate_stories, generate_story, iter_stories
from sprout.corpus.words import WORDS

FORBIDDEN = tuple(p.lower() for p in (RESERVED_NAME,) + RESERVED_PARTS)
WORD = re.compile(r"[A-Za-z]+")


@pytest.fixture(scope="module")
def corpus():
    return generate_stories(2024, 2000)


@pytest.fixture(scope="module")
def doc_freq(corpus):
    df = collections.Counter()
    for s in corpus:
        df.update(set(w.lower() for w in WORD.findall(s)))
    return df


def test_same_seed_same_stories():
    assert generate_stories(7, 40) == generate_stories(7, 40)
    it = iter_stories(7)
    assert [next(it) for _ in range(40)] == generate_stories(7, 40)


def test_different_seeds_differ():
    a, b = generate_stories(1, 20), generate_stories(2, 20)
    assert sum(x != y for x, y in zip(a, b)) >= 19


def test_generate_story_uses_only_the_given_rng():
    r1, r2 = random.Random(99), random.Random(99)
    random.seed(1)
    s1 = generate_story(r1)
    random.seed(2)
    s2 = generate_story(r2)
    assert s1 == s2


def test_same_output_in_another_process():
    code = (
        "import hashlib; from sprout.corpus.stories import generate_stories; "
        "print(hashlib.sha256('\\n'.join(generate_stories(5, 30)).encode()).hexdigest())"
    )
    outs = set()
    for hashseed in ("0", "12345"):
        out = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            env={"PYTHONHASHSEED": hashseed, "PATH": ""},
        )
        outs.add(out.stdout.strip())
    assert len(outs) == 1
    import hashlib

    here = hashlib.sha256("\n".join(generate_stories(5, 30)).encode()).hexdigest()
    assert outs == {here}


def test_reserved_name_never_in_stories():
    for s in generate_stories(31337, 5000):
        low = s.lower()
        for bad in FORBIDDEN:
            assert bad not in low, (bad, s)


def test_reserved_name_never_made_up():
    rng = random.Random(4242)
    for i in range(20000):
        syl = None if i % 2 else (i // 2) % 4 + 1
        n = made_up_name(rng, syl).lower()
        for bad in FORBIDDEN:
            assert bad not in n and bad not in n.replace(" ", ""), n


def test_no_word_list_holds_a_reserved_part():
    for module in (word_lists, made_up_names, sentences, shapes, stories, pronoun_stories, renaming, probe_texts):
        for name in dir(module):
            val = getattr(module, name)
            if isinstance(val, word_lists.WordLists):  # the lists of a data file (words.toml, shapes.toml, ...)
                val = val.lists()
            elif name in ("RESERVED_NAME", "RESERVED_PARTS", "FORBIDDEN") or not isinstance(val, (tuple, dict)):
                continue
            text = repr(val).lower()
            for bad in FORBIDDEN:
                assert bad not in text, (module.__name__, name, bad)


def test_made_up_name_shape():
    rng = random.Random(3)
    names = [made_up_name(rng) for _ in range(3000)]
    for n in names:
        assert n.isascii() and n.replace(" ", "").isalpha()
        assert all(part[0].isupper() and part[1:].islower() for part in n.split(" "))
        assert 1 <= len(n.split(" ")) <= 2
    assert any(" " in n for n in names)
    # A large syllable inventory: names are almost never repeated.
    assert len(set(names)) >= 0.97 * len(names)
    assert all(" " not in made_up_name(rng, 3) for _ in range(200))


def test_stories_are_ascii_and_within_bounds(corpus):
    for s in corpus:
        assert s and s.isascii()
        n = len(s.split())
        assert stories.MIN_WORDS <= n <= stories.MAX_WORDS
    lens = [len(s.split()) for s in corpus]
    assert min(lens) < 130 and max(lens) > 250  # varied lengths


def test_punctuation_and_articles(corpus):
    for s in corpus:
        for line in s.split("\n"):
            assert line[:1].isupper() or line[:1] == '"', line
        assert "  " not in s and " ," not in s and ".." not in s and ",," not in s
        assert not re.search(r"[.!?] +[a-z]", s), s  # sentences start with a capital
        assert not re.search(r"\ba [aeio][a-z]", s), s  # "a apple"
        assert not re.search(r"\ban [b-df-hj-np-tv-z][a-z]", s), s  # "an ball"
        assert s.count('"') % 2 == 0, s


def test_vocabulary_is_large(doc_freq):
    # Count only words used in at least 3 stories, so one-off made-up names do not count.
    common = [w for w, c in doc_freq.items() if c >= 3]
    assert len(common) > 1000


def test_made_up_names_recur_within_a_story(corpus, doc_freq):
    hits = 0
    for s in corpus:
        counts = collections.Counter(w for w in WORD.findall(s) if w[0].isupper())
        # A made-up name is a capitalised word that (almost) no other story uses.
        if any(c >= 3 and doc_freq[w.lower()] <= 2 for w, c in counts.items()):
            hits += 1
    assert hits >= 0.45 * len(corpus)


def test_he_and_she_characters(corpus):
    boys, girls = set(WORDS.boy_names), set(WORDS.girl_names)
    hits = 0
    for s in corpus:
        words = set(WORD.findall(s))
        low = {w.lower() for w in words}
        if words & boys and words & girls and "he" in low and "she" in low:
            hits += 1
    assert hits >= 0.4 * len(corpus)


def test_names_recur(corpus):
    boys_girls = set(WORDS.boy_names) | set(WORDS.girl_names)
    recurring = 0
    for s in corpus:
        counts = collections.Counter(w for w in WORD.findall(s) if w in boys_girls)
        if counts and counts.most_common(1)[0][1] >= 3:
            recurring += 1
    assert recurring >= 0.8 * len(corpus)


def test_gendered_name_lists():
    assert len(set(WORDS.boy_names)) >= 60 and len(set(WORDS.girl_names)) >= 60
    for n in ("Tom", "Ben", "Sam"):
        assert n in WORDS.boy_names
    for n in ("Mia", "Lily", "Anna"):
        assert n in WORDS.girl_names
    assert not set(WORDS.boy_names) & set(WORDS.girl_names)


def test_low_duplication(corpus):
    assert len(set(corpus)) >= 0.995 * len(corpus)
    sentences = set()
    for s in corpus:
        sentences.update(x for x in re.split(r"(?<=[.!?])\s+", s) if x)
    assert len(sentences) > 15000


def test_each_shape_renders():
    shape_functions = [shape for shape, _ in shapes.SHAPES]
    assert len(shape_functions) >= 10
    for k, shape in enumerate(shape_functions):
        rng = random.Random(1000 + k)
        texts = set()
        for _ in range(60):
            text = stories.render(shape(rng))
            assert text.isascii() and "{" not in text and "}" not in text, text
            assert len(text.split()) >= 60, text
            texts.add(text)
        assert len(texts) == 60
