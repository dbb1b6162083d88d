"""sprout data prepare and the memory-mapped stories training reads (on a corpus the test writes)."""

import json
import pickle

import numpy as np
import pytest

from sprout.cli import main
from sprout.corpus import data, stories
from sprout.corpus.data import BatchMaker, Mix
from sprout.tokenizer import Tokenizer
from sprout.training import shards
from sprout.training.shards import ShardError, ShardStories, iter_stories, prepare


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    """A TinyStories-like folder: two training files (one of each separator style) and a
    validation file, which prepare must leave out."""
    folder = tmp_path_factory.mktemp("corpus")
    texts = stories.generate_stories(5, 120)
    (folder / "train-a.txt").write_text("".join(f"{t}\n<|endoftext|>\n" for t in texts[:70]), encoding="utf-8")
    (folder / "train-b.txt").write_text("\n\n".join(texts[70:]) + "\n", encoding="utf-8")
    (folder / "validation.txt").write_text("Never trained on.\n<|endoftext|>\n", encoding="utf-8")
    return folder


@pytest.fixture
def prepared(corpus, tokenizer, tmp_path):
    prepare(corpus, tmp_path / "shards", tokenizer, quiet=True)
    return tmp_path / "shards"


def text_side(corpus):
    everything = [s for f in data.tinystories_train_files(corpus) for s in data.read_stories(f)]
    return data.split_stories(everything)


@pytest.mark.parametrize("block", [7, 64, 1 << 20])
def test_streamed_stories_are_the_ones_read_whole(corpus, monkeypatch, block):
    monkeypatch.setattr(shards, "READ_BLOCK", block)
    for name in ("train-a.txt", "train-b.txt"):
        assert list(iter_stories(corpus / name)) == data.read_stories(corpus / name), name


def test_shards_hold_the_stories_of_the_text_path_in_order(prepared, corpus, tokenizer):
    train, heldout = text_side(corpus)
    index = json.loads((prepared / "index.json").read_text())
    assert [s["file"] for s in index["sources"]] == ["train-a.txt", "train-b.txt"]
    assert index["sources"][0]["sha256"] == data.file_sha256(corpus / "train-a.txt")
    assert ShardStories(prepared, tokenizer).sources == {s["file"]: s["sha256"] for s in index["sources"]}
    assert index["tokenizer_sha256"] == tokenizer.sha256()
    for split, texts in (("train", train), ("heldout", heldout)):
        on_disk = ShardStories(prepared, tokenizer, split)
        assert len(on_disk) == len(texts) == index["splits"][split]["stories"]
        assert [on_disk.ids(i) for i in range(len(texts))] == [tokenizer.encode(t) for t in texts]
        assert [on_disk.text(i) for i in range(3)] == texts[:3]
    offsets = np.fromfile(prepared / "train-0000.offsets.bin", dtype=np.int64)
    tokens = np.fromfile(prepared / "train-0000.bin", dtype=np.uint16)
    assert offsets[-1] == len(tokens) and (tokens[offsets[:-1]] == tokenizer.start_id).all()


def test_stories_spread_over_several_shards_read_the_same(corpus, tokenizer, tmp_path, monkeypatch):
    monkeypatch.setattr(shards, "SHARD_TOKENS", 2000)
    prepare(corpus, tmp_path / "many", tokenizer, quiet=True)
    many = ShardStories(tmp_path / "many", tokenizer)
    assert len(many.shards) > 3
    train, _ = text_side(corpus)
    assert [many.ids(i) for i in range(len(train))] == [tokenizer.encode(t) for t in train]


def test_batches_from_shards_are_the_batches_from_text(prepared, corpus, tokenizer):
    train, _ = text_side(corpus)
    mix = Mix(generated=0.3, tinystories=1.0, copy=0.2, rename=0.5)
    from_text = BatchMaker(tokenizer, mix, seed=4, real_stories=train)
    # pickled as a DataLoader worker gets it: without its open files, reopened on first use
    from_shards = pickle.loads(
        pickle.dumps(BatchMaker(tokenizer, mix, seed=4, real_stories=ShardStories(prepared, tokenizer)))
    )
    for step in (0, 1, 17):
        a, b = from_text.batch(step, 3, 40), from_shards.batch(step, 3, 40)
        assert all((x == y).all() for x, y in zip(a, b)), step


def test_a_shard_made_with_another_tokenizer_is_refused(prepared):
    other = Tokenizer.train(stories.generate_stories(9, 60), vocab_size=400)
    with pytest.raises(ShardError, match="tokenized with tokenizer .* not this run's"):
        ShardStories(prepared, other)


def test_a_truncated_shard_is_refused(prepared, tokenizer):
    path = prepared / "train-0000.bin"
    path.write_bytes(path.read_bytes()[:-10])
    with pytest.raises(ShardError, match="train-0000.bin holds .* tokens, the index says .*truncated"):
        ShardStories(prepared, tokenizer)
    path = prepared / "heldout-0000.offsets.bin"
    path.write_bytes(path.read_bytes()[:-8])
    with pytest.raises(ShardError, match="heldout-0000.offsets.bin holds .* stories, the index says .*truncated"):
        ShardStories(prepared, tokenizer, "heldout")


def test_an_index_naming_a_missing_file_is_refused(prepared, tokenizer):
    (prepared / "heldout-0000.offsets.bin").unlink()
    with pytest.raises(ShardError, match="names heldout-0000.offsets.bin, which is missing"):
        ShardStories(prepared, tokenizer, "heldout")


def test_a_folder_without_an_index_says_how_to_make_one(tmp_path, tokenizer):
    with pytest.raises(ShardError, match="no index.json .*sprout data prepare"):
        ShardStories(tmp_path, tokenizer)


def test_prepare_command_and_a_bad_shard_folder_on_the_command_line(corpus, tokenizer, tmp_path, capsys):
    tokenizer.save(tmp_path / "tok.json")
    out = tmp_path / "shards"
    assert (
        main(
            [
                "data",
                "prepare",
                "--tinystories",
                str(corpus),
                "--out",
                str(out),
                "--tokenizer",
                str(tmp_path / "tok.json"),
                "--quiet",
            ]
        )
        == 0
    )
    report = json.loads(capsys.readouterr().out)
    assert report["tokens"] > 0 and report["tokens_per_s"] > 0 and not (tmp_path / ".shards.building").exists()
    (out / "train-0000.bin").write_bytes(b"\0\0")
    assert (
        main(
            [
                "train",
                "--out",
                str(tmp_path / "run"),
                "--shards",
                str(out),
                "--steps",
                "1",
                "--mix",
                "generated=0.5,tinystories=0.5",
            ]
        )
        == 1
    )
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "truncated" in err and not (tmp_path / "run").exists()
