"""How the chapter names heads: the scores above which it calls a head of a kind, and its heads
written 1-based (layer, head) as the pages print them, turned 0-based for the analysis."""

INDUCTION_SCORE = 0.5  # the best head's share of attention on the token after the earlier copy
PREVIOUS_TOKEN_SCORE = 0.8
FIRST_TOKEN_ARGMAX_SHARE = 0.8  # rows whose most-watched token is ◆
NO_COPYING_HEAD = 0.1  # a best induction score below this: no head copies


def zero_based(heads):
    return [(layer - 1, head - 1) for layer, head in heads]
