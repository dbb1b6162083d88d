"""The site as a static host publishes it: built for an address under a sub-path, as a project
site on GitHub Pages is (SPROUT_SITE_URL=https://example.org/book/sprout/), and served under
/book/sprout/ the way such a host serves it (the site's 404.html, with status 404, for a path
that does not exist). The 404 page loads in Chromium with no failed request, the sitemap lists
every page, and a link checker with anchor checking finds nothing broken. (Every page loads whole
from this host in test_accessibility.py, on the same load as its audits.)"""

import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit
from xml.etree import ElementTree

import pytest
from conftest import LOCAL_HOST, SITE_URL, watch_failures
from test_site import PAGES

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

pytestmark = pytest.mark.browser

LINKCHECKER = Path(sys.executable).with_name("linkchecker")  # PyPI linkchecker, in the dev extras


def address_of(site, page):
    """The address a built page (a folder's index.html) has on the host."""
    folder = page.parent.relative_to(site).as_posix()
    return SITE_URL if folder == "." else f"{SITE_URL}{folder}/"


def test_the_sitemap_lists_every_page_and_each_names_its_address(hosted_site_folder):
    pages = {address_of(hosted_site_folder, page): page for page in hosted_site_folder.rglob("index.html")}
    sitemap = (hosted_site_folder / "sitemap.xml").read_text(encoding="utf-8")
    assert sorted(re.findall(r"<loc>([^<]+)</loc>", sitemap)) == sorted(pages)
    assert sorted(pages) == sorted(SITE_URL + path for path in PAGES)
    for address, page in pages.items():
        assert f'<link rel="canonical" href="{address}">' in page.read_text(encoding="utf-8"), address


def test_a_missing_page_gets_the_styled_404_page_with_links_inside_the_book(browse, hosted_site):
    page = browse.page
    failed = watch_failures(page)
    # Chromium logs the page's own status as a console error: left out here, but only for the
    # page itself (any other 404 is a failed request too)
    browse.expect_errors("the server responded with a status of 404")
    logged_404 = []
    page.on("console", lambda m: "status of 404" in m.text and logged_404.append(m.location.get("url")))
    missing = hosted_site + "no/such/page/"
    answer = browse.goto(missing)
    assert answer.status == 404
    failed.remove(f"{missing}: 404")  # the page itself, as the host means it
    page.wait_for_function("() => document.body.dataset.mdColorScheme !== undefined")  # Material's script ran
    expect(page.locator("article h1")).to_have_text("404 - Not found")
    # the theme's, KaTeX's and the chapter's styles all load, and the theme's apply: its header sticks
    assert page.locator(".md-header").evaluate("e => getComputedStyle(e).position") == "sticky"
    sheets = page.evaluate("() => [...document.querySelectorAll('link[rel=stylesheet]')].map(l => [l.href, !!l.sheet])")
    assert sheets and all(loaded for _, loaded in sheets), sheets
    links = page.evaluate("() => [...document.querySelectorAll('a[href]')].map(a => a.href)")
    inside = [link for link in links if urlsplit(link).hostname == LOCAL_HOST]
    outside = sorted({urlsplit(link).hostname for link in links} - {LOCAL_HOST})
    assert outside == ["squidfunk.github.io"], outside  # the theme's credit in the footer
    assert len(inside) >= len(PAGES)
    for link in inside:
        assert link.startswith(hosted_site), link
        assert page.request.get(link.split("#")[0]).status == 200, link
    assert failed == []
    assert set(logged_404) <= {missing}


# the link checker's settings: links to other hosts are not fetched (the test runs offline), and
# every link with a fragment is checked against the ids and names of the page it leads to; up to
# 100 requests a second to the local host, on two threads (its ten default threads only fight
# over this machine's two cores)
LINKCHECKER_SETTINGS = """[checking]
threads=2
maxrequestspersecond=100
[filtering]
checkextern=0
[AnchorCheck]
"""


def test_a_link_checker_with_anchors_finds_no_broken_link_or_anchor(hosted_site_folder, hosted_site, tmp_path):
    settings = tmp_path / "linkcheckerrc"
    settings.write_text(LINKCHECKER_SETTINGS)
    done = subprocess.run(
        [str(LINKCHECKER), "--config", str(settings), "--no-status", "--verbose", "-o", "xml", hosted_site],
        capture_output=True,
        text=True,
    )
    checked = ElementTree.fromstring(done.stdout).findall("urldata")
    problems = [
        f"{url.findtext('realurl')} (from {url.findtext('parent')}): "
        + "; ".join([url.find("valid").get("result", "")] if url.findtext("valid") != "1" else [])
        + "; ".join(w.text for w in url.iterfind("warnings/warning"))
        for url in checked
        if url.findtext("valid") != "1" or url.find("warnings") is not None
    ]
    assert problems == []
    assert done.returncode == 0, done.stderr[-2000:]
    # what it checked: every page, KaTeX's fonts, and the links to the widgets' states with their anchors
    real = {url.findtext("realurl") for url in checked}
    assert {hosted_site + path for path in PAGES} <= real
    faces = (hosted_site_folder / "assets/vendor/katex/katex.min.css").read_text().count("@font-face")
    assert sum("/katex/fonts/" in address for address in real) == faces > 0
    assert {hosted_site + "#story=zorbin/induction", hosted_site + "#explorer=tom_he/7/2/57"} <= real
