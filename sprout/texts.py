"""A reader's text before a tokenizer sees it: whether it is text at all (a lone surrogate is
what Python makes of bytes that were not UTF-8) and whether it holds anything to read."""

import re
import unicodedata

# Python keeps undecodable bytes of a command line as the surrogates U+DC80-U+DCFF
# (surrogateescape); any other lone surrogate cannot be written as UTF-8 either
SURROGATE = re.compile("[\ud800-\udfff]")


class TextError(ValueError):
    """A text that cannot be read; the message is one line naming what is wrong."""


def check_text(text, what="the text"):
    """`text` when it is a str of valid Unicode; otherwise a TextError saying where it is not."""
    if not isinstance(text, str):
        raise TextError(f"{what} must be a string, not {type(text).__name__}")
    bad = SURROGATE.search(text)
    if bad:
        code = ord(bad.group())
        what_is_there = f"byte 0x{code - 0xDC00:02x}" if 0xDC80 <= code <= 0xDCFF else f"a lone surrogate U+{code:04X}"
        raise TextError(f"{what} is not valid UTF-8: {what_is_there} at character {bad.start()} cannot be decoded")
    return text


def decode_text(raw, what="the text"):
    """UTF-8 bytes as text; a TextError naming the first byte that is not UTF-8."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise TextError(
            f"{what} is not valid UTF-8: byte 0x{raw[e.start]:02x} at byte {e.start} cannot be decoded"
        ) from None


def is_blank(text):
    """True when the text shows nothing: only spaces, line breaks and invisible format characters
    (zero-width spaces and joiners, the byte-order mark)."""
    return all(char.isspace() or unicodedata.category(char) == "Cf" for char in text)
