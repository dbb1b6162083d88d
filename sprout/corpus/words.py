"""The word lists the story shapes draw from, kept as data in words.toml beside this file and read
by name: ``WORDS.boy_names`` is a tuple of strings (a list of lists is a tuple of tuples, a table
of lists a dict of tuples).

A file of words is read once, on the first list asked of it, and checked whole: a file that is
missing or is not TOML, a list the code reads that the file does not hold, or an entry that is
not a string stops the generator with a WordListError of one line, naming the file and the key,
before it writes a story."""

from __future__ import annotations

import functools
import re
import tomllib
from pathlib import Path


class WordListError(ValueError):
    """A file of words the generator cannot use; the message is one line naming the file and the key."""


def _entries(path: Path, where: str, value, check):
    """value with its lists made tuples; WordListError where an entry is not a string or a list,
    or where check (a string's problem, or None) finds one."""
    if isinstance(value, str):
        problem = check and check(value)
        if problem:
            raise WordListError(f"{path}: {where} is {value!r}, {problem}")
        return value
    if isinstance(value, list):
        return tuple(_entries(path, f"{where}[{i}]", entry, check) for i, entry in enumerate(value))
    raise WordListError(f"{path}: {where} is {value!r}, not a string")


def _word_list(path: Path, key: str, value, check):
    if isinstance(value, dict):  # a table of lists: fantasy_looks.dragon = [...]
        return {name: _word_list(path, f"{key}.{name}", lists, check) for name, lists in value.items()}
    if not isinstance(value, list):
        raise WordListError(f"{path}: {key} is {value!r}, not a list")
    return _entries(path, key, value, check)


def _list_at(path: Path, error: tomllib.TOMLDecodeError) -> str:
    """' in the list KEY' for the list written where a TOML error is (its message says the line)."""
    line = re.search(r"at line (\d+)", str(error))
    lines = path.read_text(encoding="utf-8").splitlines()[: int(line[1])] if line else []
    keys = [m[1] for text in lines if (m := re.match(r"([A-Za-z_][^=]*?)\s*=", text))]
    return f" in the list {keys[-1]!r}" if keys else ""


@functools.cache
def read_word_lists(path: Path, keys: tuple[str, ...], check=None) -> dict:
    """The lists of a TOML file by key, once per file: every one of keys there, every entry a
    string, and one check (a string's problem, or None) finds nothing wrong with."""
    try:
        with open(path, "rb") as f:
            table = tomllib.load(f)
    except OSError as e:
        raise WordListError(f"{path}: cannot read the file of words ({e.strerror})") from None
    except UnicodeDecodeError as e:
        raise WordListError(f"{path}: not UTF-8 text ({e.reason} at byte {e.start})") from None
    except tomllib.TOMLDecodeError as e:
        raise WordListError(f"{path}: not valid TOML{_list_at(path, e)}: {e}") from None
    for key in keys:
        if key not in table:
            raise WordListError(f"{path}: no list {key!r}, which the generator reads")
    return {key: _word_list(path, key, value, check) for key, value in table.items()}


class WordLists:
    """The lists of one TOML file, each an attribute named by its key. ``keys`` (one string,
    the names apart) are all the lists the code reads: the file is checked for every one of them
    on the first list asked for, so a missing one stops the generator before its first story.
    ``check`` (an entry's problem, or None) is asked of every string in the file at that time."""

    def __init__(self, path: Path, keys: str, check=None):
        self.keys = tuple(keys.split())
        self.check = check
        self._known = frozenset(self.keys)
        self.path = path

    @property
    def path(self) -> Path:
        return self._path

    @path.setter
    def path(self, path: Path):  # another file (a test's broken copy) is read on the next list asked for
        self._path = path
        for key in self.keys:
            self.__dict__.pop(key, None)

    def __getattr__(self, key):  # only called until the lists are read: then they are attributes
        if key.startswith("_") or key not in self._known:
            raise AttributeError(f"{type(self).__name__} has no list {key!r}")
        lists = read_word_lists(self._path, self.keys, self.check)
        self.__dict__.update((name, lists[name]) for name in self.keys)
        return lists[key]

    def lists(self) -> dict:
        """Every list the code reads, by key."""
        return {key: getattr(self, key) for key in self.keys}


WORDS = WordLists(
    Path(__file__).with_name("words.toml"),
    """
    boy_names girl_names female_adults male_adults relatives
    colors object_adjectives kid_adjectives feelings sad_feelings ages homes home_where hobbies
    one_days time_starts weather animals land_animals tiny_animals pets pet_looks pet_likes
    carry_things toy_acts foods shop_items pack_things clothes rooms hide_spots safe_spots bed_spots
    junk lunches chores places place_remarks then_words vehicles sights destinations nature sounds
    week_animals days numbers see_places collectibles
    fantasy fantasy_looks fantasy_adj beyond portals portal_go landmarks fantasy_problems
    fantasy_items gifts magic_beings magic_jobs race_routes race_stops message_a message_b recipes
    goodnight_things
    """,
)
