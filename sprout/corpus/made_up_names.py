"""Made-up words: names of characters, places and pets, nonsense sounds for songs, magic words.

They are built from random syllables (read from made_up_names.toml beside this file), so that a
name can only be predicted by finding it earlier in the same story. The reserved name ``RESERVED_NAME`` (and its parts) is never built,
so that the chapter can use it as a name the model has certainly never seen."""

from __future__ import annotations

import random
import re
from pathlib import Path

from .grammar import capitalize_first, pick
from .words import WordLists

RESERVED_NAME = "Zorbin Plax"
RESERVED_PARTS = ("Zorbin", "Plax")
# Lowercase substrings that must never appear anywhere in the corpus: the name's parts, and
# "zorb" as a margin, so that no training name starts the way the held-out one does.
FORBIDDEN = ("zorbin", "plax", "zorb")

# The syllables and endings the words are built from, the parts that no name may hold (rude
# ones) and the real words no sound may spell.
SYLLABLES = WordLists(
    Path(__file__).with_name("made_up_names.toml"),
    """
    bad_parts onsets mid_onsets first_vowels mid_vowels first_codas mid_codas last_codas endings
    sound_onsets sound_vowels sound_codas sound_stop
    """,
)
_VOWEL_LETTERS = ("a", "e", "i", "o", "u", "y")
_TRIPLE = re.compile(r"(.)\1\1")


def is_clean(word: str) -> bool:
    """True unless the word holds a forbidden part, a rude one, or a letter three times running."""
    w = word.lower()
    for bad in FORBIDDEN:
        if bad in w:
            return False
    for bad in SYLLABLES.bad_parts:
        if bad in w:
            return False
    return not _TRIPLE.search(w)


def _made_up_word(rng: random.Random, syllables: int) -> str:
    """One made-up word of the given number of syllables, lowercase."""
    while True:
        out = []
        ends_in_vowel = False
        prev_coda = ""
        for i in range(syllables):
            last = i == syllables - 1
            if last and i > 0 and rng.random() < 0.5:
                end = pick(rng, SYLLABLES.endings)
                while (ends_in_vowel and end[0] in _VOWEL_LETTERS) or (
                    len(prev_coda) > 1 and end[0] not in _VOWEL_LETTERS and end[1] not in _VOWEL_LETTERS
                ):
                    end = pick(rng, SYLLABLES.endings)
                out.append(end)
                break
            if i == 0:
                onset = pick(rng, SYLLABLES.onsets) if rng.random() < 0.92 else ""
                vowel = pick(rng, SYLLABLES.first_vowels) if onset else pick(rng, SYLLABLES.mid_vowels[:5])
            else:
                onset = pick(rng, SYLLABLES.mid_onsets)
                # Keep consonant clusters across the syllable break short and sayable.
                while (
                    len(out[-1])
                    and not ends_in_vowel
                    and (len(onset) > 1 and onset not in ("sh", "th", "ch") or (len(prev_coda) > 1 and len(onset) > 1))
                ):
                    onset = pick(rng, SYLLABLES.mid_onsets)
                vowel = pick(rng, SYLLABLES.mid_vowels)
            if onset == "qu" and vowel[0] == "u":
                vowel = "a"
            if last and (syllables == 1 or rng.random() < 0.8):
                coda = pick(rng, SYLLABLES.last_codas)
            elif i == 0:
                coda = pick(rng, SYLLABLES.first_codas)
            else:
                coda = pick(rng, SYLLABLES.mid_codas)
            out.append(onset + vowel + coda)
            ends_in_vowel = coda == ""
            prev_coda = coda
        word = "".join(out)
        if 3 <= len(word) <= 10 and is_clean(word):
            return word


def made_up_name(rng: random.Random, syllables: int | None = None) -> str:
    """A made-up name like "Blimtok" or "Quorvash Dell", never the reserved name or its parts.

    ``syllables`` fixes the number of syllables of the first word (2-4 when not given).  When
    it is not given, about one name in four gets a short second word.
    """
    two_words = False
    if syllables is None:
        syllables = pick(rng, (2, 2, 2, 3, 3, 3, 4))
        two_words = rng.random() < 0.25
    syllables = max(1, int(syllables))
    while True:
        name = capitalize_first(_made_up_word(rng, syllables))
        if two_words:
            name += " " + capitalize_first(_made_up_word(rng, pick(rng, (1, 1, 2))))
        if is_clean(name.replace(" ", "")) and is_clean(name):
            return name


def distinct_made_up_names(rng: random.Random, k: int, syllables=None) -> list[str]:
    """k distinct made-up names, none a prefix of another (so copying stays unambiguous)."""
    out: list[str] = []
    while len(out) < k:
        n = made_up_name(rng, syllables)
        first = n.split(" ")[0]
        if all(first[:4] != o.split(" ")[0][:4] for o in out):
            out.append(n)
    return out


def sound_word(rng: random.Random) -> str:
    """A short nonsense sound for songs and chants ("tum", "bibbly")."""
    while True:
        w = pick(rng, SYLLABLES.sound_onsets) + pick(rng, SYLLABLES.sound_vowels)
        if w[-1] in ("y", "w"):
            w += pick(rng, ("", "", "n", "k", "t"))
        else:
            w += pick(rng, SYLLABLES.sound_codas)
        if w[-1] not in _VOWEL_LETTERS + ("w",) and rng.random() < 0.25:
            w += pick(rng, ("le", "a", "y", "o", "er", "ee"))
        if w not in SYLLABLES.sound_stop and is_clean(w):
            return w


def magic_word(rng: random.Random) -> str:
    """A capitalised made-up word of 2-4 syllables ("Flimbodo")."""
    return capitalize_first(_made_up_word(rng, pick(rng, (2, 3, 3, 4))))
