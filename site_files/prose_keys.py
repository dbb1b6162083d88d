"""The numbers the pages print: every stats.json key that a page's template (docs/*.md, rendered by
build_site/macros.py) names, read off the templates without rendering them.

A key the prose names outright (stat("tom_he.share"), value(...), a page's own macro called with
it) is read as it is; head("x") and head_link("x", ...) read x.layer and x.head; a key built in a
loop ("ablation." ~ row ~ ".pronoun_ratio") reads every key of that shape, the loop's part
standing for one dotted part. Rendering is not needed, and would miss the keys of a branch not
taken (an {% if %} that compares two numbers).
"""

import re
from dataclasses import dataclass
from pathlib import Path

from jinja2 import Environment, nodes

HEAD_MACROS = ("head", "head_link")  # they read prefix.layer and prefix.head


@dataclass(frozen=True)
class ProseKeys:
    """What the pages read: exact names, and shapes with "*" for one part built in a loop."""

    names: frozenset
    shapes: tuple

    def reads(self, key):
        return key in self.names or any(shape.match(key) for shape in self.shapes)


def _pieces(node):
    """A string expression as its constant parts and "*" for each part it computes."""
    if isinstance(node, nodes.Const) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, nodes.Concat):
        return [piece for part in node.nodes for piece in _pieces(part)]
    return ["*"]


def _shape(pieces):
    return re.compile("".join(r"[^.]+" if p == "*" else re.escape(p) for p in pieces) + "$")


def _names(node, head=False):
    """(names, shapes) one argument of a template call reads."""
    pieces = _pieces(node)
    suffixes = (".layer", ".head") if head else ("",)
    if pieces == ["*"]:
        return set(), []
    if "*" not in pieces:
        return {pieces[0] + s for s in suffixes}, []
    return set(), [_shape([*pieces, s]) for s in suffixes]


def template_keys(source):
    """(names, shapes) one template reads: every string it passes to a call (stat, value, its own
    macros), every string it builds with ~, and for head/head_link the two names they look up."""
    names, shapes = set(), []
    tree = Environment().parse(source)
    for call in tree.find_all(nodes.Call):
        head = isinstance(call.node, nodes.Name) and call.node.name in HEAD_MACROS
        for arg in call.args:
            found, built = _names(arg, head)
            names |= found
            shapes += built
    for concat in tree.find_all(nodes.Concat):  # a key built for a loop's {% set %} and read later
        found, built = _names(concat)
        names |= found
        shapes += built
    return names, shapes


def prose_keys(pages):
    """ProseKeys of every page (*.md) in the folder `pages` (docs/)."""
    names, shapes = set(), []
    for path in sorted(Path(pages).glob("*.md")):
        found, built = template_keys(path.read_text(encoding="utf-8"))
        names |= found
        shapes += built
    return ProseKeys(frozenset(names), tuple(shapes))
