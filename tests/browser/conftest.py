"""Real headless Chromium against local static servers.

Fixtures:
- `serve(folder)`: base URL of a new static server for that folder;
- `widget_root`: a server where /assets/ is site_assets/, /artifacts/ is docs/artifacts/ and
  /pages/ is tests/browser/pages/ (the widgets' plain test pages);
- `widget_host`: a server laid out as the built site's assets/ and artifacts/ (the widgets, the
  libraries they load, the data), without building it;
- `built_site`: the site built once per test run by `mkdocs build --strict` (in
  `built_site_folder`, tests/conftest.py) and served;
- `browse`: a new page, in a context emptied since the last test (KeptContext), that records
  console errors, every request and every breach of the pages' Content-Security-Policy, and fails
  the test at teardown if there was an error, a request to any host but the local servers, or a
  breach.
"""

import functools
import http.server
import importlib.util
import json
import os
import re
import shutil
import sys
import threading
from pathlib import Path
from urllib.parse import urlparse, urlsplit

import pytest
from filelock import FileLock

from tests.conftest import ROOT, run_folder, shared_site_build

OUTPUT = ROOT / "test-output"
# Debian's chromium-headless-shell, with V8's compilers as readers have them: the same Blink and
# V8 as its chromium, without the desktop browser's window and profile code (Playwright's own
# default for headless runs). test_story.py, test_site.py, test_permalinks.py, test_widgets_data.py,
# test_story_guess.py and test_story_switches.py on two workers, the settings taking turns: 115 s
# and 119 s in it; in /usr/bin/chromium 124 s and 126 s with WebAssembly's baseline compiler only
# (the suite's setting before: the 48 removals of which-heads ran twice as long so), 132 s with
# both compilers. The PDF and the stills are made with /usr/bin/chromium, as the author makes them.
CHROMIUM = Path("/usr/bin/chromium-headless-shell")
LOCAL_HOST = "127.0.0.1"
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

try:  # Playwright drives Chromium only: test_engines.py runs without it
    from playwright import sync_api as playwright_api
except ModuleNotFoundError:
    playwright_api = None

_spec = importlib.util.spec_from_file_location("system_packages", ROOT / "scripts" / "system_packages.py")
system_packages = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(system_packages)
# the PyPI packages (the dev extras) each tier drives its browsers with
BROWSER_MODULES = {"browser": ["playwright"], "engines": ["marionette_driver", "selenium"]}


def missing_for(need):
    """One line naming what the `need` tier lacks and how to install it, or None."""
    line = system_packages.missing_line(need)
    if line:
        return line
    modules = [m for m in BROWSER_MODULES[need] if importlib.util.find_spec(m) is None]
    if modules:
        return f"error: PyPI {', '.join(modules)} not installed in this environment: run `make setup`"
    return None


@pytest.hookimpl(trylast=True)  # after -m and -k have deselected what will not run
def pytest_collection_modifyitems(config, items):
    """A browser test never skips for want of its browser: if the tests selected need a browser
    this machine lacks, the session stops before the first test with the line that installs it
    (`make test-fast`, which deselects them, runs without any browser)."""
    uses = {  # Chromium for the browser tier; Firefox, WebKit and Xvfb for its engines tests only
        "browser": lambda item: item.get_closest_marker("browser") and not item.get_closest_marker("engines"),
        "engines": lambda item: item.get_closest_marker("engines"),
    }
    for need, uses_it in uses.items():
        if any(uses_it(item) for item in items):
            line = missing_for(need)
            if line:
                raise pytest.UsageError(line.removeprefix("error: "))


# What a reader cannot see, for every test that compares positions, sizes, scroll offsets or
# colours. Layout rounds fractional CSS pixels to whole ones, and another machine (its CPU, its
# fonts) may round the other way: a chart whose top moved by a pixel has not moved for a reader.
INVISIBLE_SHIFT_PX = 3
# two colours whose red, green, blue and alpha (0-255 each) all lie this close look the same
INVISIBLE_COLOUR_STEP = 2
# How long a wait for a state (a widget ready, a chart drawn) may take before the test gives up: a
# ceiling for a 2-core machine running a second suite beside this one, never a verdict on speed
# (a state that comes at all comes long before it).
WAIT_CEILING_MS = 120_000
if playwright_api is not None:
    playwright_api.expect.set_options(timeout=WAIT_CEILING_MS)

# Resolves once the browser has drawn a frame at the current scroll position and begun the next:
# intersection observers (a widget's `whenVisible`) look once per frame, so each has seen this
# position, whatever is scrolled next.
NEXT_FRAME = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done())))"
# The margin within which a widget counts as near the screen and loads its data (whenVisible in
# site_assets/common/load.js)
NEAR_MARGIN = "300px 0px"
# Resolves, once an IntersectionObserver has looked, with whether the element lies within
# NEAR_MARGIN of the screen: what the widget's own observer, with the same margin, is told too.
IS_NEAR = """(el, margin) => new Promise(done => {
  const observer = new IntersectionObserver(([entry]) => { observer.disconnect(); done(entry.isIntersecting); },
                                            { rootMargin: margin });
  observer.observe(el);
})"""


def is_near_the_screen(locator):
    return locator.evaluate(IS_NEAR, NEAR_MARGIN)


def colour_channels(colour):
    """A CSS colour (#rgb, #rrggbb, rgb(), rgba()) or a canvas pixel ("r,g,b,a"), as red, green,
    blue and alpha, each 0-255."""
    text = colour.strip()
    if text.startswith("#"):
        digits = text[1:] if len(text) > 5 else "".join(d * 2 for d in text[1:])
        channels = [int(digits[i : i + 2], 16) for i in range(0, len(digits), 2)]
    else:
        channels = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", text)]
        if text.startswith("rgba") and len(channels) == 4:
            channels[3] *= 255
    if len(channels) not in (3, 4):
        raise ValueError(f"not a colour: {colour!r}")
    return channels + [255] * (4 - len(channels))


def same_colour(a, b):
    """Whether a reader would see the two colours as one (INVISIBLE_COLOUR_STEP)."""
    return all(abs(x - y) <= INVISIBLE_COLOUR_STEP for x, y in zip(colour_channels(a), colour_channels(b)))


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    # each test's fresh context must fetch what it uses; a host that serves one long browser
    # session may let it cache, as a static host does
    cache_control = "no-store"

    def log_message(self, *args):
        pass

    def send_whole(self, body, content_type, status=200):
        """Answers with `body` whole (a HEAD request with its headers only)."""
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def end_headers(self):
        self.send_header("Cache-Control", self.cache_control)
        # as static hosts such as GitHub Pages do: a page elsewhere may load the widgets and data
        self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()


class _QuietServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        # a browser leaving a page drops the downloads it no longer needs: a broken pipe here, not a fault
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def start_server(handler):
    """A local server on a free port answering with `handler`, in a thread of its own."""
    server = _QuietServer((LOCAL_HOST, 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def serve_files(folder, handler=_QuietHandler):
    return start_server(functools.partial(handler, directory=str(folder)))


@pytest.fixture(scope="session")
def serve():
    servers = []

    def serve_folder(folder):
        server = serve_files(folder)
        servers.append(server)
        return f"http://{LOCAL_HOST}:{server.server_port}/"

    yield serve_folder
    for server in servers:
        server.shutdown()


@pytest.fixture(scope="session")
def widget_root(serve, tmp_path_factory):
    root = tmp_path_factory.mktemp("widget-root")
    (root / "assets").symlink_to(ROOT / "site_assets")
    (root / "artifacts").symlink_to(ROOT / "docs" / "artifacts")
    (root / "pages").symlink_to(ROOT / "tests" / "browser" / "pages")
    return serve(root)


@pytest.fixture(scope="session")
def widget_host_folder(tmp_path_factory):
    """The two folders a page elsewhere loads the widgets from, laid out as the built site has
    them and without building it: /assets/sprout/ is site_assets/, /assets/vendor/ the runtime,
    the tokenizer library, TensorFlow.js and Plotly (as the build copies them), /artifacts/ is
    docs/artifacts/."""
    from build_site import hooks, tfjs

    root = tmp_path_factory.mktemp("widget-host")
    vendor = root / "assets" / "vendor"
    vendor.mkdir(parents=True)
    (root / "assets" / "sprout").symlink_to(ROOT / "site_assets")
    hooks.copy_runtime(vendor)
    tfjs.copy_tfjs(vendor)
    (vendor / "plotly-cartesian.min.js").write_text(hooks.local_plotly_js(hooks.PLOTLY_CARTESIAN), encoding="utf-8")
    (root / "artifacts").symlink_to(ROOT / "docs" / "artifacts")
    return root


@pytest.fixture(scope="session")
def widget_host(serve, widget_host_folder):
    """Base URL of widget_host_folder, served with `Access-Control-Allow-Origin: *`."""
    return serve(widget_host_folder)


@pytest.fixture(scope="session")
def built_site(serve, built_site_folder):
    """Base URL of the built site."""
    return serve(built_site_folder)


# a host that publishes the site under a sub-path, as GitHub Pages does a project site
SITE_URL = "https://example.org/book/sprout/"
PREFIX = urlsplit(SITE_URL).path


@pytest.fixture(scope="session")
def hosted_site_folder(tmp_path_factory):
    """The whole site built for SITE_URL, as a host under a sub-path publishes it, once per test run."""
    return shared_site_build(tmp_path_factory, "hosted-site", SPROUT_SITE_URL=SITE_URL)


class StaticHost(_QuietHandler):
    """The site under PREFIX only; a missing file anywhere gets the site's 404.html with status
    404, as GitHub Pages answers for a project site."""

    def translate_path(self, path):
        where = urlsplit(path).path
        if where + "/" == PREFIX:  # the folder without its slash: redirected, as for any folder
            return self.directory
        if not where.startswith(PREFIX):
            return os.path.join(self.directory, "no such file outside the site")
        return super().translate_path("/" + path[len(PREFIX) :])

    def end_headers(self):
        # lets the link checker ask faster than its default 10 requests a second (it lowers
        # that cap for any server without this header)
        self.send_header("LinkChecker", "local test host")
        super().end_headers()

    def send_error(self, code, message=None, explain=None):
        if code != 404:
            return super().send_error(code, message, explain)
        self.send_whole((Path(self.directory) / "404.html").read_bytes(), "text/html; charset=utf-8", 404)


@pytest.fixture(scope="session")
def hosted_site(hosted_site_folder):
    """The address of the site's root on a local static host: http://127.0.0.1:PORT/book/sprout/."""
    server = serve_files(hosted_site_folder, StaticHost)
    yield f"http://{LOCAL_HOST}:{server.server_port}{PREFIX}"
    server.shutdown()


def watch_failures(page):
    """Every request of the page that failed or was answered with an error status, as it comes."""
    failed = []
    page.on("requestfailed", lambda r: failed.append(f"{r.url}: {r.failure}"))
    page.on("response", lambda r: r.status >= 400 and failed.append(f"{r.url}: {r.status}"))
    return failed


@pytest.fixture(scope="session")
def playwright_driver():
    line = missing_for("browser")  # a test without the browser mark asked for it
    if line:
        pytest.fail(line)
    with playwright_api.sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def chromium(playwright_driver):
    """The suite's Chromium (CHROMIUM), with V8's compilers as a reader's browser has them."""
    browser = playwright_driver.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS)
    yield browser
    browser.close()


# every document of a context keeps the breaches of its Content-Security-Policy (build_site/csp.py);
# the event is composed, so a breach inside a shadow root reaches the document too
WATCH_CSP = """window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations.push(
  `${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`));"""


def watch_csp(context):
    context.add_init_script(WATCH_CSP)


def csp_violations(pages):
    """The breaches the open pages recorded (a page navigated away from logged each as a console
    error: Chromium does)."""
    found = []
    for page in pages:
        if page.is_closed():
            continue
        try:
            found += page.evaluate("() => window.__cspViolations || []")
        except playwright_api.Error:  # a crashed page, or one between two documents
            pass
    return found


class Browsing:
    """One new page, with what it logged and asked for."""

    def __init__(self, context):
        self.context = context
        self.page = context.new_page()
        self.errors = []
        self.expected = []  # see expect_errors
        self.requests = []
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(f"console: {m.text}"))
        self.page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))
        self.page.on("request", lambda r: self.requests.append(r.url))

    def goto(self, url, **kwargs):
        return self.page.goto(url, **kwargs)

    def expect_errors(self, text):
        """The test provokes errors whose text holds `text` (a request it makes fail, a breach it
        makes): the browser logs them at a moment of its own, maybe after the test's last step,
        so they are left out at teardown whenever they come. Any other error still fails."""
        self.expected.append(text)

    def unexpected_errors(self):
        return [e for e in self.errors if not any(text in e for text in self.expected)]

    def outside_requests(self):
        return [
            u
            for u in self.requests
            if urlparse(u).scheme not in ("data", "blob", "about") and urlparse(u).hostname != LOCAL_HOST
        ]


class _AnchorHandler(_QuietHandler):
    def do_GET(self):
        self.send_whole(b"<!doctype html><title>Kept open between tests</title>", "text/html; charset=utf-8")


# what a test's pages may leave in a context's storage (Chrome DevTools Protocol names)
STORAGE_TYPES = "cookies,local_storage,indexeddb,cache_storage,service_workers"


class KeptContext:
    """A browser context that serves one test after another, each on new pages, and is emptied
    between them. A page that opens a site no open page of its context shows costs Chromium a new
    renderer process, about 0.8 CPU-seconds on an AMD EPYC Zen 4 (2 cores); every local server is
    one site (127.0.0.1), so a blank page from a server of its own, kept open, lets each test's
    pages share its process. Between tests the test's pages are closed and every origin they
    reached has its storage cleared (local storage, IndexedDB, cookies, Cache Storage, where the
    story block keeps its model). A test's other settings (routes, init scripts, viewport, media)
    belong to its pages, so tests set them on `browse.page`, never on `browse.context`
    (tests/unit/test_browser_fixtures.py checks)."""

    def __init__(self, browser, options, anchor_url):
        self.context = browser.new_context(**options)
        self.context.set_default_timeout(WAIT_CEILING_MS)
        watch_csp(self.context)
        self.anchor = self.context.new_page()
        self.anchor.goto(anchor_url)
        self.origins = set()
        self.context.on("request", self._note_origin)

    def _note_origin(self, request):
        parts = urlsplit(request.url)
        if parts.scheme in ("http", "https"):
            self.origins.add(f"{parts.scheme}://{parts.netloc}")

    def test_pages(self):
        return [page for page in self.context.pages if page != self.anchor and not page.is_closed()]

    def empty(self):
        """Closes the test's pages and clears every origin they reached; whether the context is
        as new."""
        try:
            for page in self.test_pages():
                page.close()
            cdp = self.context.new_cdp_session(self.anchor)
            for origin in sorted(self.origins):
                cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": STORAGE_TYPES})
                if cdp.send("Storage.getUsageAndQuota", {"origin": origin})["usage"]:
                    return False
            cdp.detach()
        except playwright_api.Error:  # a crashed renderer: the next test gets a new context
            return False
        self.origins.clear()
        return self.context.pages == [self.anchor]

    def close(self):
        try:
            self.context.close()
        except playwright_api.Error:
            pass


class KeptContexts:
    """A KeptContext for each browser and set of context options, made when first asked for."""

    def __init__(self):
        self.anchor_server = start_server(_AnchorHandler)
        self.contexts = {}

    def get(self, browser, options):
        key = (browser, json.dumps(options, sort_keys=True))
        if key not in self.contexts:
            anchor_url = f"http://{LOCAL_HOST}:{self.anchor_server.server_port}/"
            self.contexts[key] = KeptContext(browser, options, anchor_url)
        return self.contexts[key]

    def discard(self, kept):
        self.contexts = {key: value for key, value in self.contexts.items() if value is not kept}
        kept.close()

    def close(self):
        for kept in self.contexts.values():
            kept.close()
        self.anchor_server.shutdown()


@pytest.fixture(scope="session")
def kept_contexts():
    contexts = KeptContexts()
    yield contexts
    contexts.close()


@pytest.fixture
def browse(chromium, request, kept_contexts):
    options = getattr(request, "param", (1280, 900))  # (width, height), or new_context's options
    if isinstance(options, tuple):
        options = {"viewport": {"width": options[0], "height": options[1]}}
    kept = kept_contexts.get(chromium, options)
    browsing = Browsing(kept.context)
    yield browsing
    violations = csp_violations(kept.test_pages())
    if not kept.empty():
        kept_contexts.discard(kept)
    assert browsing.unexpected_errors() == [], "the page logged errors"
    assert browsing.outside_requests() == [], "the page asked a host other than the local server"
    assert violations == [], "the page broke its Content-Security-Policy"


@pytest.fixture(scope="session")
def screenshots(tmp_path_factory):
    """test-output/screenshots/, emptied once per test run: by the first pytest-xdist worker to ask
    for it, so that no worker clears another's pictures."""
    folder = OUTPUT / "screenshots"
    shared = run_folder(tmp_path_factory)
    with FileLock(shared / "screenshots.lock"):
        if not (shared / "screenshots-emptied").exists():
            shutil.rmtree(folder, ignore_errors=True)
            (shared / "screenshots-emptied").touch()
    folder.mkdir(parents=True, exist_ok=True)
    return folder
