"""What every `sprout` command shares: the parser that reports a bad option in one line, and
option types that refuse a value out of range before anything is loaded."""

import argparse
import math


class Parser(argparse.ArgumentParser):
    def error(self, message):
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def whole_number(least):
    """An option type: a whole number of at least `least` (say 1 for a count of tokens)."""

    def read(text):
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < least:
            raise argparse.ArgumentTypeError(f"{value} is below {least}, the least it can be")
        return value

    return read


def finite_number(least):
    """An option type: a finite number of at least `least` (not nan, not inf)."""

    def read(text):
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
        if not math.isfinite(value):
            raise argparse.ArgumentTypeError(f"{text!r} is not a finite number")
        if value < least:
            raise argparse.ArgumentTypeError(f"{value:g} is below {least:g}, the least it can be")
        return value

    return read
