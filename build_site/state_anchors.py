"""A Markdown extension: a link to a widget's state is a link to a real anchor.

The chapter links to views of its widgets by the URL hash the widgets read and write
(site_assets/common/url-state.js): `#explorer=tom_he/7/2/57` opens that head in W2, `#story=zorbin/induction`
that story with those heads off. The widgets follow such a hash with JavaScript, but no element
has it as its id, so the build's anchor check and a link checker called each one broken, and a
browser without JavaScript did not move. Here each state the page links to gets an empty element
with that id just before the widget that reads it, so the link lands on the widget, and the
widgets read the hash exactly as before.

A widget `<sprout-x>` reads the hash key in its `hash` attribute, else `x`, and the story block
also opens a written story (`#write=...`, site_assets/story/write-link.js); a link to a key that
no widget on the page reads stops the build, naming the link.
"""

import html
import re

from markdown import Extension
from markdown.preprocessors import Preprocessor
from mkdocs.exceptions import PluginError

# `[text](#key=value)` and `href="#key=value"`; the state's characters are those the widgets write
STATE_LINK = re.compile(r'(?:\]\(|href=")#([a-z][a-z0-9_-]*=[A-Za-z0-9_./=&-]+)[)"]')
WIDGET_TAG = re.compile(r"^\s*<(sprout-[a-z-]+)\b([^>]*)>")
HASH_ATTRIBUTE = re.compile(r'\bhash="([^"]*)"')
ANCHOR_CLASS = "sprout-state-anchor"
MORE_KEYS = {"sprout-story": ("write",)}  # the keys a widget reads beside its own (WRITE_KEY)


def widget_keys(tag, attributes):
    found = HASH_ATTRIBUTE.search(attributes)
    return (found[1] if found else tag.removeprefix("sprout-"), *MORE_KEYS.get(tag, ()))


def state_links(lines):
    """Each state fragment the lines link to ("key=value"), once, in order."""
    found = {}
    for line in lines:
        for fragment in STATE_LINK.findall(line):
            found.setdefault(fragment, None)
    return list(found)


def add_state_anchors(lines):
    """The lines with, before each widget, an empty element for each linked state it reads."""
    widgets = {}  # key -> the line of the first widget that reads it
    for number, line in enumerate(lines):
        tag = WIDGET_TAG.match(line)
        if tag:
            for key in widget_keys(tag[1], tag[2]):
                widgets.setdefault(key, number)
    before = {}  # line number -> anchors to put before it
    for fragment in state_links(lines):
        key = fragment.split("=", 1)[0]
        if key not in widgets:
            raise PluginError(f"the link #{fragment} opens a widget's state, but no widget on its page reads {key!r}")
        before.setdefault(widgets[key], []).append(
            f'<div id="{html.escape(fragment, quote=True)}" class="{ANCHOR_CLASS}"></div>'
        )
    out = []
    for number, line in enumerate(lines):
        out.extend(before.get(number, []))
        out.append(line)
    return out


class StateAnchors(Preprocessor):
    def run(self, lines):
        return add_state_anchors(lines)


class StateAnchorsExtension(Extension):
    def extendMarkdown(self, md):
        # after fenced code is set aside (25: a link shown in code is no link), before the raw HTML
        # blocks are read (20) and MkDocs collects the page's anchors from them (21)
        md.preprocessors.register(StateAnchors(md), "sprout_state_anchors", 22)


def makeExtension(**kwargs):
    return StateAnchorsExtension(**kwargs)
