"""The site's Content-Security-Policy (build_site/csp.py), without a browser: the scripts' hashes,
the tag's place in each page, and the check that stops the build."""

import base64
import hashlib

import pytest

from build_site import csp

MATERIAL_PAGE = """<!doctype html>
<html lang="en">
  <head>
      <meta charset="utf-8">
      <title>Chapter</title>
      <script>__md_scope=new URL(".",location)</script>
  </head>
  <body>
    <script id="__config" type="application/json">{"base": "."}</script>
    <script src="assets/javascripts/bundle.js"></script>
    <script>document.body.dataset.said = "héllo ✓"</script>
  </body>
</html>
"""
FIGURE_PAGE = """<!doctype html>
<html lang="en">
<head>
    <meta charset="utf-8" />
    <title>Held-out loss</title>
</head>
<body>
    <script>window.PlotlyConfig = {MathJaxConfig: 'local'};</script>
    <script type="module" src="../../assets/sprout/figure/page.js"></script>
</body>
</html>
"""


def independent_hash(text):
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"


@pytest.fixture
def site(tmp_path):
    (tmp_path / "artifacts" / "figures").mkdir(parents=True)
    (tmp_path / "index.html").write_text(MATERIAL_PAGE, encoding="utf-8")
    (tmp_path / "artifacts" / "figures" / "f1.html").write_text(FIGURE_PAGE, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("script", ['__md_scope=new URL(".",location)', 'document.title = "héllo ✓ 🐉"', "", "\n a\n"])
def test_a_scripts_hash_is_the_base64_sha256_of_its_utf8_text(script):
    assert csp.script_hash(script) == independent_hash(script)


def test_a_scripts_hash_is_taken_with_the_line_ends_the_browser_reads():
    assert csp.script_hash("a()\r\nb()\rc()") == independent_hash("a()\nb()\nc()")


def test_only_the_inline_scripts_that_run_are_hashed():
    assert csp.inline_scripts(MATERIAL_PAGE) == [
        '__md_scope=new URL(".",location)',
        'document.body.dataset.said = "héllo ✓"',
    ]


def test_every_page_gets_one_policy_first_in_its_head_naming_every_inline_script(site):
    written = csp.apply(site)
    expected = {
        independent_hash('__md_scope=new URL(".",location)'),
        independent_hash('document.body.dataset.said = "héllo ✓"'),
        independent_hash("window.PlotlyConfig = {MathJaxConfig: 'local'};"),
    }
    sources = written.split("script-src ")[1].split(";")[0].split()
    assert sources[:2] == ["'self'", "'wasm-unsafe-eval'"] and set(sources[2:]) == expected
    assert "'unsafe-inline'" not in sources and "'unsafe-eval'" not in sources
    for page in (site / "index.html", site / "artifacts" / "figures" / "f1.html"):
        text = page.read_text(encoding="utf-8")
        assert text.count('http-equiv="Content-Security-Policy"') == 1
        tag = text.index('http-equiv="Content-Security-Policy"')
        assert text.index("charset") < tag < text.index("<title>") < text.index("<script")
        assert written in text
    csp.apply(site)  # a second pass (a rebuild into the same folder) replaces the policy
    assert (site / "index.html").read_text().count("Content-Security-Policy") == 1


def test_a_changed_inline_script_stops_the_build_with_one_line_naming_the_page(site):
    csp.apply(site)
    page = site / "artifacts" / "figures" / "f1.html"
    page.write_text(page.read_text().replace("MathJaxConfig: 'local'", "MathJaxConfig: 'cdn'"))
    with pytest.raises(csp.PolicyError) as stopped:
        csp.verify(site)
    message = str(stopped.value)
    assert "\n" not in message and message.startswith("artifacts/figures/f1.html ")
    assert independent_hash("window.PlotlyConfig = {MathJaxConfig: 'cdn'};") in message


def test_a_page_without_a_policy_stops_the_build_with_one_line_naming_it(site):
    csp.apply(site)
    (site / "try").mkdir()
    (site / "try" / "index.html").write_text(MATERIAL_PAGE)
    with pytest.raises(csp.PolicyError) as stopped:
        csp.verify(site)
    assert str(stopped.value) == "try/index.html has no Content-Security-Policy before its first script"


def test_a_policy_after_a_script_does_not_count(site):
    csp.apply(site)
    page = site / "index.html"
    page.write_text(page.read_text().replace("<head>", "<head><script src=early.js></script>", 1))
    with pytest.raises(csp.PolicyError, match=r"^index\.html has no Content-Security-Policy"):
        csp.verify(site)
