"""A Markdown extension: the widgets' custom elements are block-level HTML.

Python-Markdown wraps tags it does not know in <p>, and a <p> cannot hold the quiz's question
and list, so the browser would close the element before its children.

The widgets are listed once, by their modules: each widget is a folder of site_assets, and
site_assets/<x>/sprout-<x>.js defines <sprout-x> with `define('sprout-<x>', ...)`; the site's pages
load that file for each such element they hold (site_assets/sprout-widgets.js).
"""

import re
from functools import cache

from markdown import Extension

from sprout import folders

DEFINES = re.compile(r"^define\('(sprout-[a-z-]+)',", re.MULTILINE)


# made by the notebook views from Python's data (sprout.notebook: notebook.write), on no page of
# the site; embeddable like the others
NOTEBOOK_ONLY = ("sprout-written",)


def widget_module(tag):
    """The module that defines <tag>: the file named after it in the folder named after it."""
    return folders.SITE_ASSETS / tag.removeprefix("sprout-") / f"{tag}.js"


@cache
def widget_tags():
    """Every widget's tag, from the define() call of the module named after it."""
    return tuple(
        sorted(tag for path in folders.SITE_ASSETS.glob("*/sprout-*.js") for tag in DEFINES.findall(path.read_text()))
    )


class WidgetBlocks(Extension):
    def extendMarkdown(self, md):
        md.block_level_elements.extend(t for t in widget_tags() if t not in md.block_level_elements)


def makeExtension(**kwargs):
    return WidgetBlocks(**kwargs)
