import pytest

from sprout.chapter.examples import ExampleError, load_examples, tokenize_example
from sprout.corpus.made_up_names import RESERVED_PARTS


def test_the_examples_file_is_valid_and_every_mark_resolves(tokenizer):
    examples = load_examples()
    assert {"mia_doll", "tom_he", "zorbin"} <= {e.id for e in examples}
    for example in examples:
        tokenized = tokenize_example(example, tokenizer, 512)
        for name, (phrase, _) in example.marks.items():
            start, end = tokenized.spans[name]
            assert "".join(tokenized.tokens[start:end]).strip() == phrase, (example.id, name)


def test_the_made_up_name_is_met_twice_and_is_held_out():
    zorbin = next(e for e in load_examples() if e.id == "zorbin")
    assert zorbin.text.count("Zorbin Plax") == 2
    assert all(part in zorbin.text for part in RESERVED_PARTS)


def write(tmp_path, body):
    path = tmp_path / "examples.toml"
    path.write_text(body, encoding="utf-8")
    return path


def test_a_malformed_file_names_the_problem(tmp_path):
    with pytest.raises(ExampleError, match="not valid TOML"):
        load_examples(write(tmp_path, "[[example]\nid = 1"))
    with pytest.raises(ExampleError, match="example #1: 'id' must be a non-empty string"):
        load_examples(write(tmp_path, '[[example]]\ntitle = "t"\ntext = "x"\n'))
    with pytest.raises(ExampleError, match="id 'a' is used twice"):
        load_examples(write(tmp_path, '[[example]]\nid="a"\ntitle="t"\ntext="x"\n' * 2))
    with pytest.raises(ExampleError, match="no examples file"):
        load_examples(tmp_path / "missing.toml")


def test_a_missing_mark_and_a_long_story_name_the_example(tmp_path, tokenizer):
    path = write(
        tmp_path,
        '[[example]]\nid = "cat"\ntitle = "t"\ntext = "The cat sat. The cat ran."\n'
        'marks.cat = { text = "cat", occurrence = 3 }\n',
    )
    example = load_examples(path)[0]
    with pytest.raises(ExampleError, match="example cat: mark 'cat' wants occurrence 3 of 'cat'"):
        tokenize_example(example, tokenizer, 512)
    with pytest.raises(ExampleError, match=r"example cat: \d+ tokens \(with ◆\) exceed the context of 4"):
        tokenize_example(example, tokenizer, 4)


def test_marks_match_whole_words_only(tmp_path, tokenizer):
    path = write(
        tmp_path,
        '[[example]]\nid = "he"\ntitle = "t"\ntext = "Then the hen saw that he was there."\n'
        'marks.he = { text = "he", occurrence = 1 }\n',
    )
    tokenized = tokenize_example(load_examples(path)[0], tokenizer, 512)
    start, end = tokenized.spans["he"]
    assert tokenized.tokens[start:end] == [" he"]
