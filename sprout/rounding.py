"""Numbers as the chapter's files keep them: every float cut to a few significant digits, so that
a result written, read back and compared is the same on any CPU."""

import math

SIGNIFICANT = 5  # significant digits kept for every float written


def rounded(value, digits=SIGNIFICANT):
    """A copy of value (dicts, lists, tuples, numbers) with every float cut to `digits` significant digits."""
    if isinstance(value, bool) or value is None or isinstance(value, (int, str)):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"cannot write the non-finite number {value} as JSON")
        return float(f"{value:.{digits}g}") + 0.0  # + 0.0 turns -0.0 into 0.0
    if isinstance(value, dict):
        return {str(k): rounded(v, digits) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [rounded(v, digits) for v in value]
    if hasattr(value, "tolist"):  # numpy and torch scalars and arrays
        return rounded(value.tolist(), digits)
    raise TypeError(f"cannot write {type(value).__name__} as JSON")
