"""The word lists and sentences as data files (sprout/corpus/words.toml, made_up_names.toml,
shapes.toml): read once, and a file the generator cannot use stops it in one line naming the file
and the list, before a story."""

import ast
import inspect
import random
import shutil
import tomllib

import pytest

from sprout.corpus import made_up_names, shapes, words
from sprout.corpus.made_up_names import SYLLABLES, made_up_name
from sprout.corpus.sentences import SENTENCES
from sprout.corpus.stories import generate_stories, iter_stories
from sprout.corpus.words import WORDS, WordListError


def broken_copy(tmp_path, monkeypatch, lists, old="", new=""):
    """A copy of the lists' file with `old` written as `new`, read by the generator from now on."""
    path = tmp_path / lists.path.name
    shutil.copyfile(lists.path, path)
    if old:
        text = path.read_text(encoding="utf-8")
        assert text.count(old) == 1, old
        path.write_text(text.replace(old, new), encoding="utf-8")
    monkeypatch.setattr(lists, "path", path)
    return path


def stops_before_a_story(match):
    """The WordListError the generator stops with, before it yields its first story."""
    with pytest.raises(WordListError, match=match) as stopped:
        next(iter_stories(1))
    assert "\n" not in str(stopped.value)
    return str(stopped.value)


def test_every_list_is_a_tuple_of_strings_in_the_files_order():
    with open(WORDS.path, "rb") as f:
        table = tomllib.load(f)
    assert list(table) == list(WORDS.keys)  # the code reads every list the file holds
    assert WORDS.boy_names[:3] == ("Tom", "Ben", "Sam") and isinstance(WORDS.boy_names, tuple)
    assert WORDS.places[0][:2] == ("the park", "at the park") and isinstance(WORDS.places[0][2], tuple)
    assert WORDS.fantasy_looks["sea serpent"] == tuple(table["fantasy_looks"]["sea serpent"])
    assert SYLLABLES.first_vowels[:5] * 3 == SYLLABLES.first_vowels[:15]


def test_a_file_is_read_once(tmp_path, monkeypatch):
    broken_copy(tmp_path, monkeypatch, WORDS)  # fresh paths: not read yet
    broken_copy(tmp_path, monkeypatch, SENTENCES)
    reads = []
    load = tomllib.load
    monkeypatch.setattr(words.tomllib, "load", lambda f: reads.append(f.name) or load(f))
    generate_stories(3, 50)
    assert sorted(reads) == sorted([str(WORDS.path), str(SENTENCES.path)])


def test_a_missing_file_stops_the_generator(tmp_path, monkeypatch):
    monkeypatch.setattr(WORDS, "path", tmp_path / "words.toml")
    message = stops_before_a_story("cannot read the file of words")
    assert message.startswith(f"{tmp_path / 'words.toml'}: ")


def test_a_toml_syntax_error_names_the_file_and_the_list(tmp_path, monkeypatch):
    path = broken_copy(tmp_path, monkeypatch, WORDS, '"Tom", "Ben",', '"Tom" "Ben",')
    message = stops_before_a_story("not valid TOML in the list 'boy_names'")
    assert message.startswith(f"{path}: ") and "line 12" in message


def test_an_entry_that_is_not_a_string_names_the_file_and_the_list(tmp_path, monkeypatch):
    path = broken_copy(tmp_path, monkeypatch, WORDS, '"red", "blue",', '"red", 5,')
    assert stops_before_a_story("colors") == f"{path}: colors[1] is 5, not a string"


def test_a_nested_entry_that_is_not_a_string_is_found_too(tmp_path, monkeypatch):
    path = broken_copy(tmp_path, monkeypatch, WORDS, '["pancakes", ["the flour",', '["pancakes", [true,')
    assert stops_before_a_story("recipes") == f"{path}: recipes[0][1][0] is True, not a string"


def test_a_list_that_is_not_a_list_is_refused(tmp_path, monkeypatch):
    path = broken_copy(
        tmp_path, monkeypatch, WORDS, 'ages = ["three", "four", "five", "six", "seven"]', 'ages = "three"'
    )
    assert stops_before_a_story("ages") == f"{path}: ages is 'three', not a list"


def test_a_list_the_code_reads_that_the_file_lacks_stops_it(tmp_path, monkeypatch):
    # goodnight_things is read by one rare shape only: it is missed before the first story all the same
    path = broken_copy(tmp_path, monkeypatch, WORDS, "goodnight_things = [", "good_night_things = [")
    assert stops_before_a_story("goodnight_things") == (
        f"{path}: no list 'goodnight_things', which the generator reads"
    )


def test_a_broken_syllable_file_stops_made_up_names_too(tmp_path, monkeypatch):
    path = broken_copy(tmp_path, monkeypatch, SYLLABLES, '"ee", "ai",', '3, "ai",')
    with pytest.raises(WordListError) as stopped:
        made_up_name(random.Random(1))
    assert str(stopped.value) == f"{path}: first_vowels[16] is 3, not a string"
    stops_before_a_story("first_vowels")


def test_the_good_files_are_read_again_once_the_path_is_back(tmp_path, monkeypatch):
    with monkeypatch.context() as patch:
        broken_copy(tmp_path, patch, WORDS, '"red", "blue",', '"red", 5,')
        stops_before_a_story("colors")
    assert WORDS.colors[:2] == ("red", "blue")
    assert made_up_names.SYLLABLES.onsets[0] == "b"


def lists_the_shapes_read():
    """{table: the names of the lists its shapes ask their Teller for}, read from shapes.py."""
    read = {}
    for function in ast.parse(inspect.getsource(shapes)).body:
        calls = [node for node in ast.walk(function) if isinstance(node, ast.Call)]
        tables = [call.args[1].value for call in calls if getattr(call.func, "id", "") == "Teller"]
        names = {  # say("hide", ...), say.pick("grown_up"), say["uses"]
            node.args[0].value if isinstance(node, ast.Call) else node.slice.value
            for node in ast.walk(function)
            if isinstance(node, ast.Call)
            and (getattr(node.func, "id", "") == "say" or getattr(node.func, "attr", "") == "pick")
            and getattr(getattr(node.func, "value", None), "id", "say") == "say"
            or isinstance(node, ast.Subscript)
            and getattr(node.value, "id", "") == "say"
        }
        if tables:
            read.setdefault(tables[0], set()).update(names)
    return read


def test_every_sentence_list_a_shape_reads_is_in_shapes_toml_and_every_one_there_is_read():
    with open(SENTENCES.path, "rb") as f:
        table = tomllib.load(f)
    assert list(table) == list(SENTENCES.keys)
    read = lists_the_shapes_read()
    assert set(read) == set(table)
    found_in = {name: shape for shape, names in read.items() for name in names}
    for name, shape in found_in.items():
        assert name in table[shape] or name in table["shared"], (shape, name)
    for shape, lists in table.items():
        for name in lists:
            assert name in read[shape] or shape == "shared" and name in found_in, (shape, name)


def test_a_sentence_str_format_cannot_fill_in_stops_the_generator(tmp_path, monkeypatch):
    good = '"{t}, {x} was playing with {o.the} {room}.",'
    path = broken_copy(tmp_path, monkeypatch, SENTENCES, good, good.replace("{o.the}", "{o.the"))
    assert stops_before_a_story("lost.playing") == (
        f"{path}: lost.playing[0] is '{{t}}, {{x}} was playing with {{o.the {{room}}.', not a template"
        " str.format can fill in (unexpected '{' in field name)"
    )


def test_a_field_with_a_conversion_is_refused(tmp_path, monkeypatch):
    path = broken_copy(tmp_path, monkeypatch, SENTENCES, '"{x} began to cry.",', '"{x!r} began to cry.",')
    message = stops_before_a_story(r"lost\.upset\[0\]")
    assert message.startswith(f"{path}: lost.upset[0] is ") and "{x}" in message


def test_a_shape_whose_table_is_missing_stops_the_generator(tmp_path, monkeypatch):
    path = broken_copy(tmp_path, monkeypatch, SENTENCES, "[goodnight]", "[good_night]")
    assert stops_before_a_story("goodnight") == f"{path}: no list 'goodnight', which the generator reads"


def test_a_sentence_list_missing_from_a_shapes_table_is_named(tmp_path, monkeypatch):
    path = broken_copy(tmp_path, monkeypatch, SENTENCES, "asleep = [", "fast_asleep = [")
    with pytest.raises(WordListError) as stopped:
        shapes.goodnight_story(random.Random(1))
    assert str(stopped.value) == (f"{path}: no list goodnight.asleep or shared.asleep, which the generator reads")
