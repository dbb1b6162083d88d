"""A notebook page's stylesheet cut to what the page uses.

mkdocs-jupyter inlines JupyterLab's whole stylesheet (574 kB, most of it the custom properties
of JupyterLab's interface) into every notebook page, with nbconvert's code colours and the light
theme's properties beside it. Read before the first paint, it was most of a notebook page's
weight. The build joins the page's stylesheets in their order (so the cascade is unchanged) and
keeps only what the page's HTML and scripts name (PurgeCSS, under node: notebook_styles.cjs).
"""

import re
from pathlib import Path

from build_site.node_script import NodeScriptError, run_node_script

PRUNE_SCRIPT = Path(__file__).with_name("notebook_styles.cjs")
# nbconvert's blocks; the theme's own pages carry no <style> of this kind
NOTEBOOK_STYLE = re.compile(r'<style type="text/css">(.*?)</style>\n?', re.DOTALL)


def prune_notebook_styles(page_html, page_name):
    """The page with its notebook stylesheets joined into one, pruned to what the page uses;
    NodeScriptError names the page and what PurgeCSS could not read."""
    blocks = list(NOTEBOOK_STYLE.finditer(page_html))
    if not blocks:
        return page_html
    page = NOTEBOOK_STYLE.sub("", page_html)
    css = "\n".join(block.group(1) for block in blocks)
    try:
        [pruned] = run_node_script(PRUNE_SCRIPT, [{"page": page, "css": css}], "PurgeCSS")
    except NodeScriptError as error:
        raise NodeScriptError(f"page {page_name}: {error}") from None
    first = blocks[0]
    return page[: first.start()] + f'<style type="text/css">\n{pruned}\n</style>\n' + page[first.start() :]
