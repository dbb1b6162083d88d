"""The PDF's live-figure links name the address the site is published at: --site-url, else
$SPROUT_SITE_URL (which mkdocs.yml reads as site_url too), else the address the built site was
made for, read from its chapter's canonical link (build_site/pdf.py)."""

import pytest

from build_site.pdf import UNKNOWN_SITE, site_address

BUILT_FOR = '<head><link rel="canonical" href="https://example.org/book/sprout/"></head>'


@pytest.mark.parametrize(
    "given, environment, page, address",
    [
        ("https://a.example/x", "https://b.example/", BUILT_FOR, "https://a.example/x/"),
        (None, "https://b.example/y", BUILT_FOR, "https://b.example/y/"),
        (None, None, BUILT_FOR, "https://example.org/book/sprout/"),
        (None, None, "<head></head>", UNKNOWN_SITE),
    ],
)
def test_the_address_comes_from_the_option_the_setting_or_the_built_site(
    tmp_path, monkeypatch, given, environment, page, address
):
    (tmp_path / "index.html").write_text(page)
    if environment:
        monkeypatch.setenv("SPROUT_SITE_URL", environment)
    else:
        monkeypatch.delenv("SPROUT_SITE_URL", raising=False)
    assert site_address(given, tmp_path) == address
