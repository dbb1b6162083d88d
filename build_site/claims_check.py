"""The chapter's claims, checked by the build: each holds on stats.json, and the words it backs are
still on the rendered page.

A claim lives in its section (sprout.chapter.contents lists them) with the threshold beside it and a short
quote of the sentence it backs, on the page it names (the chapter, docs/index.md, or its companion
docs/evidence.md). The prose carries no assertions of its own: rewrite a sentence,
and the build names the claim whose words went missing, so that the claim moves with the words
or goes.
"""

import html
import re

from sprout.chapter.claims import counted, failure
from sprout.chapter.contents import CLAIMS

CHAPTER_PAGE = "index.md"
EVIDENCE_PAGE = "evidence.md"  # the chapter's companion page, "How we know"
CLAIM_PAGES = (CHAPTER_PAGE, EVIDENCE_PAGE)  # the pages whose claims' words the build looks for
TAG = re.compile(r"<[^>]+>")
SPACE = re.compile(r"\s+")
PLAIN = str.maketrans({"‘": "'", "’": "'", "“": '"', "”": '"', "\u00a0": " "})


class ClaimCheckError(Exception):
    """A claim that does not hold, or whose words left the page; the message is one line."""


def check_claims(stats, claims=CLAIMS):
    """ClaimCheckError naming the first counted claim (sprout.chapter.claims.counted) that
    stats.json does not back."""
    for claim in counted(claims, stats):
        line = failure(claim, stats)
        if line:
            raise ClaimCheckError(f"claim {claim.id!r} does not hold: {line}")


def page_text(page_html):
    """The words a reader sees, in one line: tags dropped, entities read, quotes made plain."""
    return SPACE.sub(" ", html.unescape(TAG.sub(" ", page_html)).translate(PLAIN)).strip()


def plain(words):
    return SPACE.sub(" ", words.translate(PLAIN)).strip()


def check_words(page_html, claims=CLAIMS, page=CHAPTER_PAGE):
    """ClaimCheckError naming the first claim of `page` (docs/<page>, each claim says which)
    whose words are not on that page."""
    text = page_text(page_html)
    for claim in claims:
        if claim.page == page and claim.words and plain(claim.words) not in text:
            raise ClaimCheckError(
                f"claim {claim.id!r} lost its words on the page {page}: {claim.words!r} is not there "
                "(put the words back, or change the claim's words in its section)"
            )
