"""Made-up words: names of characters, places and pets, nonsense sounds for songs, magic words.

They are built from random syllables, so that a name can only be predicted by finding it
earlier in the same story. The reserved name ``RESERVED_NAME`` (and its parts) is never built,
so that the chapter can use it as a name the model has certainly never seen."""

from __future__ import annotations

import random
import re

from .grammar import capitalize_first, pick

RESERVED_NAME = "Zorbin Plax"
RESERVED_PARTS = ("Zorbin", "Plax")
# Lowercase substrings that must never appear anywhere in the corpus: the name's parts, and
# "zorb" as a margin, so that no training name starts the way the held-out one does.
FORBIDDEN = ("zorbin", "plax", "zorb")

# These substrings are refused so that no name spells a rude or unkind word by accident.
_BAD_PARTS = (
    "fuck",
    "shit",
    "cunt",
    "dick",
    "cock",
    "piss",
    "slut",
    "fag",
    "nig",
    "tit",
    "sex",
    "cum",
    "rape",
    "porn",
    "damn",
    "hell",
    "kill",
    "bitch",
    "twat",
    "wank",
    "prick",
    "poo",
    "pee",
    "fart",
    "butt",
    "bum",
    "crap",
    "ass",
    "anal",
    "anus",
    "boob",
    "dyke",
    "kike",
    "gook",
    "spic",
    "chink",
    "coon",
    "homo",
    "nazi",
    "die",
    "dead",
    "gun",
    "hate",
    "hoe",
    "whore",
    "jap",
    "wog",
    "pedo",
    "nude",
    "drug",
    "scum",
    "puke",
    "vomit",
)

_ONSETS = (
    "b",
    "bl",
    "br",
    "ch",
    "cl",
    "cr",
    "d",
    "dr",
    "f",
    "fl",
    "fr",
    "g",
    "gl",
    "gr",
    "h",
    "j",
    "k",
    "kl",
    "l",
    "m",
    "n",
    "p",
    "pl",
    "pr",
    "qu",
    "r",
    "s",
    "sh",
    "sk",
    "sl",
    "sn",
    "sp",
    "st",
    "sw",
    "t",
    "th",
    "tr",
    "tw",
    "v",
    "w",
    "wh",
    "z",
    "sm",
    "scr",
    "spl",
    "str",
    "y",
    "gw",
    "b",
    "d",
    "g",
    "k",
    "m",
    "p",
    "t",
    "z",
)
_MID_ONSETS = (
    "b",
    "d",
    "f",
    "g",
    "k",
    "l",
    "m",
    "n",
    "p",
    "r",
    "s",
    "t",
    "v",
    "w",
    "z",
    "b",
    "d",
    "l",
    "m",
    "n",
    "r",
    "t",
    "bl",
    "gl",
    "pl",
    "dr",
    "tr",
    "br",
    "sh",
    "th",
    "ch",
    "fl",
    "sn",
)
_FIRST_VOWELS = ("a", "e", "i", "o", "u") * 3 + ("oo", "ee", "ai", "oa", "ou", "au", "ea", "y")
_MID_VOWELS = ("a", "e", "i", "o", "u", "a", "i", "o")
_FIRST_CODAS = (
    "",
    "",
    "",
    "",
    "n",
    "m",
    "l",
    "r",
    "s",
    "b",
    "d",
    "g",
    "k",
    "p",
    "t",
    "n",
    "m",
    "l",
    "r",
    "nd",
    "mp",
    "nk",
    "st",
    "rv",
    "ll",
    "ck",
    "sh",
    "ng",
    "rb",
    "x",
)
_MID_CODAS = ("", "", "", "", "n", "m", "l", "r", "s", "b", "g", "k", "p", "t", "n", "l", "r")
_LAST_CODAS = (
    "n",
    "m",
    "l",
    "r",
    "s",
    "b",
    "d",
    "g",
    "k",
    "p",
    "t",
    "x",
    "nd",
    "mp",
    "nk",
    "st",
    "sh",
    "ck",
    "ng",
    "rt",
    "lt",
    "sk",
    "ff",
    "zz",
    "ll",
    "tch",
    "rk",
    "rn",
    "sp",
    "b",
    "g",
    "k",
    "n",
    "p",
    "t",
)
_ENDINGS = (
    "wort",
    "kin",
    "let",
    "bee",
    "dle",
    "ble",
    "zle",
    "nik",
    "ter",
    "wick",
    "ling",
    "bop",
    "dot",
    "tash",
    "vash",
    "mock",
    "bell",
    "bun",
    "pip",
    "dell",
    "fen",
    "moss",
    "wump",
    "dock",
    "bix",
    "loo",
    "berry",
    "thorp",
    "ish",
    "ella",
    "ino",
    "umph",
    "ander",
    "ington",
    "ix",
    "ox",
    "oodle",
    "erton",
    "by",
    "kins",
    "wig",
    "nor",
    "bert",
    "mo",
    "zo",
    "ful",
    "wyn",
    "grim",
    "fizz",
    "pop",
    "quill",
    "whistle",
    "bottom",
    "snap",
    "twig",
    "mere",
    "tuck",
    "wold",
    "gle",
    "per",
    "sy",
    "ette",
    "kle",
    "dy",
    "tor",
    "gan",
    "wen",
    "rick",
    "zel",
    "ton",
    "rin",
    "vy",
)
_VOWEL_LETTERS = ("a", "e", "i", "o", "u", "y")
_TRIPLE = re.compile(r"(.)\1\1")


def is_clean(word: str) -> bool:
    """True unless the word holds a forbidden part, a rude one, or a letter three times running."""
    w = word.lower()
    for bad in FORBIDDEN:
        if bad in w:
            return False
    for bad in _BAD_PARTS:
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
                end = pick(rng, _ENDINGS)
                while (ends_in_vowel and end[0] in _VOWEL_LETTERS) or (
                    len(prev_coda) > 1 and end[0] not in _VOWEL_LETTERS and end[1] not in _VOWEL_LETTERS
                ):
                    end = pick(rng, _ENDINGS)
                out.append(end)
                break
            if i == 0:
                onset = pick(rng, _ONSETS) if rng.random() < 0.92 else ""
                vowel = pick(rng, _FIRST_VOWELS) if onset else pick(rng, _MID_VOWELS[:5])
            else:
                onset = pick(rng, _MID_ONSETS)
                # Keep consonant clusters across the syllable break short and sayable.
                while (
                    len(out[-1])
                    and not ends_in_vowel
                    and (len(onset) > 1 and onset not in ("sh", "th", "ch") or (len(prev_coda) > 1 and len(onset) > 1))
                ):
                    onset = pick(rng, _MID_ONSETS)
                vowel = pick(rng, _MID_VOWELS)
            if onset == "qu" and vowel[0] == "u":
                vowel = "a"
            if last and (syllables == 1 or rng.random() < 0.8):
                coda = pick(rng, _LAST_CODAS)
            elif i == 0:
                coda = pick(rng, _FIRST_CODAS)
            else:
                coda = pick(rng, _MID_CODAS)
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


_SOUND_ONSETS = (
    "b",
    "d",
    "f",
    "g",
    "h",
    "j",
    "k",
    "l",
    "m",
    "n",
    "p",
    "r",
    "s",
    "t",
    "v",
    "w",
    "z",
    "bl",
    "fl",
    "sk",
    "sn",
    "tr",
    "dr",
    "tw",
    "sw",
    "ch",
    "sh",
    "pl",
)
_SOUND_VOWELS = ("a", "e", "i", "o", "u", "oo", "ee", "ay", "ow", "oy")
_SOUND_CODAS = ("", "", "m", "n", "p", "b", "t", "g", "k", "ng", "sh", "mp", "nk", "ck", "zz")


# Real words the sound builder could spell; a song's nonsense should not read as English.
_SOUND_STOP = (
    "him",
    "her",
    "his",
    "she",
    "the",
    "and",
    "but",
    "not",
    "was",
    "you",
    "mum",
    "dad",
    "mom",
    "had",
    "has",
    "did",
    "can",
    "may",
    "man",
    "men",
    "sin",
    "sick",
    "dumb",
    "fat",
    "lie",
    "tee",
    "bee",
    "see",
    "shee",
)


def sound_word(rng: random.Random) -> str:
    """A short nonsense sound for songs and chants ("tum", "bibbly")."""
    while True:
        w = pick(rng, _SOUND_ONSETS) + pick(rng, _SOUND_VOWELS)
        if w[-1] in ("y", "w"):
            w += pick(rng, ("", "", "n", "k", "t"))
        else:
            w += pick(rng, _SOUND_CODAS)
        if w[-1] not in _VOWEL_LETTERS + ("w",) and rng.random() < 0.25:
            w += pick(rng, ("le", "a", "y", "o", "er", "ee"))
        if w not in _SOUND_STOP and is_clean(w):
            return w


def magic_word(rng: random.Random) -> str:
    """A capitalised made-up word of 2-4 syllables ("Flimbodo")."""
    return capitalize_first(_made_up_word(rng, pick(rng, (2, 3, 3, 4))))
