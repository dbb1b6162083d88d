"""A Markdown extension: the widgets' custom elements are block-level HTML.

Python-Markdown wraps tags it does not know in <p>, and a <p> cannot hold the quiz's question
and list, so the browser would close the element before its children.
"""

from markdown import Extension

WIDGET_TAGS = [
    "sprout-window",
    "sprout-explorer",
    "sprout-plane",
    "sprout-mask",
    "sprout-heads",
    "sprout-quiz",
    "sprout-figure",
    "sprout-story",
    "sprout-grow",
]


class WidgetBlocks(Extension):
    def extendMarkdown(self, md):
        md.block_level_elements.extend(t for t in WIDGET_TAGS if t not in md.block_level_elements)


def makeExtension(**kwargs):
    return WidgetBlocks(**kwargs)
