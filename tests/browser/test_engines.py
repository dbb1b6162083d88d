"""The built site in the other engines readers use: Firefox ESR and WebKit (WebKitGTK's
MiniBrowser). Every page (of the standalone chart pages, one of each kind) loads with no script
error, every widget gets `ready`, a typed story is analysed on the try/ page, a permalink
restores its view and the layer race of grow/ trains.

Neither engine is driven by Playwright here (its own Firefox and WebKit builds cannot be
downloaded): Firefox runs headless with `--marionette` and is driven by PyPI `marionette_driver`;
WebKit is Debian's `webkit2gtk-driver` (WebKitWebDriver) with `selenium`'s WebKitGTK driver,
under a virtual X display (Xvfb). Neither driver gives the page's console, so the test server
puts an error recorder (/__sprout_test_errors.js, an external script, which a Content-Security-
Policy of `script-src 'self'` allows) first in the <head> of every HTML page it serves; it
records error, unhandledrejection and securitypolicyviolation events and console.error calls
into `window.__sproutErrors`. Each engine starts once for this module, and again before a test
if it lost its page (a crash or a hang ends the driver's session: one crash fails one test, not
every test after it); every process it started is killed at teardown.

    pytest -m engines           # both engines (skips, naming the package, where one is missing)
"""

import importlib
import json
import math
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

import pytest
from conftest import LOCAL_HOST, WAIT_CEILING_MS, _QuietHandler, serve_files

from build_site.widget_blocks import NOTEBOOK_ONLY, widget_tags
from tests.conftest import ROOT

pytestmark = [
    pytest.mark.browser,
    pytest.mark.engines,
    # marionette_driver's dependencies (mozinfo, mozrunner) on Python 3.11+
    pytest.mark.filterwarnings("ignore:distro.linux_distribution:DeprecationWarning"),
    pytest.mark.filterwarnings("ignore:'telnetlib' is deprecated:DeprecationWarning"),
    # selenium's own WebKitGTK driver, in selenium 4.51
    pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning"),
]

FIREFOX = Path("/usr/bin/firefox-esr")
WEBKIT_DRIVER = Path("/usr/bin/WebKitWebDriver")
# Debian's libwebkit2gtk-4.1-0 (a dependency of webkit2gtk-driver), in the multiarch folder
MINIBROWSER = next(
    iter(sorted(Path("/usr/lib").glob("*/webkit2gtk-4.1/MiniBrowser"))),
    Path("/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"),
)
XVFB = Path("/usr/bin/Xvfb")
WIDTH, HEIGHT = 1280, 900
TIMEOUT = WAIT_CEILING_MS / 1000  # seconds for a page or a widget
STORY_TIMEOUT = 300  # the first analysis loads onnxruntime-web and the 17 MB model in a worker

ERRORS_PATH = "/__sprout_test_errors.js"
ERRORS_SCRIPT = r"""(function () {
  var errors = window.__sproutErrors = [];
  function text(value) {  // an Error's stack holds its message in V8 only
    try {
      var where = value && value.stack ? String(value.stack).split('\n').filter(function (line) {
        return line.indexOf('@') >= 0 || /^\s*at /.test(line); }).slice(0, 2).join(' | ') : '';
      return String(value) + (where ? ' (at ' + where.trim() + ')' : '');
    } catch (e) { return '(unprintable)'; }
  }
  window.addEventListener('error', function (event) {
    var target = event.target;
    if (target && target !== window && target.nodeType === 1) {  // a script, style or image that failed to load
      errors.push({kind: 'resource', message: 'could not load ' + (target.src || target.href || target.tagName)});
      return;
    }
    errors.push({kind: 'error', message: String(event.message), source: event.filename || '',
                 line: event.lineno || 0});
  }, true);
  window.addEventListener('unhandledrejection', function (event) {
    errors.push({kind: 'unhandledrejection', message: text(event.reason), source: '', line: 0});
  });
  document.addEventListener('securitypolicyviolation', function (event) {
    errors.push({kind: 'securitypolicyviolation', message: event.violatedDirective + ' blocked ' + event.blockedURI,
                 source: event.sourceFile || '', line: event.lineNumber || 0});
  }, true);
  var consoleError = console.error;
  console.error = function () {
    errors.push({kind: 'console.error', message: Array.prototype.map.call(arguments, text).join(' '),
                 source: '', line: 0});
    return consoleError.apply(console, arguments);
  };
})();
"""
RESIZE_LOOP = "ResizeObserver loop completed with undelivered notifications."
# the recorder's own check: a script that fails in each way it must hear
PROBE_PATH = "/__sprout_test_probe.js"
PROBE_SCRIPT = """setTimeout(() => { throw new Error('sprout probe: thrown'); });
Promise.reject(new Error('sprout probe: rejected'));
console.error('sprout probe: console.error');
"""
ERRORS_TAG = f'<script src="{ERRORS_PATH}"></script>'.encode()
HEAD = re.compile(rb"<head\b[^>]*>", re.IGNORECASE)


# ---- the server: the built site, with the error recorder in every page ---------------------


class _RecordingHandler(_QuietHandler):
    # each engine keeps one session for the module: as from GitHub Pages, files may be kept ten
    # minutes, so Plotly and the model runtime are not fetched and compiled anew for every page
    cache_control = "max-age=600"

    def do_GET(self):
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if path in (ERRORS_PATH, PROBE_PATH):
            script = ERRORS_SCRIPT if path == ERRORS_PATH else PROBE_SCRIPT
            return self.send_whole(script.encode(), "text/javascript; charset=utf-8")
        local = Path(self.translate_path(self.path))
        if local.is_dir() and path.endswith("/"):
            local = local / "index.html"
        if local.suffix == ".html" and local.is_file():
            page = local.read_bytes()
            head = HEAD.search(page)
            assert head, f"{local} has no <head>"
            return self.send_whole(page[: head.end()] + ERRORS_TAG + page[head.end() :], "text/html; charset=utf-8")
        return super().do_GET()


@pytest.fixture(scope="module")
def site(built_site_folder):
    """Base URL of the built site, every HTML page with the error recorder first in its <head>."""
    server = serve_files(built_site_folder, _RecordingHandler)
    yield f"http://{LOCAL_HOST}:{server.server_port}/"
    server.shutdown()
    server.server_close()


def site_pages(folder):
    """Every HTML page of the built site, as paths below its root (a folder's index.html as the folder)."""
    pages = []
    for file in sorted(Path(folder).rglob("*.html")):
        path = file.relative_to(folder).as_posix()
        pages.append(path[: -len("index.html")] if file.name == "index.html" else path)
    return pages


def chart_kind(folder, path):
    """The trace types of a standalone chart page's figure (its JSON beside it), as one string."""
    figure = json.loads((Path(folder) / path).with_suffix(".json").read_text(encoding="utf-8"))
    return "+".join(sorted({trace["type"] for trace in figure["data"]}))


def tour_pages(folder):
    """The pages the tour opens: every page of the site but the standalone chart pages, and one of
    those per kind of chart. They are one template around Plotly, and differ in their data and its
    trace types only; test_csp.py opens every one of them in Chromium."""
    pages, kinds = [], set()
    for path in site_pages(folder):
        if path.startswith("artifacts/figures/"):
            kind = chart_kind(folder, path)
            if kind in kinds:
                continue
            kinds.add(kind)
        pages.append(path)
    return pages


def widgets_in(folder, path):
    """The widgets (custom elements `sprout-*`) a page's HTML holds, by tag name."""
    file = Path(folder) / (path + "index.html" if path == "" or path.endswith("/") else path)
    return sorted(set(re.findall(r"<(sprout-[a-z-]+)[\s>]", file.read_text())))


# ---- the engines ---------------------------------------------------------------------------


def _missing(*checks):
    """One line naming what to install, or None when everything is there."""
    for present, what in checks:
        if not present:
            return f"{what} is not installed"
    return None


def _importable(name):
    """Whether the module imports: one found whose own dependencies are missing counts as missing."""
    try:
        importlib.import_module(name)
    except ImportError:
        return False
    return True


def _kill_group(process):
    if process is None or process.poll() is not None:
        return
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=10)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        process.wait(timeout=10)


def _wait(condition, timeout, what):
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"{what} (waited {timeout} s)")
        time.sleep(0.1)


class Firefox:
    """Firefox ESR, headless, in a profile of its own, driven through Marionette."""

    name = "firefox"

    def __init__(self):
        from marionette_driver.marionette import Marionette

        self.profile = Path(tempfile.mkdtemp(prefix="sprout-firefox-"))
        prefs = {
            "marionette.port": 0,  # a free port, written to MarionetteActivePort in the profile
            "browser.shell.checkDefaultBrowser": False,
            "browser.startup.homepage_override.mstone": "ignore",
            "datareporting.policy.dataSubmissionEnabled": False,
            "toolkit.telemetry.reportingpolicy.firstRun": False,
            "app.update.disabledForTesting": True,
            "network.connectivity-service.enabled": False,
            "network.captive-portal-service.enabled": False,
            "browser.safebrowsing.update.enabled": False,
            # Firefox prefetches a page's <link rel="next">, and gives up (an error event on the
            # link) on a response it may not cache (as the other test hosts' no-store)
            "network.prefetch-next": False,
        }
        (self.profile / "user.js").write_text(
            "".join(f"user_pref({json.dumps(k)}, {json.dumps(v)});\n" for k, v in prefs.items())
        )
        self.process = None
        self.client = None
        try:
            self.process = subprocess.Popen(
                [
                    str(FIREFOX),
                    "--headless",
                    "--marionette",
                    "--no-remote",
                    "--profile",
                    str(self.profile),
                    "--width",
                    str(WIDTH),
                    "--height",
                    str(HEIGHT),
                    "about:blank",
                ],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
                env={**os.environ, "MOZ_HEADLESS": "1", "MOZ_CRASHREPORTER_DISABLE": "1"},
            )
            port_file = self.profile / "MarionetteActivePort"

            def port():
                if self.process.poll() is not None:
                    raise RuntimeError(f"firefox-esr exited with {self.process.returncode} while starting")
                return port_file.exists() and port_file.read_text().strip()

            active = int(_wait(port, 60, "Firefox did not open its Marionette port"))
            self.client = Marionette(host=LOCAL_HOST, port=active)
            self.client.start_session()
            self.client.set_window_rect(width=WIDTH, height=HEIGHT)
        except BaseException:
            self.close()
            raise

    def version(self):
        return f"Firefox {self.client.session_capabilities['browserVersion']}"

    def goto(self, url):
        self.client.navigate(url)

    def js(self, script, *args):
        # sandbox=None: the page's own global, where the error recorder keeps its array
        return self.client.execute_script(script, script_args=list(args), sandbox=None)

    def responds(self):
        try:
            return self.js("return 1;") == 1
        except Exception:  # marionette_driver's errors, or the socket to a Firefox that died
            return False

    def close(self):
        try:
            if self.client is not None:
                self.client.delete_session()
        except Exception:
            pass
        _kill_group(self.process)
        shutil.rmtree(self.profile, ignore_errors=True)


class WebKit:
    """WebKitGTK's MiniBrowser under Xvfb, driven by WebKitWebDriver through selenium."""

    name = "webkit"

    def __init__(self):
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        self.xvfb = self.service = self.driver = None
        try:
            # a free display: Xvfb picks the number and writes it to the pipe
            read, write = os.pipe()
            self.xvfb = subprocess.Popen(
                [str(XVFB), "-displayfd", str(write), "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
                pass_fds=[write],
                start_new_session=True,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            os.close(write)
            with os.fdopen(read) as pipe:
                display = pipe.readline().strip()
            if not display:
                raise RuntimeError("Xvfb did not start")
            options = Options()
            options.binary_location = str(MINIBROWSER)
            options.add_argument("--automation")
            env = {**os.environ, "DISPLAY": f":{display}"}
            env.pop("WAYLAND_DISPLAY", None)
            self.service = Service(executable_path=str(WEBKIT_DRIVER), env=env, popen_kw={"start_new_session": True})
            self.driver = webdriver.WebKitGTK(options=options, service=self.service)
            self.driver.set_window_size(WIDTH, HEIGHT)
        except BaseException:
            self.close()
            raise

    def version(self):
        return f"WebKitGTK {self.driver.capabilities.get('browserVersion')}"

    def goto(self, url):
        self.driver.get(url)

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def responds(self):
        from selenium.common.exceptions import WebDriverException

        try:
            return self.js("return 1;") == 1
        except WebDriverException:  # "session deleted because of page crash or hang", among others
            return False

    def close(self):
        try:
            if self.driver is not None:
                self.driver.quit()
        except Exception:
            pass
        process = getattr(self.service, "process", None)
        _kill_group(process)  # WebKitWebDriver and the MiniBrowser it started
        _kill_group(self.xvfb)


ENGINES = {
    "firefox": (
        Firefox,
        lambda: _missing(
            (FIREFOX.exists(), "Debian's firefox-esr (apt-get install -y firefox-esr)"),
            (_importable("marionette_driver.marionette"), "PyPI marionette_driver (pip install marionette_driver)"),
        ),
    ),
    "webkit": (
        WebKit,
        lambda: _missing(
            (WEBKIT_DRIVER.exists(), "Debian's webkit2gtk-driver (apt-get install -y webkit2gtk-driver)"),
            (MINIBROWSER.exists(), f"WebKitGTK's MiniBrowser ({MINIBROWSER}; apt-get install -y libwebkit2gtk-4.1-0)"),
            (XVFB.exists(), "Debian's xvfb (apt-get install -y xvfb)"),
            (_importable("selenium.webdriver.webkitgtk.service"), "PyPI selenium (pip install selenium)"),
        ),
    ),
}


class Relaunching:
    """One engine, started again when it no longer answers: WebKitWebDriver deletes its session
    when the page's process crashes or hangs, and every later command would fail on it."""

    def __init__(self, kind):
        self.kind, self.name = kind, kind.name
        self.browser = kind()
        self.relaunches = 0

    def goto(self, url):
        self.browser.goto(url)

    def js(self, script, *args):
        return self.browser.js(script, *args)

    def relaunch_if_lost(self):
        if self.browser.responds():
            return
        self.browser.close()
        self.browser = self.kind()
        self.relaunches += 1

    def close(self):
        self.browser.close()


@pytest.fixture(scope="module", params=sorted(ENGINES))
def engine(request):
    kind, missing = ENGINES[request.param]
    reason = missing()
    if reason:
        pytest.skip(f"{request.param}: {reason}")
    started = time.monotonic()
    browser = Relaunching(kind)
    version = browser.browser.version()
    yield browser
    browser.close()
    # how long this engine's tests took, from its start to its end (the site's build not included),
    # and how often it had to be started again after losing its page
    out = ROOT / "test-output"
    out.mkdir(exist_ok=True)
    seconds = round(time.monotonic() - started, 1)
    (out / f"engine_{request.param}.json").write_text(
        json.dumps({"engine": request.param, "version": version, "seconds": seconds, "relaunches": browser.relaunches})
        + "\n"
    )


@pytest.fixture(autouse=True)
def a_live_engine(engine):
    """Each test starts with an engine that answers (the test that lost it has failed already)."""
    engine.relaunch_if_lost()


class Page:
    """What the tests need of a page in either engine: opening it, waiting for a state, its errors."""

    def __init__(self, engine, site):
        self.engine, self.site = engine, site

    def open(self, path):
        self.engine.goto("about:blank")  # a hash-only change would not load the page again
        self.engine.goto(self.site + path)
        self.wait(
            "document.readyState === 'complete' && Array.isArray(window.__sproutErrors)",
            f"{path} did not load (or the error recorder did not run)",
        )
        # as test_site.open_page does: the parts far below are laid out at once, not from 5 s on
        # (sprout-parts.js). While parts the browser skipped (content-visibility: auto) get their
        # real height as scrolling brings them near, Firefox reports MkDocs Material's own
        # ResizeObservers (on <main> and <body>) as "ResizeObserver loop completed with undelivered
        # notifications" (none with Material's observers switched off; none in Chromium or WebKit).
        self.js(
            "(() => { document.querySelectorAll('.sprout-part')"
            ".forEach(part => part.classList.add('laid-out')); return true; })()"
        )

    def js(self, expression, *args):
        return self.engine.js(f"return ({expression});", *args)

    def wait(self, expression, what, timeout=TIMEOUT, *args):
        def check():
            value = self.js(expression, *args)
            return value

        try:
            return _wait(check, timeout, what)
        except TimeoutError as error:
            raise AssertionError(f"{self.engine.name}: {error}; script errors: {self.errors()}") from None

    def bring(self, selector, timeout=TIMEOUT):
        """Scrolls the element into view (again on every poll) until it is ready."""
        return self.wait(
            f"""(() => {{ const el = document.querySelector({json.dumps(selector)});
            if (el.hasAttribute('ready')) return true;
            el.scrollIntoView({{block: 'center'}}); return false; }})()""",
            f"{selector} did not get ready",
            timeout,
        )

    def errors(self):
        return [
            f"{e['kind']}: {e['message']}" + (f" ({e['source']}:{e['line']})" if e.get("source") else "")
            for e in self.js("window.__sproutErrors || []")
        ]

    def errors_besides_resize_loops(self):
        """errors() less one notice that is not a script's error. Firefox and WebKit (not always)
        report MkDocs Material's own ResizeObservers (on <main> and <body>) as a loop "completed
        with undelivered notifications" when a part of the page gets its real height inside the
        observers' loop: as a part the browser skipped scrolls near the screen, or a widget grows
        as the tour scrolls to it. The notification is delivered a frame later; no script threw.
        Our own observers act a frame later or change no size (figure/sprout-figure.js,
        sprout-scrollers.js). Any other error still counts."""
        return [e for e in self.errors() if not e.startswith(f"error: {RESIZE_LOOP}")]


@pytest.fixture(scope="module")
def page(engine, site):
    return Page(engine, site)


# each widget's state, read inside the page (WebKit cannot always take element references).
# `ready`: the attribute every widget sets once it has drawn its data; the story block, which
# loads nothing before a reader presses Analyse, is ready once it shows the download's size.
WIDGET_STATES = """(() => [...document.querySelectorAll('*')]
    .filter(el => el.localName.startsWith('sprout-'))
    .map(el => ({tag: el.localName, defined: Boolean(customElements.get(el.localName)),
                 ready: el.localName === 'sprout-story'
                     ? Boolean(el.shadowRoot?.querySelector('.size')?.textContent) : el.hasAttribute('ready'),
                 error: el.hasAttribute('error'),
                 message: el.hasAttribute('error') ? (el.shadowRoot || el).textContent.trim().slice(0, 300) : ''})))()"""
SCROLL_TO = """(() => { const el = [...document.querySelectorAll('*')]
    .filter(el => el.localName.startsWith('sprout-'))[arguments[0]];
    el.scrollIntoView({block: 'center'}); return true; })()"""
STORY_DESCRIBED = """(() => { const story = document.querySelector('sprout-story');
    return story.hasAttribute('error') || Boolean(story.shadowRoot?.querySelector('.size')?.textContent); })()"""


def settle_widgets(page):
    """Scrolls each widget of the page into view in turn and waits until it is ready."""
    states = page.js(WIDGET_STATES)
    for index, state in enumerate(states):
        done = f"(() => {{ const s = {WIDGET_STATES}[{index}]; return s.ready || s.error; }})()"
        try:  # scrolled into view on every poll: nothing else may scroll the page meanwhile
            page.wait(
                f"{done} || {SCROLL_TO.replace('arguments[0]', str(index))} && false",
                f"{state['tag']} (widget {index + 1} of the page) did not get `ready`",
            )
        except AssertionError:
            pass  # reported by the tests, with every other widget's state
    return page.js(WIDGET_STATES)


@pytest.fixture(scope="module")
def tour(page, built_site_folder):
    """Every page of tour_pages, opened in this engine with each widget scrolled into view: per
    page, its script errors and the states of its widgets."""
    visited = {}
    for path in tour_pages(built_site_folder):
        page.open(path)
        problems, states = [], []
        try:
            if path.startswith("artifacts/figures/"):  # a chart's standalone page: Plotly, then its data
                page.wait(
                    "document.querySelector('.plotly .main-svg') && document.body.hasAttribute('data-ready')",
                    "the chart or its data did not appear",
                )
            else:
                # the widgets are defined as settle_widgets brings each near the screen
                # (sprout-widgets.js imports a kind's module once one of its elements comes near)
                page.wait("document.body.dataset.mdColorScheme !== undefined", "MkDocs Material did not start")
        except AssertionError as failed:
            problems.append(str(failed).split("; script errors:")[0])
        if not path.startswith("artifacts/figures/"):
            states = settle_widgets(page)
        visited[path] = {"errors": page.errors_besides_resize_loops(), "widgets": states, "problems": problems}
    return visited


# ---- a. every page loads with no script error ------------------------------------------------


def test_the_error_recorder_hears_a_failing_script_in_this_engine(page):
    page.open("404.html")
    assert page.errors() == []
    page.js(f"""(() => {{ const script = document.createElement('script');
        script.src = '{PROBE_PATH}'; document.head.append(script);
        const missing = document.createElement('script');
        missing.src = '/no-such-script.js'; document.head.append(missing); return true; }})()""")
    page.wait("window.__sproutErrors.length >= 4", "the recorder did not hear the probe")
    heard = " / ".join(page.errors())
    for what in (
        "sprout probe: thrown",
        "sprout probe: rejected",
        "sprout probe: console.error",
        "could not load http://127.0.0.1",
    ):
        assert what in heard, heard


def test_every_page_and_each_kind_of_chart_page_loads_with_no_script_error(tour, built_site_folder):
    pages = site_pages(built_site_folder)
    charts = [p for p in pages if p.startswith("artifacts/figures/")]
    assert "" in pages and "try/" in pages
    assert set(pages) - set(tour) <= set(charts)  # only chart pages of a kind already toured are left
    toured_kinds = {chart_kind(built_site_folder, p) for p in tour if p in charts}
    assert toured_kinds == {chart_kind(built_site_folder, p) for p in charts} >= {"bar", "heatmap", "scatter"}
    assert {path: seen["errors"] for path, seen in tour.items() if seen["errors"]} == {}


# ---- b. every widget gets ready ----------------------------------------------------------------


def test_every_widget_on_every_page_gets_ready(tour, built_site_folder):
    chapter = {state["tag"] for state in tour[""]["widgets"]}
    assert set(widget_tags()) - set(NOTEBOOK_ONLY) <= chapter  # the chapter holds every kind of page widget
    not_ready = {}
    for path, seen in tour.items():
        if not path.startswith("artifacts/"):
            assert {s["tag"] for s in seen["widgets"]} == set(widgets_in(built_site_folder, path)), path
        bad = seen["problems"] + [
            f"{s['tag']}: "
            + ("not defined" if not s["defined"] else f"error: {s['message']}" if s["error"] else "not ready")
            for s in seen["widgets"]
            if not s["defined"] or not s["ready"] or s["error"]
        ]
        if bad:
            not_ready[path] = bad
    assert not_ready == {}


def test_a_chart_goes_live_with_plotly(page):
    page.open("")
    # widgets are defined as they come near the screen: bring the first chart there first
    page.js("""(() => { const figure = document.querySelector('sprout-figure[stills]');
        figure.scrollIntoView({block: 'center'}); return true; })()""")
    page.wait("customElements.get('sprout-figure')", "sprout-figure was not defined")
    page.wait(
        "document.querySelector('sprout-figure[stills] img.sprout-figure-still')",
        "the first chart did not show its still",
    )
    page.js(
        "(() => { document.querySelector('sprout-figure[stills] img.sprout-figure-still').click(); return true; })()"
    )
    page.wait(
        "(() => { const f = document.querySelector('sprout-figure[stills]');"
        " return f.hasAttribute('interactive') && f.querySelector('.plotly .main-svg'); })()",
        "the chart did not go live",
        60,
    )
    # the live chart is taller than its still: Material's observers may report the resize loop
    assert page.errors_besides_resize_loops() == []


# ---- c. a typed story is analysed -----------------------------------------------------------

STORY = "Once upon a time, a dragon named Zorbin Plax lived in a cave. One day the dragon said: my name is Zorbin Plax."
TYPE_AND_ANALYSE = """(() => {
  const root = document.querySelector('sprout-story').shadowRoot;
  const text = root.querySelector('textarea');
  text.focus();
  text.value = arguments[0];
  text.dispatchEvent(new Event('input', {bubbles: true}));
  root.querySelector('button.analyse').click();
  return true;
})()"""
STORY_DONE = """(() => { const story = document.querySelector('sprout-story');
    return story.hasAttribute('analysed') || story.hasAttribute('error'); })()"""
STORY_RESULT = """(() => {
  const story = document.querySelector('sprout-story');
  const root = story.shadowRoot;
  return {analysed: story.hasAttribute('analysed'), error: root.querySelector('.story-error').textContent,
          status: root.querySelector('.status').textContent, T: story.result ? story.result.T : 0,
          tokens: story.result ? story.result.tokens : [],
          shownTokens: root.querySelector('sprout-explorer').shadowRoot.querySelectorAll('.tok').length,
          heads: root.querySelector('sprout-heads').shadowRoot.querySelectorAll('.cell canvas').length,
          predictions: root.querySelectorAll('.predictions-list li').length};
})()"""


def test_a_typed_story_is_analysed_on_the_try_page(page):
    model = json.loads((ROOT / "docs" / "artifacts" / "browser" / "model.json").read_text())
    page.open("try/")
    page.wait("customElements.get('sprout-story')", "sprout-story was not defined")
    page.wait(STORY_DESCRIBED, "the story block did not show its download size")
    started = time.monotonic()
    page.js(TYPE_AND_ANALYSE, STORY)
    page.wait(STORY_DONE, "the story was not analysed", STORY_TIMEOUT)
    seconds = time.monotonic() - started
    got = page.js(STORY_RESULT)
    assert got["analysed"] and not got["error"], got["error"]
    assert got["tokens"][0] == "◆" and "".join(got["tokens"][1:]) == STORY
    assert got["shownTokens"] == got["T"] and got["heads"] == model["layers"] * model["heads"]
    assert got["predictions"] == 5 and "analysed in" in got["status"], (got["status"], seconds)
    # which heads made the last guess: the direct effects at once, the removals on request, as
    # onnxruntime computes them from the same file in Python
    page.js(MEASURE_REMOVALS)
    page.wait(REMOVALS_SHOWN, "the removals of the last guess were not shown", STORY_TIMEOUT)
    shown = page.js(GUESS_READINGS)
    ids = page.js("document.querySelector('sprout-story').result.ids")
    direct, removal = file_readings(ids, len(ids) - 1)
    assert shown["token"] == len(ids) - 1
    assert max(abs(a - b) for a, b in zip(shown["direct"], direct)) < 1e-3
    assert max(abs(a - b) for a, b in zip(shown["removal"], removal)) < 1e-3
    assert page.errors() == []


MEASURE_REMOVALS = """(() => { document.querySelector('sprout-story').shadowRoot
    .querySelector('button.which-measure').click(); return true; })()"""
REMOVALS_SHOWN = "Boolean(document.querySelector('sprout-story').which.removal)"
GUESS_READINGS = """(() => { const which = document.querySelector('sprout-story').which;
  return {token: which.guess.token, direct: Array.from(which.guess.direct), removal: Array.from(which.removal)}; })()"""


def file_readings(ids, token):
    """Each head's direct effect on the guess of ids[token] and its removal cost, in nats, as
    onnxruntime computes them from the published file (flat, layers x heads)."""
    import numpy as np

    from sprout import export

    session = export.session(ROOT / "docs" / "artifacts" / "browser" / "sprout.onnx")
    prefix = ids[: token + 1]
    direct = export.run_onnx_direct(session, prefix)[:, :, token - 1]
    layers, heads = direct.shape

    def logprob(on):
        row = export.run_onnx(session, prefix, on)[0][token - 1].astype(np.float64)
        return row[ids[token]] - row.max() - np.log(np.exp(row - row.max()).sum())

    intact, removal = logprob(None), []
    for i in range(layers * heads):
        on = export.all_on(layers, heads)
        on[divmod(i, heads)] = 0
        removal.append(intact - logprob(on))
    return direct.flatten().tolist(), removal


# ---- d. a permalink restores its view ---------------------------------------------------------

RESTORED = """(() => {
  const plane = document.querySelector('sprout-plane');
  const query = plane.shadowRoot.querySelector('.point[data-point="query"]');
  const heads = document.querySelector('sprout-heads:not([source=page])').shadowRoot;
  return {
    window: Number(document.querySelector('sprout-window').shadowRoot.querySelector('input[type=range]').value),
    plane: [Number(query.dataset.x), Number(query.dataset.y), Number(plane.dataset.sharpness)],
    heads: heads.querySelector('.detail-title')?.textContent || '',
    headsShown: !heads.querySelector('.detail').hidden,
  };
})()"""
ALL_READY = """['sprout-window', 'sprout-plane', 'sprout-heads:not([source=page])']
    .every(s => document.querySelector(s)?.hasAttribute('ready'))"""


def test_a_permalink_restores_the_chapters_view(page):
    mia = json.loads((ROOT / "docs" / "artifacts" / "examples" / "mia_doll.json").read_text())
    cursor = mia["marks"]["recall"]["end"] - 3  # not where the widget opens by itself
    page.open(f"#window={cursor}&plane=-1.25/0.5/2.5&heads=zorbin/4/1")
    for selector in ("sprout-window", "sprout-plane", "sprout-heads:not([source=page])", "sprout-mask"):
        # the link scrolls to each widget it names in turn, and keeps the last in view for a few
        # seconds: a reader scrolls to the others, as this does on every poll until each is ready
        page.bring(selector)
    page.wait(ALL_READY, "the linked widgets did not get ready")
    shown = page.js(RESTORED)
    assert shown["window"] == cursor
    assert shown["plane"] == [-1.25, 0.5, 2.5]
    assert shown["heads"] == "Layer 4, head 1" and shown["headsShown"]
    # and a change is written back into the link: W4's causal button
    page.js("""(() => { document.querySelector('sprout-mask').shadowRoot
        .querySelector('button[data-action=causal]').click(); return true; })()""")
    link = page.wait(
        "decodeURIComponent(location.hash).includes('mask=') && location.hash",
        "the mask's state was not written into the link",
    )
    assert f"window={cursor}" in link and "plane=" in link
    # the link scrolls each widget into view from a ResizeObserver on <body> while the page above
    # settles (common/url-state.js), before sprout-parts.js has laid out the parts the browser
    # skipped; the view is what the link says (checked above)
    assert page.errors_besides_resize_loops() == []


# ---- e. the layer race trains --------------------------------------------------------------

GROW = "document.querySelector('sprout-grow')"
GROW_STATE = f"""(() => {{ const grow = {GROW}; const curves = [...grow.shadowRoot.querySelectorAll('path.curve')];
    return {{state: grow.dataset.state, step: Number(grow.dataset.step || 0),
             message: grow.shadowRoot.querySelector('.message')?.textContent.trim() || '',
             curves: curves.map(c => ({{layers: c.dataset.layers, points: Number(c.dataset.points),
                                       loss: c.dataset.loss === '' ? null : Number(c.dataset.loss)}}))}}; }})()"""
GROW_TIMEOUT = 240  # the library's first load, then a few hundred steps on a busy 2-core machine


def test_the_layer_race_trains_both_toys_in_this_engine(page):
    """The grow/ page's race, started as a reader starts it: TensorFlow.js loads in the page's
    worker and both toys train here too, their losses evaluated and finite, until the evaluation
    after 200 steps (where a working run has left its first guesses behind)."""
    spec = json.loads((ROOT / "docs" / "artifacts" / "layer_race.json").read_text())["spec"]
    enough = 4 * spec["eval_every"]
    page.open("grow/#grow=0/1-2")
    page.bring("sprout-grow")
    started = time.monotonic()
    page.js(f"(() => {{ {GROW}.shadowRoot.querySelector('button[data-action=start]').click(); return true; }})()")
    page.wait(
        f"(() => {{ const s = {GROW_STATE}; return s.step >= {enough} && s.curves.every(c => c.points >= 4)"
        " || ['finished', 'diverged', 'failed', 'unsupported'].includes(s.state); })()",
        f"the race did not reach step {enough}",
        GROW_TIMEOUT,
    )
    race = page.js(GROW_STATE)
    seconds = time.monotonic() - started
    out = ROOT / "test-output"
    out.mkdir(exist_ok=True)
    # what this engine trained and how fast, the library's first load included (not a verdict)
    (out / f"engine_{page.engine.name}_grow.json").write_text(json.dumps({**race, "seconds": round(seconds, 1)}) + "\n")
    page.js(f"(() => {{ {GROW}.shadowRoot.querySelector('button[data-action=pause]').click(); return true; }})()")
    assert race["state"] in ("running", "finished"), race
    assert [c["layers"] for c in race["curves"]] == ["1", "2"], race
    chance = math.log(spec["vocab"])
    for curve in race["curves"]:
        assert curve["loss"] is not None and math.isfinite(curve["loss"]), race
        assert 0 < curve["loss"] < chance + 0.5, race
    assert page.errors_besides_resize_loops() == []


# ---- f. Sprout writes the chapter's Zorbin story ---------------------------------------------

WRITE_DONE = """(() => { const story = document.querySelector('sprout-story');
    return Boolean(story && (story.hasAttribute('written') || story.hasAttribute('error'))); })()"""
WRITTEN_WORDS = """(() => { const story = document.querySelector('sprout-story');
  const root = story.shadowRoot;
  return {written: [...root.querySelectorAll('[data-written]')].map(s => s.textContent).join(''),
          status: root.querySelector('.write-status').textContent,
          error: root.querySelector('.story-error').textContent}; })()"""


def test_the_chapters_zorbin_story_is_written_as_python_writes_it(page):
    """The same words as Chromium and Python's sampler on the same int8 file (the build's
    writing.json holds Python's; tests/browser/test_story_writing.py holds Chromium to it, with
    every head on and with the induction heads off). Here with every head on: the heads-off runs
    of this engine are held to Python's by the typed story's removals above."""
    published = json.loads((ROOT / "docs" / "artifacts" / "writing.json").read_text())
    page.open("try/#write=chapter/all")
    page.wait(WRITE_DONE, "the chapter's story was not written", STORY_TIMEOUT)
    got = page.js(WRITTEN_WORDS)
    assert not got["error"], got["error"]
    assert got["written"] == published["seed0"]["on"], got["status"]
    assert "Zorbin" in got["written"]
    assert page.errors_besides_resize_loops() == []


# ---- g. an engine that lost its page is started again -------------------------------------------


def _descendants(root):
    """The processes below `root`, from /proc."""
    children = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parent = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):  # a process that ended meanwhile
            continue
        children.setdefault(parent, []).append(int(stat.parent.name))
    found, todo = [], [root]
    while todo:
        below = children.get(todo.pop(), [])
        found += below
        todo += below
    return found


def _program(pid):
    """The file name of the program a process runs (/proc's `comm` is cut at 15 characters)."""
    try:
        return Path((Path("/proc") / str(pid) / "cmdline").read_bytes().split(b"\0")[0].decode()).name
    except OSError:
        return ""


def test_an_engine_that_lost_its_page_answers_again_in_the_next_test(engine, page):
    """What a_live_engine relies on. The crash is made as it came once on a loaded machine: in
    WebKit the process that runs the page dies (WebKitWebDriver then deletes the session); in
    Firefox the browser itself, which closes Marionette's socket."""
    lost = engine.browser
    if engine.name == "webkit":
        victims = [p for p in _descendants(lost.service.process.pid) if _program(p) == "WebKitWebProcess"]
    else:
        victims = [lost.process.pid]
    assert victims, f"{engine.name}: no process to end"
    for pid in victims:
        os.kill(pid, signal.SIGKILL)
    _wait(lambda: not lost.responds(), TIMEOUT, f"{engine.name} still answered without its page")
    engine.relaunch_if_lost()
    assert engine.browser is not lost and engine.browser.responds()
    page.open("404.html")
    assert page.errors() == []
