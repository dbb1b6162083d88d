"""sprout.notebook: the views' numbers are the artifacts' numbers, long texts stay light, and bad
input is refused with one line before anything is drawn."""

import json
import re
import shutil
from types import SimpleNamespace

import pytest

from sprout import folders
from sprout.analysis.encoding import inflate_encoded
from sprout.chapter.examples import load_examples
from sprout.corpus.stories import generate_stories
from sprout.notebook import ViewError, explorer, heads, story
from sprout.notebook.checkpoints import same_tokenizer
from sprout.rounding import rounded

pytestmark = pytest.mark.slow  # runs the published checkpoints

ARTIFACTS = folders.REPOSITORY / "docs" / "artifacts" / "examples"
LIMIT = 2_000_000  # bytes a view of 512 tokens x 48 heads may weigh
SHORT = "Tom saw Mia. He waved at her."


def artifact(example_id):
    return json.loads((ARTIFACTS / f"{example_id}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("example", load_examples(), ids=lambda e: e.id)
def test_the_views_show_the_numbers_of_the_artifacts_example_files(example):
    published = artifact(example.id)
    for view in (explorer(example.text), heads(example.text)):
        shown = view.data["example"]
        assert shown["ids"] == published["ids"] and shown["tokens"] == published["tokens"]
        a = shown["attention"]
        assert a["encoding"] == "tril-u8-deflate-base64"
        assert inflate_encoded(a["data"]) == published["attention"]["data"]  # every weight, byte for byte
        assert (a["layers"], a["heads"], a["tokens"]) == (8, 6, len(published["ids"]))
    predictions = story(example.text).data["example"]["next"]
    # the example files keep 5 significant digits of each probability (build_artifacts/output.py)
    assert rounded(predictions) == {name: published["next"][name] for name in ("window", "sprout")}


def long_text(tokens=700):
    text, stories = "", iter(generate_stories(seed=7, count=200))
    while len(text) < tokens * 5:  # about four characters a token
        text += next(stories) + "\n\n"
    return text


def test_512_tokens_of_48_heads_weigh_under_2_mb_and_the_cut_is_named():
    text = long_text()
    view = heads(text)
    a = view.data["example"]["attention"]
    assert a["tokens"] == 512 and (a["layers"], a["heads"]) == (8, 6)
    assert view.nbytes < LIMIT, f"{view.nbytes:,} bytes"
    note = re.search(r'<p class="sprout-note" role="note">([^<]*)</p>', view.html).group(1)
    assert "Sprout reads at most 512 (◆ and 511 more), so it is cut after character" in note
    read = view.data["example"]["text"]
    assert text.startswith(read) and len(read) < len(text)
    assert f"after character {len(read):,} of {len(text):,}" in note


def test_views_have_their_own_ids_and_groups_and_ask_no_host():
    first, second = explorer(SHORT), explorer(SHORT)
    assert first.view_id != second.view_id
    assert f'group="{first.view_id}"' in first.html and 'hash="off"' in first.html
    for view in (first, second):
        assert "http://" not in view.html and "https://" not in view.html
        bundle = view._repr_mimebundle_()
        assert set(bundle) == {"text/html", "text/plain"} and bundle["text/html"] == view._repr_html_()


def test_text_that_looks_like_html_stays_inside_its_data_block():
    view = explorer('He wrote "</script><script>alert(1)</script>" <!-- on the wall.')
    assert view.html.count("<script") == 2 and view.html.count("</script>") == 2  # the data and the bundle


def test_gpt1_is_one_block_of_four_heads_and_cut_at_its_own_context():
    view = heads(long_text(), checkpoint="gpt1")
    a = view.data["example"]["attention"]
    assert (a["layers"], a["heads"], a["tokens"]) == (1, 4, 256)
    assert "gpt-1 reads at most 256" in view.html
    assert 'whole="gpt-1"' in story(SHORT, checkpoint="gpt1").html


@pytest.mark.parametrize(
    "text, message",
    [
        ("", r"^the text is empty"),
        ("   \n\t ", r"^the text is empty"),
        ("\u200b\u200d \ufeff\u2060", r"^the text is empty"),  # zero-width characters only
        ("Tom saw \ud800 Mia.", r"^the text is not valid UTF-8: a lone surrogate U\+D800 at character 8 "),
        ("Tom\udcff", r"^the text is not valid UTF-8: byte 0xff at character 3 cannot be decoded$"),
        (b"Tom saw Mia.", r"^the text must be a string, not bytes$"),
        (None, r"^the text must be a string, not NoneType$"),
    ],
)
def test_a_text_that_cannot_be_read_is_refused_in_one_line(text, message):
    for view in (explorer, heads, story):
        with pytest.raises(ViewError, match=message):
            view(text)


def test_a_text_too_long_is_refused_when_cutting_is_not_allowed():
    with pytest.raises(ViewError, match=r"Sprout reads at most 512 .* so it would be cut after character [\d,]+ of"):
        heads(long_text(), cut=False)


def test_a_folder_that_is_not_a_checkpoint_is_refused(tmp_path):
    with pytest.raises(ViewError, match=r"is not a checkpoint folder \(no config\.json\)"):
        explorer(SHORT, checkpoint=tmp_path)
    (tmp_path / "config.json").write_text("{}", encoding="utf-8")
    with pytest.raises(ViewError, match=r"^not a usable checkpoint: missing .*model\.safetensors"):
        explorer(SHORT, checkpoint=tmp_path)
    (tmp_path / "config.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(ViewError, match=r"^not a usable checkpoint: .*config\.json is not valid JSON"):
        explorer(SHORT, checkpoint=tmp_path)
    with pytest.raises(ViewError, match=r"^checkpoint must be a folder or one of window, gpt1, sprout, not 3"):
        explorer(SHORT, checkpoint=3)


def copy_of_gpt1(tmp_path):
    folder = tmp_path / "my-run"
    shutil.copytree(folders.CHECKPOINTS / "gpt1", folder)
    return folder


def test_a_checkpoint_with_another_tokenizer_is_refused(tmp_path):
    folder = copy_of_gpt1(tmp_path)
    tokenizer = json.loads((folder / "tokenizer.json").read_text(encoding="utf-8"))
    vocab = tokenizer["model"]["vocab"]
    dropped = max(vocab, key=vocab.get)  # the last token: a smaller vocabulary than the model's
    del vocab[dropped]
    tokenizer["model"]["merges"] = [
        m for m in tokenizer["model"]["merges"] if "".join(m if isinstance(m, list) else m.split(" ")) != dropped
    ]
    (folder / "tokenizer.json").write_text(json.dumps(tokenizer), encoding="utf-8")
    with pytest.raises(
        ViewError,
        match=r"tokenizer\.json has 4095 tokens but the model was trained on 4096: "
        r"it comes from another tokenizer",
    ):
        heads(SHORT, checkpoint=folder)


def test_a_tokenizer_other_than_the_one_training_recorded_is_refused(tmp_path):
    folder = copy_of_gpt1(tmp_path)
    training = json.loads((folder / "training.json").read_text(encoding="utf-8"))
    (folder / "training.json").write_text(json.dumps({**training, "tokenizer_sha256": "0" * 64}), encoding="utf-8")
    with pytest.raises(ViewError, match=r"is not the tokenizer the model was trained with \(000000000000"):
        heads(SHORT, checkpoint=folder)


def test_a_users_own_run_is_shown_under_its_folder_name(tmp_path):
    view = story(SHORT, checkpoint=copy_of_gpt1(tmp_path))
    assert view.data["example"]["model_names"] == {"window": "the window network", "model": "my-run"}
    assert 'models="window,model"' in view.html


def test_models_compared_must_share_a_tokenizer():
    one = SimpleNamespace(folder="a", tokenizer=SimpleNamespace(sha256=lambda: "1"))
    other = SimpleNamespace(folder="b", tokenizer=SimpleNamespace(sha256=lambda: "2"))
    with pytest.raises(ViewError, match=r"^a and b use different tokenizers"):
        same_tokenizer(one, other)


def test_the_window_network_has_no_attention_to_show_and_bad_heads_are_named():
    with pytest.raises(ViewError, match=r"which has no attention layers to show"):
        explorer(SHORT, checkpoint="window")
    with pytest.raises(ViewError, match=r"^layer must be a whole number from 1 to 8, not 9"):
        explorer(SHORT, layer=9)
    with pytest.raises(ViewError, match=r"^highlight must be one of previous_token, first_token, induction"):
        heads(SHORT, highlight="copying")
