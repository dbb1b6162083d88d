// Written by `python -m build_site.detectors` from DETECTORS in sprout/analysis/detectors.py:
// edit that list, not this file. The head detectors the widgets offer, in their order: `rows`
// says which of a text's tokens a score averages over ({n} of them, {text} naming the text), and
// `none` why a text has no score, `from` which average of head_scores.json the chapter's widgets read.
export const DETECTORS = [
  {
    "name": "previous_token",
    "label": "previous-token",
    "measures": "mean weight on the token just before",
    "rows": "{text}'s {n} tokens after ◆",
    "none": "{text} has no token after ◆",
    "about": "mean weight on the token just before, over the example stories",
    "from": "examples"
  },
  {
    "name": "first_token",
    "label": "first-token (◆)",
    "measures": "mean weight on ◆",
    "rows": "{text}'s {n} tokens after ◆",
    "none": "{text} has no token after ◆",
    "about": "mean weight on ◆, over the example stories",
    "from": "examples"
  },
  {
    "name": "induction",
    "label": "induction",
    "measures": "mean weight on the token after an earlier copy",
    "rows": "the {n} tokens of {text} that repeat an earlier stretch",
    "none": "{text} repeats no stretch of two or more tokens",
    "about": "mean weight on the token after an earlier copy, on repeated random text",
    "from": "repeats"
  }
];
