"""A Markdown extension: the page's text is cut into parts, `<div class="sprout-part">`, at each
heading and wherever a stretch between two headings grows heavier than a part should be.

chapter.css gives each part `content-visibility: auto`, so the browser styles and lays out only
the parts near the screen, and site_assets/sprout-parts.js lays out the rest one part at a
time once the page has settled and the browser is idle; a light part keeps each of those steps
a short task on a slow phone. The headings stay outside the parts: the table of contents reads
their positions, and reading a position inside a part would make the browser lay it out at once.
"""

import re
import xml.etree.ElementTree as ET

from markdown import Extension, util
from markdown.treeprocessors import Treeprocessor

HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}
PART_CLASS = "sprout-part"
# weights in elements: KaTeX makes about 12 elements and 2 per character of a formula's TeX, a
# widget or chart about 200 once drawn; a part of about 150 is laid out in some 15 ms on a 4x
# slowed CPU
WIDGET_WEIGHT = 200
PART_LIMIT = 150
# Python-Markdown's stand-in for a raw HTML block, which it puts back after the tree steps
PLACEHOLDER = re.compile(re.escape(util.HTML_PLACEHOLDER).replace("%s", r"(\d+)"))
FIRST_TAG_CLASS = re.compile(r'\s*<[\w-]+[^>]*?\sclass="([^"]*)"')
KEEP_WITH_PREVIOUS = {"snippet-output"}  # a code cell's printed output stays beside its code


def weight(element, stash):
    """About how many elements `element` puts on the page; raw HTML blocks (widgets, highlighted
    code) are still placeholders here, weighed from the HTML they stand for."""
    total = 0
    for node in element.iter():
        if not isinstance(node.tag, str):
            continue
        if node.tag.startswith("sprout-"):
            total += WIDGET_WEIGHT
        elif "arithmatex" in node.get("class", "").split():
            total += 12 + 2 * len(node.text or "")
        else:
            total += 1
        for index in PLACEHOLDER.findall(node.text or ""):
            raw = str(stash.rawHtmlBlocks[int(index)])
            total += raw.count("<") - raw.count("</") + WIDGET_WEIGHT * raw.count("<sprout-")
    return total


def classes(element, stash):
    """The classes of `element`, or of the first tag of the raw HTML block it stands for."""
    found = PLACEHOLDER.fullmatch((element.text or "").strip()) if element.tag == "p" else None
    if found:
        first_tag = FIRST_TAG_CLASS.match(str(stash.rawHtmlBlocks[int(found.group(1))]))
        return set(first_tag.group(1).split()) if first_tag else set()
    return set(element.get("class", "").split())


class PagePartsTreeprocessor(Treeprocessor):
    def run(self, root):
        children = list(root)
        for child in children:
            root.remove(child)
        part, part_weight = None, 0
        for child in children:
            if child.tag in HEADINGS:
                root.append(child)
                part = None
                continue
            stash = self.md.htmlStash
            child_weight = weight(child, stash)
            too_heavy = part_weight + child_weight > PART_LIMIT
            if part is None or (too_heavy and not KEEP_WITH_PREVIOUS & classes(child, stash)):
                part = ET.SubElement(root, "div", {"class": PART_CLASS})
                part.text = part.tail = "\n"
                part_weight = 0
            part.append(child)
            part_weight += child_weight


class PageParts(Extension):
    def extendMarkdown(self, md):
        # after every other tree step (footnotes, the table of contents), before serialising
        md.treeprocessors.register(PagePartsTreeprocessor(md), "sprout_page_parts", 1)


def makeExtension(**kwargs):
    return PageParts(**kwargs)
