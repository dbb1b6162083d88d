import pytest

from sprout.tokenizer import START_GLYPH, Tokenizer

HOSTILE = [
    "",
    " leading and trailing  ",
    "Mia said, \u201cHi!\u201d \u2014 and left\u2026",
    "emoji \U0001f409\U0001f3f3\ufe0f\u200d\U0001f308 family \U0001f468\u200d\U0001f469\u200d\U0001f467",
    "combining e\u0301 vs \u00e9, Hangul \u1100\u1161 vs \uac00",
    "RTL \u05e9\u05dc\u05d5\u05dd and \u0645\u0631\u062d\u0628\u0627, zero\u200bwidth",
    "control \x00\x07\x1b[31m and tabs\t\r\n\n",
    "<|start|> typed by a reader is only text",
    "\ud7ff\ue000\U0010fffd lone BMP edges",
    "<img src=x onerror=alert(1)>",
]


@pytest.mark.parametrize("text", HOSTILE)
def test_round_trip_on_hostile_unicode(tokenizer, text):
    ids = tokenizer.encode(text)
    assert ids[0] == tokenizer.start_id
    assert tokenizer.start_id not in ids[1:]
    assert tokenizer.decode(ids) == text


def test_display_strings_are_faithful(tokenizer):
    text = "Tom saw a big dog. He ran home."
    ids = tokenizer.encode(text)
    shown = tokenizer.display_tokens(ids)
    assert shown[0] == START_GLYPH
    assert "".join(shown[1:]) == text
    assert any(s.startswith(" ") for s in shown), "leading spaces are part of the pieces"


def test_display_of_split_multibyte_characters_shows_bytes(tokenizer):
    ids = tokenizer.encode("\U0001f409")  # a dragon emoji: 4 bytes, not in this small vocabulary
    shown = tokenizer.display_tokens(ids)[1:]
    assert len(shown) > 1 and all("\\x" in s for s in shown)


def test_save_and_load(tokenizer, tmp_path):
    tokenizer.save(tmp_path / "tokenizer.json")
    again = Tokenizer.load(tmp_path)
    assert again.encode("Mia and the doll") == tokenizer.encode("Mia and the doll")
    assert again.start_id == tokenizer.start_id


def test_missing_tokenizer_file(tmp_path):
    with pytest.raises(FileNotFoundError, match="no tokenizer"):
        Tokenizer.load(tmp_path / "nothing.json")


def test_vocabulary_size_is_honoured(tokenizer):
    assert tokenizer.vocab_size == 600
