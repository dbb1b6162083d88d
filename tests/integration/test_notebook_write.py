"""notebook.write: the page's "Write on" in a notebook. The continuation is the chapter's (the
published writing.json, the build's run of the same sampler on the same int8 file), the view
carries its marks offline, and bad input is one line."""

import json

import pytest

from sprout import folders
from sprout.chapter.sections import writing as chapter_writing
from sprout.notebook import ViewError, write

pytestmark = pytest.mark.slow  # runs the published int8 file

PUBLISHED = json.loads((folders.SITE_DATA / chapter_writing.FILE).read_text(encoding="utf-8"))


def text_of(view):
    return "".join(w["token"] for w in view.data["writing"]["written"])


def test_the_zorbin_story_is_the_chapters_with_and_without_the_induction_heads():
    on = write(chapter_writing.PROMPT, seed=0)
    off = write(chapter_writing.PROMPT, heads_off=PUBLISHED["heads_off"], seed=0)
    assert text_of(on) == PUBLISHED["seed0"]["on"] and "Zorbin" in text_of(on)
    assert text_of(off) == PUBLISHED["seed0"]["induction_off"] and "Zorbin" not in text_of(off)
    data = on.data["writing"]
    assert data["heads_off"] == [] and off.data["writing"]["heads_off"] == PUBLISHED["heads_off"]
    assert len(data["written"]) == 64 and data["stopped"] == "length"


def test_each_written_token_keeps_its_alternatives_and_where_its_heads_looked():
    view = write("Tom had a red ball. Tom gave the ball to", temperature=0, max_new_tokens=6)
    data = view.data["writing"]
    assert [w["index"] for w in data["written"]] == list(range(6))
    for w in data["written"]:
        probs = [a["p"] for a in w["alternatives"]]
        assert len(probs) == 5 and probs == sorted(probs, reverse=True) and sum(probs) <= 1
        assert w["id"] == w["alternatives"][0]["id"]  # temperature 0: the likeliest
        assert set(w["looks"]) == {""} | {f"{layer}.{head}" for layer in range(1, 9) for head in range(1, 7)}
        weights = [weight for _, weight in w["looks"][""]]
        assert weights == sorted(weights, reverse=True) and all(0 <= x <= 1 for x in weights)
    seen = len(data["prompt"]) + 5  # the last token was chosen looking at the text and five written ones
    assert all(p < seen for p, _ in data["written"][-1]["looks"]["5.4"])
    assert "<sprout-written" in view.html and "http" not in view.html.split("<script>")[0]


def test_the_seed_decides_the_words():
    texts = {text_of(write("Once upon a time, a girl named Lily", seed=s, max_new_tokens=12)) for s in (0, 1, 2)}
    assert len(texts) == 3
    assert text_of(write("Once upon a time, a girl named Lily", seed=1, max_new_tokens=12)) in texts


@pytest.mark.parametrize(
    "kwargs, words",
    [
        ({"text": "  "}, "no text to write on"),
        ({"text": " cat" * 520}, "no room is left"),
        ({"text": "A cat.", "seed": -1}, "seed"),
        ({"text": "A cat.", "temperature": 2.5}, "temperature"),
        ({"text": "A cat.", "top_k": 0}, "top-k"),
        ({"text": "A cat.", "heads_off": [(9, 1)]}, "no head 9.1"),
        ({"text": "A cat.", "max_new_tokens": 65}, "max_new_tokens"),
        ({"text": "A cat.", "checkpoint": "window"}, "no heads"),
    ],
)
def test_bad_input_is_one_line(kwargs, words):
    with pytest.raises(ViewError, match=words) as e:
        write(**kwargs)
    assert "\n" not in str(e.value)
