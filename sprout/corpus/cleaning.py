"""TinyStories' text made plain: its mojibake (UTF-8 read as Windows-1252) repaired, its curly
quotes and dashes made ASCII like the generator's, its lines trimmed."""

import re

# Curly quotes and dashes, UTF-8 read as Windows-1252: the dataset's own mojibake.
_MOJIBAKE = re.compile("\u00e2\u20ac[\u0080-\u00ff\u0152-\u2122]?")
_PLAIN = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u2013": "-",
        "\u2014": "-",
        "\u2026": "...",
        "\u200a": " ",
    }
)


def _as_byte(char):
    try:
        return char.encode("cp1252")
    except UnicodeError:
        return char.encode("latin-1")  # C1 controls: bytes cp1252 leaves undefined


def _fix_one(match):
    broken = match.group(0)
    try:
        return b"".join(_as_byte(c) for c in broken).decode("utf-8")
    except UnicodeError:
        # the third byte was lost (0x9d, the closing quote, is often missing altogether)
        return "\u201d" + broken[2:]


def repair_mojibake(text):
    return _MOJIBAKE.sub(_fix_one, text)


def clean_story(text):
    """Repair mojibake, make quotes and dashes plain ASCII like the generator's, trim."""
    lines = [line.strip() for line in repair_mojibake(text).translate(_PLAIN).splitlines()]
    return "\n".join(line for line in lines if line)
