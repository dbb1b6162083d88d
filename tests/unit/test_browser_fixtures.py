"""The browser tests share one context per set of options (KeptContext in tests/browser/conftest.py),
emptied between tests: what a test sets on the context itself would outlive it, so no test does."""

import re

from tests.conftest import ROOT

# settings that belong to a context and that emptying it does not take back
CONTEXT_SETTING = re.compile(
    r"\b(?:browse|page)\.context\.(add_init_script|route|route_from_har|expose_binding|expose_function|set_offline|"
    r"set_extra_http_headers|grant_permissions|set_geolocation|clock|on)\b"
)


def context_settings(source):
    """(line number, setting) for each context setting a test file's source makes on a shared context."""
    return [
        (number, match.group(1))
        for number, line in enumerate(source.splitlines(), 1)
        for match in CONTEXT_SETTING.finditer(line)
    ]


def test_no_browser_test_sets_anything_on_its_shared_context():
    found = {
        path.name: settings
        for path in sorted((ROOT / "tests" / "browser").glob("test_*.py"))
        if (settings := context_settings(path.read_text(encoding="utf-8")))
    }
    assert found == {}, "set these on browse.page: the next test reuses browse.context"


def test_the_check_sees_a_setting_on_the_context_and_not_one_on_the_page():
    source = 'browse.context.add_init_script("x")\nbrowse.page.route("**", f)\npage.context.route("**", f)\n'
    assert context_settings(source) == [(1, "add_init_script"), (3, "route")]
