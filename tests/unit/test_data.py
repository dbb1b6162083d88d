import pytest
import torch

from sprout import folders
from sprout.corpus import data
from sprout.corpus.cleaning import clean_story, repair_mojibake
from sprout.corpus.data import IGNORE, BatchMaker, Mix, read_stories, split_stories


def test_repairs_the_datasets_mojibake():
    broken = "She said, \u00e2\u20ac\u0153Hi!\u00e2\u20ac\u009d It\u00e2\u20ac\u2122s fun \u00e2\u20ac\u201d yes."
    assert repair_mojibake(broken) == "She said, \u201cHi!\u201d It\u2019s fun \u2014 yes."
    # the closing quote's last byte is often lost entirely
    assert repair_mojibake("\u00e2\u20ac Done") == "\u201d Done"
    assert clean_story(broken) == 'She said, "Hi!" It\'s fun - yes.'


def test_reads_endoftext_files_and_drops_empty_stories(tmp_path):
    f = tmp_path / "s.txt"
    f.write_text("One day.\n<|endoftext|>\n\n<|endoftext|>\nTwo\n\nlines.\n<|endoftext|>\n", encoding="utf-8")
    assert read_stories(f) == ["One day.", "Two\nlines."]


def test_reads_blank_line_separated_files(tmp_path):
    f = tmp_path / "s.txt"
    f.write_text("First story.\nStill first.\n\n\nSecond story.\n  \n", encoding="utf-8")
    assert read_stories(f) == ["First story.\nStill first.", "Second story."]


def test_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(FileNotFoundError, match="no corpus file"):
        read_stories(tmp_path / "nope.txt")


def test_split_is_deterministic_and_disjoint():
    stories = [f"Story number {i}." for i in range(2000)]
    train, valid = split_stories(stories, 0.1)
    assert set(train).isdisjoint(valid) and len(train) + len(valid) == 2000
    assert 120 < len(valid) < 280
    assert split_stories(list(reversed(stories)), 0.1)[1] == list(reversed(valid))


def test_training_files_never_include_validation(tmp_path):
    for name in ("train-a.txt", "validation.txt", "train-b.txt", "TinyStories-valid.txt"):
        (tmp_path / name).write_text("x", encoding="utf-8")
    assert [p.name for p in data.tinystories_train_files(tmp_path)] == ["train-a.txt", "train-b.txt"]


def test_the_default_folder_follows_sprout_tinystories(tmp_path, monkeypatch):
    monkeypatch.delenv("SPROUT_TINYSTORIES", raising=False)
    assert folders.tinystories_looked_for() == folders.REPOSITORY.parent / "shared" / "data" / "tinystories"
    monkeypatch.setenv("SPROUT_TINYSTORIES", str(tmp_path))
    assert folders.default_tinystories_dir() == tmp_path
    monkeypatch.setenv("SPROUT_TINYSTORIES", str(tmp_path / "absent"))
    assert folders.default_tinystories_dir() is None
    for off in ("none", ""):  # a fresh clone's view, even where ../shared exists
        monkeypatch.setenv("SPROUT_TINYSTORIES", off)
        assert folders.tinystories_looked_for() is None and folders.default_tinystories_dir() is None


def test_heldout_corpora_name_validation_by_its_hash(tmp_path):
    assert list(data.heldout_corpora(tmp_path, 3)) == ["generated"]
    (tmp_path / "validation.txt").write_text("One.\n<|endoftext|>\nTwo.\n", encoding="utf-8")
    corpora = data.heldout_corpora(tmp_path, 3)
    texts, about = corpora["tinystories_validation"]
    assert texts == ["One.", "Two."] and about["stories"] == 2
    assert about["sha256"] == data.file_sha256(tmp_path / "validation.txt")
    (tmp_path / "validation.txt").write_text("One.\n<|endoftext|>\nThree.\n", encoding="utf-8")
    assert data.heldout_corpora(tmp_path, 3)["tinystories_validation"][1]["sha256"] != about["sha256"]
    assert corpora["generated"][1] == {"corpus": "generated", "seed": data.HELDOUT_SEED, "stories": 3}


def test_batches_depend_only_on_seed_and_step(tokenizer):
    mix = Mix(generated=1.0, copy=0.5)
    a, a_targets = BatchMaker(tokenizer, mix, seed=3).batch(7, 4, 32)
    b, b_targets = BatchMaker(tokenizer, mix, seed=3).batch(7, 4, 32)
    c, _ = BatchMaker(tokenizer, mix, seed=3).batch(8, 4, 32)
    assert a.shape == a_targets.shape == (4, 32) and (a == b).all() and (a_targets == b_targets).all()
    assert not (a == c).all()
    assert (a[:, 0] == tokenizer.start_id).all()
    scored = a_targets != IGNORE
    assert torch.equal(a_targets[:, :-1][scored[:, :-1]], a[:, 1:][scored[:, :-1]])


def test_copy_documents_repeat_exactly(tokenizer):
    rows, targets = BatchMaker(tokenizer, Mix(generated=0.0, copy=1.0, copy_min=5, copy_max=5), seed=0).batch(0, 2, 21)
    for row, target in zip(rows.tolist(), targets.tolist()):
        assert row[0] == tokenizer.start_id and row[1:6] == row[6:11] and row[11] == tokenizer.start_id
        # only the repeat is scored: targets at positions 5..9 predict tokens 6..10
        assert target[:5] == [IGNORE] * 5 and target[5:10] == row[6:11]


def test_the_first_copy_can_be_scored_too(tokenizer):
    mix = Mix(generated=0.0, copy=1.0, copy_min=5, copy_max=5, score_first_copy=1.0)
    rows, targets = BatchMaker(tokenizer, mix, seed=0).batch(0, 1, 21)
    assert targets[0, :10].tolist() == rows[0, 1:11].tolist()


def test_copy_documents_can_repeat_several_times(tokenizer):
    mix = Mix(generated=0.0, copy=1.0, copy_min=3, copy_max=3, copy_times=4)
    rows = BatchMaker(tokenizer, mix, seed=0).batch(0, 8, 60)[0].tolist()
    counts = set()
    for row in rows:
        starts = [i for i, t in enumerate(row) if t == tokenizer.start_id] + [len(row)]
        for a, b in zip(starts, starts[1:]):
            doc = row[a + 1 : b]
            if b < len(row):  # complete documents only
                assert len(doc) % 3 == 0 and doc == doc[:3] * (len(doc) // 3)
                counts.add(len(doc) // 3)
    assert counts == {2, 3, 4}


def test_echo_documents_repeat_a_stretch_of_a_story(tokenizer):
    mix = Mix(generated=0.0, echo=1.0, echo_min=10, echo_max=10)
    rows, targets = BatchMaker(tokenizer, mix, seed=0).batch(0, 2, 40)
    for row, target in zip(rows.tolist(), targets.tolist()):
        assert row[0] == tokenizer.start_id and row[1:11] == row[11:21] and row[21] == tokenizer.start_id
        assert IGNORE not in target
        assert tokenizer.decode(row[1:11]).strip() in tokenizer.decode(row[1:21])


def test_single_story_rows_hold_one_document_and_unscored_padding(tokenizer):
    mix = Mix(generated=0.0, echo=1.0, echo_min=10, echo_max=10, single_story=1.0)
    rows, targets = BatchMaker(tokenizer, mix, seed=0).batch(0, 2, 40)
    for row, target in zip(rows.tolist(), targets.tolist()):
        assert row[0] == tokenizer.start_id and row[1:11] == row[11:21]
        assert row[21:] == [tokenizer.start_id] * 19  # padding after the one document
        assert IGNORE not in target[:20] and set(target[20:]) == {IGNORE}


def test_tinystories_share_needs_stories(tokenizer):
    with pytest.raises(ValueError, match="no stories"):
        BatchMaker(tokenizer, Mix(tinystories=0.5), seed=0)


def test_pronoun_documents_are_two_child_stories(tokenizer):
    mix = Mix(generated=0.0, pronouns=1.0, single_story=1.0)
    rows, _ = BatchMaker(tokenizer, mix, seed=0).batch(0, 3, 200)
    for row in rows.tolist():
        text = tokenizer.decode([t for t in row[1:] if t != tokenizer.start_id])
        assert " had a " in text and " liked to " in text, text


def test_what_follows_a_pronoun_belongs_to_its_child():
    import random
    import re

    from sprout.corpus.pronoun_stories import pronoun_story
    from sprout.corpus.words import WORDS

    rng = random.Random(5)
    for _ in range(100):
        text = pronoun_story(rng)
        owned = {n: t for n, t in re.findall(r"(\w+) had a (\w+ \w+)", text) if n in WORDS.boy_names + WORDS.girl_names}
        pastime = dict(re.findall(r"(\w+) liked to ([\w ]+)\.", text))
        boy, girl = sorted(owned, key=lambda name: name not in WORDS.boy_names)
        assert boy in WORDS.boy_names and girl in WORDS.girl_names, text
        for pronoun, name in (("his", boy), ("her", girl)):
            for thing in re.findall(rf"\b{pronoun} (\w+ \w+)\b", text):
                if thing.split()[1] in owned[name]:
                    assert thing == owned[name], text
        for pronoun, name in (("he", boy), ("she", girl)):
            for said in re.findall(rf"\b{pronoun} said, \"My name is (\w+), and I like to ([\w ]+)\.", text):
                assert said == (name, pastime[name]), text


def test_validation_stories_come_only_from_validation_txt(tmp_path):
    assert data.validation_stories(None, 5) is None
    assert data.validation_stories(tmp_path, 5) is None  # a folder without the file
    (tmp_path / "validation.txt").write_text("One.<|endoftext|>Two.<|endoftext|>Three.", encoding="utf-8")
    assert data.validation_stories(tmp_path, 2) == ["One.", "Two."]


def test_each_kind_in_the_document_table_is_a_share_of_the_mix(tokenizer):
    import random

    from sprout.corpus.data import DOCUMENT_KINDS

    for kind in DOCUMENT_KINDS:
        maker = BatchMaker(
            tokenizer, Mix(**{"generated": 0.0, kind: 1.0}), seed=0, real_stories=data.heldout_generated(5)
        )
        assert maker.sources == [kind]
        ids, scored = maker.document(random.Random(0))
        assert ids[0] == tokenizer.start_id and len(ids) == len(scored) > 1, kind
