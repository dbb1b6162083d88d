"""The data widgets in headless Chromium: W1 <sprout-window>, W2 <sprout-explorer> and
W5 <sprout-heads>, on the plain test page tests/browser/pages/widgets.html with the real
artifacts. Every weight the widgets show is checked against build_artifacts' own decoder."""

import json
import shutil
import statistics
import time

import pytest
from conftest import INVISIBLE_SHIFT_PX, is_near_the_screen, same_colour
from test_touch import finger_drag

from sprout.analysis.encoding import decode_attention
from tests.conftest import ROOT

pytestmark = pytest.mark.browser

ARTIFACTS = ROOT / "docs" / "artifacts"
OUTPUT = ROOT / "test-output"
PHONE = (375, 812)
CELL = 10  # CSS pixels per token in W5's enlarged map
HOSTILE = "<img src=x onerror=alert(1)>"

ALL_READY = """(ids) => ids.every(id => document.getElementById(id)?.hasAttribute('ready'))"""


def example(name):
    return json.loads((ARTIFACTS / "examples" / f"{name}.json").read_text())


def weights_of(name):
    data = example(name)
    a = data["attention"]
    return data, decode_attention(a["data"], a["layers"], a["heads"], a["tokens"])


def percent(weight):
    return f"{weight * 100:.1f}%"


def open_widgets(browse, widget_root, hash="", ids=("window", "explorer", "heads")):
    """The widgets page with each widget ready. A widget loads its data once it comes near the
    screen, and on a phone the lower ones are far below it once the upper ones have drawn (on a
    busy machine they may have drawn before the browser first looked), so each is brought into
    view in turn, then the page goes back to the top. A permalink's widget brings itself into
    view (tests check that), so with a hash nothing is scrolled."""
    browse.goto(f"{widget_root}pages/widgets.html{hash}")
    page = browse.page
    if hash:
        page.wait_for_function(ALL_READY, arg=list(ids))
        return page
    for widget in ids:
        page.locator(f"#{widget}").scroll_into_view_if_needed()
        page.wait_for_function(ALL_READY, arg=[widget])
    page.evaluate("window.scrollTo(0, 0)")
    return page


# ---- reading the widgets' state ------------------------------------------------------------

READ_EXPLORER = """() => {
  const el = document.getElementById('explorer');
  const root = el.shadowRoot;
  const tokens = [...root.querySelectorAll('.tok')];
  const query = tokens.findIndex(t => t.getAttribute('aria-selected') === 'true');
  return {
    example: root.querySelector('select.example').value,
    exampleTitle: root.querySelector('select.example').selectedOptions[0].textContent,
    layer: Number(root.querySelector('select.layer').value),
    head: Number(root.querySelector('select.head').value),
    query,
    count: tokens.length,
    labels: tokens.map(t => t.getAttribute('aria-label')),
    titles: tokens.map(t => t.title),
    future: tokens.map(t => t.classList.contains('future')),
    backgrounds: tokens.map(t => getComputedStyle(t).backgroundColor),
    top: [...root.querySelectorAll('.top .item')].map(i => [Number(i.dataset.index), i.dataset.weight]),
    topText: root.querySelector('.top').textContent,
    inspect: root.querySelector('.inspect').textContent,
    focused: root.activeElement ? Number(root.activeElement.dataset.index) : null,
  };
}"""

READ_HEADS = """() => {
  const root = document.getElementById('heads').shadowRoot;
  const cells = [...root.querySelectorAll('.cell')];
  const focused = root.activeElement;
  return {
    example: root.querySelector('select.example').value,
    canvases: root.querySelectorAll('.cell canvas').length,
    selected: cells.filter(c => c.getAttribute('aria-selected') === 'true')
                   .map(c => [Number(c.dataset.layer), Number(c.dataset.head)]),
    top: cells.filter(c => c.classList.contains('top'))
              .map(c => [Number(c.dataset.layer), Number(c.dataset.head)]),
    focused: focused && focused.classList.contains('cell')
             ? [Number(focused.dataset.layer), Number(focused.dataset.head)] : null,
    tabStops: cells.filter(c => c.tabIndex === 0).map(c => [Number(c.dataset.layer), Number(c.dataset.head)]),
    detailShown: root.querySelector('.detail').checkVisibility(),
    title: root.querySelector('.detail-title').textContent,
    scores: root.querySelector('.scores').textContent,
    readout: root.querySelector('.readout').textContent,
    tops: root.querySelector('.tops').textContent,
  };
}"""


def hash_state(page):
    """The URL hash as {widget key: state}, e.g. {"explorer": "tom_he/7/2/57"}."""
    hash = page.evaluate("location.hash").removeprefix("#")
    return dict(part.split("=", 1) for part in hash.split("&") if "=" in part)


def wait_for_hash(page, expected):
    """The widgets write the hash a moment after the last change; wait for these keys."""
    page.wait_for_function(
        """(expected) => {
        const state = Object.fromEntries(location.hash.slice(1).split('&').map(p => p.split('=')));
        return Object.entries(expected).every(([k, v]) => state[k] === v);
    }""",
        arg=expected,
    )
    return hash_state(page)


def explorer(page):
    return page.evaluate(READ_EXPLORER)


def heads(page):
    return page.evaluate(READ_HEADS)


def check_explorer_numbers(state, name):
    """Every percentage W2 shows for its current query equals the decoded artifact."""
    data, attention = weights_of(name)
    row = attention[state["layer"] - 1, state["head"] - 1, state["query"]]
    q = state["query"]
    assert state["count"] == len(data["tokens"])
    for j, label in enumerate(state["labels"]):
        if j <= q:
            assert label.endswith(percent(row[j])), (j, label)
            assert percent(row[j]) in state["titles"][j]
            assert not state["future"][j]
        else:
            assert label.endswith("not visible") and state["future"][j], (j, label)
    order = sorted(range(q + 1), key=lambda j: (-row[j], j))[:3]
    assert state["top"] == [[j, percent(row[j])] for j in order]
    return data, row


# ---- rendering with real data -------------------------------------------------------------


def test_every_widget_renders_the_real_artifacts(browse, widget_root):
    page = open_widgets(browse, widget_root)
    state = explorer(page)
    assert (state["example"], state["layer"], state["head"], state["query"]) == ("tom_he", 7, 2, 57)
    assert state["exampleTitle"] == example("tom_he")["title"]
    check_explorer_numbers(state, "tom_he")
    w5 = heads(page)
    assert w5["canvases"] == 48 and w5["example"] == "zorbin"
    mia = example("mia_doll")
    assert page.locator("#window .story .tok").count() == len(mia["tokens"])
    for widget in ("window", "explorer", "heads"):
        assert not page.locator(f"#{widget}").evaluate("e => e.hasAttribute('error')")


def test_tom_head_sends_he_to_tom(browse, widget_root):
    """The chapter's claim, as a reader sees it in W2: the Tom head's shares on "Tom"."""
    stats = json.loads((ARTIFACTS / "stats.json").read_text())
    page = open_widgets(browse, widget_root)
    state = explorer(page)
    _, row = check_explorer_numbers(state, "tom_he")
    assert (state["layer"], state["head"]) == (stats["tom_he.layer"], stats["tom_he.head"])
    tokens, he = example("tom_he")["tokens"], stats["tom_he.he_position"]
    for j in [j for j in range(he) if tokens[j].strip() == "Tom"]:  # every "Tom" before "he"
        page.locator("#explorer .tok").nth(j).hover()
        assert percent(row[j]) in explorer(page)["inspect"]


# ---- W1 --------------------------------------------------------------------------------------

READ_WINDOW = """() => {
  const root = document.getElementById('window').shadowRoot;
  const tokens = [...root.querySelectorAll('.tok[data-index]')];
  const ofClass = c => tokens.filter(t => t.classList.contains(c)).map(t => Number(t.dataset.index));
  return {
    cursor: Number(root.querySelector('input[type=range]').value),
    window: ofClass('window'), gone: ofClass('gone'), future: ofClass('future'),
    predictionsShown: root.querySelector('.predictions').checkVisibility(),
    elsewhereShown: root.querySelector('.elsewhere').checkVisibility(),
    models: Object.fromEntries([...root.querySelectorAll('.model')].map(m =>
      [m.dataset.model, [...m.querySelectorAll('li')].map(li =>
        [li.querySelector('.token').textContent, li.querySelector('.prob').textContent])])),
  };
}"""


def test_window_shows_the_precomputed_predictions_at_the_mark(browse, widget_root):
    page = open_widgets(browse, widget_root, ids=("window",))
    mia = example("mia_doll")
    mark = mia["marks"]["recall"]
    state = page.evaluate(READ_WINDOW)
    assert state["cursor"] == mark["end"]
    assert state["window"] == list(range(mark["end"] - 8, mark["end"]))
    assert state["gone"] == list(range(0, mark["end"] - 8))
    assert state["future"] == list(range(mark["end"], len(mia["tokens"])))
    assert state["predictionsShown"] and not state["elsewhereShown"]
    for model in ("window", "sprout"):
        expected = [
            [f"‘{p['token'].removeprefix(' ')}’", percent(p["prob"])] for p in mia["predictions"]["recall"][model]
        ]
        assert state["models"][model] == expected, model
    assert "gpt1" not in state["models"]


def test_window_cursor_moves_by_keys_slider_and_click(browse, widget_root):
    page = open_widgets(browse, widget_root, ids=("window",))
    end = example("mia_doll")["marks"]["recall"]["end"]
    story = page.locator("#window .story")
    story.focus()
    page.keyboard.press("ArrowLeft")
    state = page.evaluate(READ_WINDOW)
    assert state["cursor"] == end - 1
    assert state["window"] == list(range(end - 9, end - 1))
    assert not state["predictionsShown"] and state["elsewhereShown"]
    page.keyboard.press("Home")
    assert page.evaluate(READ_WINDOW)["cursor"] == 1
    assert page.evaluate(READ_WINDOW)["window"] == [0]
    slider = page.locator("#window input[type=range]")
    slider.focus()
    page.keyboard.press("ArrowRight")
    assert page.evaluate(READ_WINDOW)["cursor"] == 2
    page.locator("#window .jump").click()
    state = page.evaluate(READ_WINDOW)
    assert state["cursor"] == end and state["predictionsShown"]
    page.locator("#window .tok[data-index='3']").click()
    assert page.evaluate(READ_WINDOW)["cursor"] == 4


# ---- W2 --------------------------------------------------------------------------------------


def test_explorer_keyboard_changes_token_layer_and_head(browse, widget_root):
    page = open_widgets(browse, widget_root)
    page.locator("#explorer .tok.query").focus()
    page.keyboard.press("ArrowRight")
    state = explorer(page)
    assert state["query"] == 58 and state["focused"] == 58
    page.keyboard.press("ArrowUp")
    page.keyboard.press("]")
    state = explorer(page)
    assert (state["layer"], state["head"], state["query"]) == (6, 3, 58)
    check_explorer_numbers(state, "tom_he")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("[")
    page.keyboard.press("PageUp")
    state = explorer(page)
    assert (state["layer"], state["head"]) == (8, 1)
    wait_for_hash(page, {"explorer": "tom_he/8/1/58"})
    # Shift+arrows read one earlier token without moving the query; Enter makes it the query
    page.keyboard.press("Shift+ArrowLeft")
    page.keyboard.press("Shift+ArrowLeft")
    state = explorer(page)
    data, row = check_explorer_numbers(state, "tom_he")
    assert state["focused"] == 56 and state["query"] == 58
    assert percent(row[56]) in state["inspect"]
    page.keyboard.press("Enter")
    assert explorer(page)["query"] == 56
    page.keyboard.press("Home")
    assert explorer(page)["query"] == 0
    check_explorer_numbers(explorer(page), "tom_he")


def test_explorer_click_and_selects(browse, widget_root):
    page = open_widgets(browse, widget_root)
    page.locator("#explorer .tok").nth(20).click()
    state = explorer(page)
    assert state["query"] == 20
    check_explorer_numbers(state, "tom_he")
    page.locator("#explorer select.head").select_option("5")
    page.locator("#explorer select.layer").select_option("3")
    state = explorer(page)
    assert (state["layer"], state["head"], state["query"]) == (3, 5, 20)
    check_explorer_numbers(state, "tom_he")
    assert wait_for_hash(page, {"explorer": "tom_he/3/5/20", "heads": "tom_he/3/5"}) == {
        "explorer": "tom_he/3/5/20",
        "heads": "tom_he/3/5",
    }


def test_explorer_fetches_an_example_only_when_chosen(browse, widget_root):
    page = open_widgets(browse, widget_root)
    assert not [u for u in browse.requests if u.endswith("/blue_key.json")]
    page.locator("#explorer select.example").select_option("blue_key")
    page.wait_for_function("""() => document.getElementById('explorer').shadowRoot
        .querySelector('select.example').selectedOptions[0].textContent === 'Where is the key?'""")
    page.wait_for_function("() => location.hash.includes('explorer=blue_key/')")
    state = explorer(page)
    assert state["example"] == "blue_key"
    data = example("blue_key")
    assert state["query"] == max(m["position"] for m in data["marks"].values())
    check_explorer_numbers(state, "blue_key")
    assert len([u for u in browse.requests if u.endswith("/blue_key.json")]) == 1


def test_widgets_fetch_nothing_until_scrolled_to(browse, widget_root):
    browse.goto(f"{widget_root}pages/lazy.html")
    page = browse.page
    page.wait_for_function("() => customElements.get('sprout-explorer')")
    assert is_near_the_screen(page.locator("#explorer")) is False  # and the widget's own observer has been told so
    assert not [u for u in browse.requests if "/artifacts/" in u]
    page.locator("#explorer").scroll_into_view_if_needed()
    page.wait_for_function(ALL_READY, arg=["explorer"])
    assert [u for u in browse.requests if u.endswith("/mia_doll.json")]
    assert not [u for u in browse.requests if u.endswith("/tom_he.json")]


def test_a_missing_file_shows_a_readable_error(browse, widget_root):
    browse.expect_errors("status of 404")  # the browser logs the failed request; nothing else may be logged
    page = open_widgets(browse, widget_root, ids=("window",))
    page.evaluate("""() => {
        const el = document.createElement('sprout-explorer');
        el.id = 'broken';
        el.setAttribute('base', '../artifacts/nowhere/');
        el.setAttribute('example', 'tom_he');
        el.setAttribute('hash', 'off');
        document.body.prepend(el);
    }""")
    page.wait_for_function("() => document.getElementById('broken').hasAttribute('error')")
    message = page.evaluate("() => document.getElementById('broken').shadowRoot.querySelector('.error').textContent")
    assert "nowhere/tom_he.json" in message and "HTTP 404" in message


# ---- W5 --------------------------------------------------------------------------------------


def test_heads_grid_click_keyboard_and_enlarged_map(browse, widget_root):
    page = open_widgets(browse, widget_root)
    assert not heads(page)["detailShown"]
    page.locator('#heads .cell[data-layer="5"][data-head="4"]').click()
    state = heads(page)
    assert state["selected"] == [[5, 4]] and state["detailShown"]
    assert state["title"] == "Layer 5, head 4"
    wait_for_hash(page, {"heads": "zorbin/5/4"})
    page.keyboard.press("ArrowRight")
    assert heads(page)["focused"] == [5, 5] and heads(page)["selected"] == [[5, 4]]
    page.keyboard.press("ArrowDown")
    assert heads(page)["tabStops"] == [[6, 5]], "a roving focus: one tab stop in the grid"
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")
    assert heads(page)["selected"] == [[5, 5]]
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Space")
    assert heads(page)["selected"] == [[6, 5]]
    page.keyboard.press("Control+End")
    page.keyboard.press(" ")
    assert heads(page)["selected"] == [[8, 6]]
    wait_for_hash(page, {"heads": "zorbin/8/6"})

    data, attention = weights_of("zorbin")
    T = len(data["tokens"])
    page.locator("#heads canvas.big").focus()
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    t, j = T - 2, T - 4
    readout = heads(page)["readout"]
    assert f"(token {t})" in readout and f"(token {j})" in readout
    assert readout.endswith(percent(attention[7, 5, t, j]))
    page.keyboard.press("Home")
    assert heads(page)["readout"].endswith(percent(attention[7, 5, t, 0]))
    # hover reads the cell under the pointer (the map's canvas holds the cells only)
    box = page.locator("#heads canvas.big").bounding_box()
    page.mouse.move(box["x"] + CELL * 3 + 5, box["y"] + CELL * 9 + 5)
    assert heads(page)["readout"].endswith(percent(attention[7, 5, 9, 3]))


MAP_GEOMETRY = """() => {
  const root = document.getElementById('heads').shadowRoot;
  const rect = (selector) => root.querySelector(selector).getBoundingClientRect().toJSON();
  const scroll = root.querySelector('.scroll');
  const box = rect('.scroll');
  // the free inside of the box (within its border, without scroll bars)
  const inner = { left: box.left + scroll.clientLeft, top: box.top + scroll.clientTop };
  inner.right = inner.left + scroll.clientWidth;
  inner.bottom = inner.top + scroll.clientHeight;
  const ink = (selector, x, y, w, h) => {
    const canvas = root.querySelector(selector);
    const r = canvas.width / canvas.getBoundingClientRect().width;
    const pixels = canvas.getContext('2d').getImageData(x * r, y * r, w * r, h * r).data;
    return pixels.some((v, i) => i % 4 === 3 && v > 0);
  };
  return {
    box, inner, corner: rect('.corner'), keys: rect('.labels.keys'), queries: rect('.labels.queries'),
    map: rect('canvas.big'), cursor: rect('.cursor'),
    scrollLeft: scroll.scrollLeft, scrollTop: scroll.scrollTop,
    maxLeft: scroll.scrollWidth - scroll.clientWidth, maxTop: scroll.scrollHeight - scroll.clientHeight,
    // what a reader sees at a point: the topmost element there
    hits: Object.fromEntries(Object.entries({
      corner: [inner.left + 3, inner.top + 3],
      queryLabel: [inner.left + 3, inner.bottom - 5],
      keyLabel: [inner.right - 5, inner.top + 3],
      map: [inner.right - 5, inner.bottom - 5],
    }).map(([name, [x, y]]) => [name, root.elementFromPoint(x, y)?.className ?? null])),
    // the labels of the last query (bottom row) and of the last key (right column) are drawn
    lastQueryInk: ink('.labels.queries', 0, root.querySelector('canvas.big').getBoundingClientRect().height - 10, 200, 10),
    lastKeyInk: ink('.labels.keys', root.querySelector('canvas.big').getBoundingClientRect().width - 10, 0, 10, 200),
  };
}"""


def inside(inner, rect, slack=INVISIBLE_SHIFT_PX):
    """rect lies within the box's free inside."""
    return (
        rect["left"] >= inner["left"] - slack
        and rect["right"] <= inner["right"] + slack
        and rect["top"] >= inner["top"] - slack
        and rect["bottom"] <= inner["bottom"] + slack
    )


def lined_up(a, b):
    """Two edges at the same place, as a reader sees it."""
    return abs(a - b) <= INVISIBLE_SHIFT_PX


def overlaps(a, b):
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]


@pytest.mark.parametrize("browse", [PHONE], indirect=True)
def test_enlarged_map_keeps_its_labels_in_view_while_it_scrolls(browse, widget_root):
    """On a phone the longest story's map first fits its box, whole, and a finger on it reads
    the weight under it. At full size it scrolls both ways under its label strips: the query
    labels stay pinned on the left, the key labels on top, each lined up with the map."""
    page = open_widgets(browse, widget_root)
    data, attention = weights_of("zorbin")
    T = len(data["tokens"])
    page.locator('#heads .cell[data-layer="5"][data-head="4"]').click()
    page.evaluate(
        "document.getElementById('heads').shadowRoot.querySelector('.scroll').scrollIntoView({block: 'center'})"
    )
    g = page.evaluate(MAP_GEOMETRY)
    cell = g["map"]["width"] / T
    assert cell < CELL and abs(g["map"]["width"] - g["map"]["height"]) <= INVISIBLE_SHIFT_PX
    # no tolerance: a box with any room to scroll shows scroll bars (the widget keeps a pixel to spare)
    assert (g["maxLeft"], g["maxTop"]) == (0, 0), "nothing to scroll"
    for part in ("map", "corner", "keys", "queries"):
        assert inside(g["inner"], g[part]), part
    assert g["box"]["right"] <= PHONE[0] + INVISIBLE_SHIFT_PX
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0] + INVISIBLE_SHIFT_PX
    # a finger dragged over the map reads weights on the way and leaves the page where it is;
    # a finger put down on a cell reads that cell's weight
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
    g = page.evaluate(MAP_GEOMETRY)  # where the map is now, for the finger
    scrolled = page.evaluate("window.scrollY")
    (t0, j0), (t1, j1) = (10, 2), (T - 1, T - 3)
    centre = lambda t, j: (g["map"]["left"] + (j + 0.5) * cell, g["map"]["top"] + (t + 0.5) * cell)  # noqa: E731
    finger_drag(page, *centre(t0, j0), *(b - a for a, b in zip(centre(t0, j0), centre(t1, j1))), cdp=cdp)
    assert abs(page.evaluate("window.scrollY") - scrolled) <= INVISIBLE_SHIFT_PX
    assert "(token " in heads(page)["readout"]
    finger_drag(page, *centre(t1, j1), 0, 0, steps=1, cdp=cdp)
    page.wait_for_function(
        f"() => document.getElementById('heads').shadowRoot.querySelector('.readout')"
        f".textContent.includes('(token {t1})')"
    )
    assert heads(page)["readout"].endswith(percent(attention[4, 3, t1, j1]))
    assert f"(token {j1})" in heads(page)["readout"]
    # the focus a tap gives the map (it may come after the finger's events) keeps the tapped cell
    big = "document.getElementById('heads').shadowRoot.querySelector('.big')"
    page.evaluate(f"{big}.focus({{preventScroll: true}})")
    assert f"(token {j1})" in heads(page)["readout"]
    page.evaluate(f"{big}.blur()")
    cdp.send("Emulation.setTouchEmulationEnabled", {"enabled": False})

    page.locator("#heads .zoom").click()  # full size: 10 px per token, in a box that scrolls
    assert page.locator("#heads .zoom").get_attribute("aria-pressed") == "true"
    page.evaluate("""() => {
        const scroll = document.getElementById('heads').shadowRoot.querySelector('.scroll');
        scroll.scrollIntoView({block: 'center'});
        scroll.scrollTo(scroll.scrollWidth, scroll.scrollHeight);
    }""")
    page.wait_for_function("""() => {
        const s = document.getElementById('heads').shadowRoot.querySelector('.scroll');
        return s.scrollLeft > 0 && s.scrollTop > 0;
    }""")
    g = page.evaluate(MAP_GEOMETRY)
    inner = g["inner"]
    assert abs(g["scrollLeft"] - g["maxLeft"]) <= INVISIBLE_SHIFT_PX, "scrolled to the right"
    assert abs(g["scrollTop"] - g["maxTop"]) <= INVISIBLE_SHIFT_PX, "scrolled to the bottom"
    assert abs(g["map"]["width"] - T * CELL) <= INVISIBLE_SHIFT_PX
    assert abs(g["map"]["height"] - T * CELL) <= INVISIBLE_SHIFT_PX
    # the strips are pinned to the box's left and top edges, inside it...
    for strip in ("corner", "keys", "queries"):
        assert overlaps(g[strip], g["box"]), strip
    assert lined_up(g["queries"]["left"], inner["left"]) and lined_up(g["keys"]["top"], inner["top"])
    assert lined_up(g["corner"]["left"], inner["left"]) and lined_up(g["corner"]["top"], inner["top"])
    # ...and scroll along the other axis with the map, so each label stays beside its row/column
    assert lined_up(g["queries"]["top"], g["map"]["top"])
    assert lined_up(g["keys"]["left"], g["map"]["left"])
    assert lined_up(g["map"]["bottom"], inner["bottom"]) and lined_up(g["map"]["right"], inner["right"])
    # on screen: the strips lie over the map, and the last query's and last key's labels are drawn
    assert g["hits"] == {"corner": "corner", "queryLabel": "labels queries", "keyLabel": "labels keys", "map": "big"}
    assert g["lastQueryInk"] and g["lastKeyInk"]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0] + INVISIBLE_SHIFT_PX

    # hovering the scrolled map reads the cell under the pointer
    page.mouse.move(inner["right"] - CELL - 5, inner["bottom"] - 5)
    assert heads(page)["readout"].endswith(percent(attention[4, 3, T - 1, T - 2]))
    page.mouse.move(0, 0)
    # the keyboard cursor is scrolled out from under the strips
    page.locator("#heads canvas.big").focus()
    for key, (t, j) in (("Home", (T - 1, 0)), ("End", (T - 1, T - 1))):
        page.keyboard.press(key)
        g = page.evaluate(MAP_GEOMETRY)
        assert f"(token {t})" in heads(page)["readout"] and f"(token {j})" in heads(page)["readout"]
        assert inside(g["inner"], g["cursor"]), key
        assert g["cursor"]["left"] >= g["queries"]["right"] - INVISIBLE_SHIFT_PX, key
        assert g["cursor"]["top"] >= g["keys"]["bottom"] - INVISIBLE_SHIFT_PX, key
    for _ in range(60):
        page.keyboard.press("ArrowUp")
    g = page.evaluate(MAP_GEOMETRY)
    assert f"(token {T - 61})" in heads(page)["readout"]
    assert inside(g["inner"], g["cursor"])
    assert g["cursor"]["top"] >= g["keys"]["bottom"] - INVISIBLE_SHIFT_PX
    assert g["cursor"]["left"] >= g["queries"]["right"] - INVISIBLE_SHIFT_PX


def test_heads_highlight_the_top_heads_of_each_kind(browse, widget_root):
    scores = json.loads((ARTIFACTS / "head_scores.json").read_text())["models"]["sprout"]
    page = open_widgets(browse, widget_root)
    assert heads(page)["top"] == []
    for kind in ("previous_token", "first_token", "induction"):
        page.locator("#heads select.kind").select_option(kind)
        state = heads(page)
        top = scores["top"][kind]
        assert sorted(state["top"]) == sorted([t["layer"], t["head"]] for t in top)
        for t in top:
            assert f"layer {t['layer']}, head {t['head']}: {t['score']:.2f}" in state["tops"]
    page.locator("#heads .tops button").first.click()
    best = scores["top"]["induction"][0]
    state = heads(page)
    assert state["selected"] == [[best["layer"], best["head"]]]
    assert f"induction {best['score']:.2f}" in state["scores"]


def test_heads_show_what_breaks_without_each_head_and_the_baseline_band(browse, widget_root):
    scores = json.loads((ARTIFACTS / "head_scores.json").read_text())
    breaks = scores["ablation"]["breaks"]
    order = sorted(((-v, l + 1, h + 1) for l, row in enumerate(breaks) for h, v in enumerate(row)))[:3]
    page = open_widgets(browse, widget_root)
    page.locator("#heads select.kind").select_option("breaks")
    state = heads(page)
    assert sorted(state["top"]) == sorted([l, h] for _, l, h in order)
    assert state["tops"].startswith("Heads whose removal breaks the most")
    for v, l, h in order:
        assert f"layer {l}, head {h}: {-v:.2f}" in state["tops"]
    page.locator("#heads select.kind").select_option("induction")
    band = scores["baselines"]["induction"]["untrained"]
    assert f"{band['mean']:.3f} ± {band['std']:.3f} ({len(band['seeds'])} seeds)" in heads(page)["tops"]
    _, l, h = order[0]
    page.locator(f'#heads .cell[data-layer="{l}"][data-head="{h}"]').click()
    assert f"what breaks without it {breaks[l - 1][h - 1]:.2f}" in heads(page)["scores"]


# ---- links between W2 and W5, deep links ---------------------------------------------------


def test_choosing_a_head_in_one_shows_it_in_the_other(browse, widget_root):
    page = open_widgets(browse, widget_root)
    page.locator('#heads .cell[data-layer="3"][data-head="1"]').click()
    page.wait_for_function(
        "() => document.getElementById('explorer').shadowRoot.querySelector('select.example').value === 'zorbin'"
    )
    page.wait_for_function("""() => document.getElementById('explorer').shadowRoot
        .querySelector('.tok.query') && location.hash.includes('explorer=zorbin/')""")
    state = explorer(page)
    assert (state["example"], state["layer"], state["head"]) == ("zorbin", 3, 1)
    check_explorer_numbers(state, "zorbin")
    page.locator("#explorer select.head").select_option("6")
    assert heads(page)["selected"] == [[3, 6]]
    page.locator("#explorer select.example").select_option("mia_doll")
    page.wait_for_function(
        "() => document.getElementById('heads').shadowRoot.querySelector('select.example').value === 'mia_doll'"
    )
    page.wait_for_function("() => location.hash.includes('heads=mia_doll/3/6')")
    assert page.locator("#heads .cell canvas").first.evaluate("c => c.width") == len(example("mia_doll")["tokens"])


def test_deep_links_restore_the_explorer(browse, widget_root):
    page = open_widgets(browse, widget_root, hash="#explorer=zorbin/5/4/40", ids=("explorer",))
    state = explorer(page)
    assert (state["example"], state["layer"], state["head"], state["query"]) == ("zorbin", 5, 4, 40)
    check_explorer_numbers(state, "zorbin")
    top = page.locator("#explorer").bounding_box()["y"]
    assert -INVISIBLE_SHIFT_PX <= top < 900, "the widget is scrolled into view"
    # a link in the page (hashchange) moves it again
    page.evaluate("location.hash = 'explorer=tom_he/1/6/10'")
    page.wait_for_function(
        "() => document.getElementById('explorer').shadowRoot.querySelector('select.example').value === 'tom_he'"
    )
    page.wait_for_function(
        "() => document.getElementById('explorer').shadowRoot.querySelector('.tok.query')?.dataset.index === '10'"
    )
    state = explorer(page)
    assert (state["layer"], state["head"], state["query"]) == (1, 6, 10)
    check_explorer_numbers(state, "tom_he")


def wait_for_route(page, held, within_s=60):
    """Wait until the page's request is caught by a route that holds it (a busy machine may
    take seconds to get there: the limit only ends a test that would otherwise hang)."""
    deadline = time.monotonic() + within_s
    while not held:
        if time.monotonic() > deadline:
            pytest.fail(f"the example was not requested within {within_s} s")
        page.wait_for_timeout(50)
    return held[0]


STORY_MENUS = """() => ['explorer', 'heads'].map(id => document.getElementById(id).shadowRoot.querySelector('select.example').value)"""


def test_the_story_menu_names_a_linked_story_while_it_loads(browse, widget_root):
    """A deep link or another widget's pick shows its story in the menu at once, before the
    example file has arrived; a file that fails to load is named in a readable error."""
    page = open_widgets(browse, widget_root)
    held = []
    page.route("**/examples/song_refrain.json", lambda route: held.append(route))
    page.evaluate("location.hash = 'explorer=song_refrain/5/4/30'")
    request = wait_for_route(page, held)
    state = explorer(page)
    assert state["example"] == "song_refrain", "the menu shows the linked story while it loads"
    assert state["count"] == len(example("tom_he")["tokens"]), "the old story is still shown"
    request.continue_()
    page.wait_for_function(
        "() => document.getElementById('explorer').shadowRoot.querySelector('.tok.query')?.dataset.index === '30'"
        " && document.getElementById('explorer').shadowRoot.querySelectorAll('.tok').length === %d"
        % len(example("song_refrain")["tokens"])
    )
    state = explorer(page)
    assert (state["example"], state["layer"], state["head"], state["query"]) == ("song_refrain", 5, 4, 30)
    assert state["exampleTitle"] == example("song_refrain")["title"]
    check_explorer_numbers(state, "song_refrain")

    # another widget's pick (here a page script's): both menus follow at once
    held.clear()
    page.route("**/examples/big_farm.json", lambda route: held.append(route))
    page.evaluate("""() => document.dispatchEvent(new CustomEvent('sprout-head-select',
                       {detail: {example: 'big_farm', layer: 2, head: 3}}))""")
    request = wait_for_route(page, held)
    assert page.evaluate(STORY_MENUS) == ["big_farm", "big_farm"]
    request.continue_()
    page.wait_for_function("() => location.hash.includes('explorer=big_farm/2/3/')")
    assert heads(page)["selected"] == [[2, 3]]
    check_explorer_numbers(explorer(page), "big_farm")

    # a story whose file is missing: the menu names it and the error says why
    browse.expect_errors("status of 404")  # the browser logs the failed request; nothing else may be logged
    page.route("**/examples/blue_key.json", lambda route: route.fulfill(status=404, body="missing"))
    page.evaluate("location.hash = 'explorer=blue_key/1/1/5'")
    assert explorer(page)["example"] == "blue_key"
    page.wait_for_function("() => document.getElementById('explorer').hasAttribute('error')")
    error = page.locator("#explorer .error")
    assert error.is_visible()
    assert "blue_key.json" in error.text_content() and "HTTP 404" in error.text_content()
    assert explorer(page)["example"] == "blue_key"
    # choosing a story that loads clears the error
    page.locator("#explorer select.example").select_option("mia_doll")
    page.wait_for_function("() => !document.getElementById('explorer').hasAttribute('error')")
    assert not error.is_visible()
    check_explorer_numbers(explorer(page), "mia_doll")


def test_deep_links_restore_the_heads(browse, widget_root):
    page = open_widgets(browse, widget_root, hash="#heads=tom_he/7/2", ids=("heads",))
    state = heads(page)
    assert state["example"] == "tom_he" and state["selected"] == [[7, 2]] and state["title"] == "Layer 7, head 2"
    top = page.locator("#heads").bounding_box()["y"]
    assert -INVISIBLE_SHIFT_PX <= top < 900
    # a malformed hash is ignored (about:blank first: a new hash alone would not reload)
    browse.goto("about:blank")
    browse.goto(f"{widget_root}pages/widgets.html#heads=tom_he/x/2")
    page.wait_for_function(ALL_READY, arg=["heads"])
    assert heads(page)["example"] == "zorbin" and not heads(page)["detailShown"]


def test_widgets_survive_being_moved(browse, widget_root):
    """MkDocs Material's instant navigation removes and inserts elements: a detached widget
    listens to nothing, and a moved one keeps working with the reader's selection."""
    page = open_widgets(browse, widget_root)
    page.locator("#explorer select.layer").select_option("3")
    page.evaluate("""() => {
        const el = document.getElementById('explorer');
        const parent = el.parentNode, next = el.nextSibling;
        el.remove();
        document.dispatchEvent(new CustomEvent('sprout-head-select', {detail: {example: 'tom_he', layer: 2, head: 5}}));
        parent.insertBefore(el, next);
    }""")
    page.wait_for_function(ALL_READY, arg=["explorer"])
    state = explorer(page)
    assert (state["example"], state["layer"], state["head"], state["query"]) == ("tom_he", 3, 2, 57)
    check_explorer_numbers(state, "tom_he")
    page.locator('#heads .cell[data-layer="4"][data-head="1"]').click()
    page.wait_for_function(
        "() => document.getElementById('explorer').shadowRoot.querySelector('select.layer').value === '4'"
    )


# ---- safety ----------------------------------------------------------------------------------


def test_story_text_is_never_html(browse, serve, tmp_path):
    """An example whose story contains markup shows it as text in every widget."""
    (tmp_path / "assets").symlink_to(ROOT / "site_assets")
    (tmp_path / "examples").mkdir()
    shutil.copy(ARTIFACTS / "head_scores.json", tmp_path / "head_scores.json")
    data = example("tom_he")
    data["tokens"][4] = " " + HOSTILE
    data["title"] = HOSTILE
    data["marks"]["he"]["text"] = HOSTILE
    for top in data["predictions"]["he"].values():
        top[0]["token"] = HOSTILE
    (tmp_path / "examples" / "tom_he.json").write_text(json.dumps(data))
    (tmp_path / "page.html").write_text("""<!doctype html><html lang="en"><head><meta charset="utf-8">
<link rel="icon" href="data:,">
<script type="module" src="assets/window/sprout-window.js"></script>
<script type="module" src="assets/explorer/sprout-explorer.js"></script>
<script type="module" src="assets/heads/sprout-heads.js"></script></head><body>
<sprout-window id="window" src="examples/tom_he.json" mark="he"></sprout-window>
<sprout-explorer id="explorer" base="examples/" examples="tom_he" example="tom_he" token="20"></sprout-explorer>
<sprout-heads id="heads" base="./" example="tom_he" layer="1" head="1"></sprout-heads>
</body></html>""")
    dialogs = []
    browse.page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    browse.goto(serve(tmp_path) + "page.html")
    page = browse.page
    page.wait_for_function(ALL_READY, arg=["window", "explorer", "heads"])
    page.locator("#explorer .tok").nth(4).hover()
    page.wait_for_function(  # the hovered token is read out
        "() => document.getElementById('explorer').shadowRoot.querySelector('.inspect').textContent"
        ".includes('(token 4)')"
    )
    for widget in ("window", "explorer", "heads"):
        root = f"document.getElementById('{widget}').shadowRoot"
        assert page.evaluate(f"() => {root}.querySelectorAll('img').length") == 0
        if widget != "heads":
            assert HOSTILE in page.evaluate(f"() => {root}.textContent"), widget
    assert HOSTILE in page.evaluate(
        "() => document.getElementById('explorer').shadowRoot.querySelector('select.example').textContent"
    )
    assert page.evaluate("() => document.querySelectorAll('img').length") == 0
    assert dialogs == []
    assert not [u for u in browse.requests if u.endswith("/x")]


# ---- theme, phone, performance ---------------------------------------------------------------

THEME_COLOURS = """() => {
  const w2 = document.getElementById('explorer').shadowRoot;
  const w5 = document.getElementById('heads').shadowRoot;
  const canvas = w5.querySelector('.cell canvas');
  const T = canvas.width;
  const pixel = canvas.getContext('2d').getImageData(0, T - 1, 1, 1).data;
  return {
    query: getComputedStyle(w2.querySelector('.tok.query')).backgroundColor,
    start: getComputedStyle(w2.querySelector('.tok')).backgroundColor,
    thumbnail: [...pixel].join(','),
    themes: ['window', 'explorer', 'heads'].map(id => document.getElementById(id).dataset.theme),
  };
}"""


def test_the_palette_switch_recolours_the_widgets(browse, widget_root):
    page = open_widgets(browse, widget_root)
    light = page.evaluate(THEME_COLOURS)
    assert light["themes"] == ["light"] * 3
    page.evaluate("document.body.setAttribute('data-md-color-scheme', 'slate')")
    page.wait_for_function("() => document.getElementById('heads').dataset.theme === 'dark'")
    dark = page.evaluate(THEME_COLOURS)
    assert dark["themes"] == ["dark"] * 3
    for key in ("query", "start", "thumbnail"):
        assert not same_colour(light[key], dark[key]), key
    page.evaluate("document.body.setAttribute('data-md-color-scheme', 'default')")
    page.wait_for_function("() => document.getElementById('heads').dataset.theme === 'light'")
    again = page.evaluate(THEME_COLOURS)
    assert again["themes"] == light["themes"]
    for key in ("query", "start", "thumbnail"):
        assert same_colour(again[key], light[key]), key


@pytest.mark.parametrize("browse", [PHONE], indirect=True)
def test_fits_a_phone(browse, widget_root, screenshots):
    page = open_widgets(browse, widget_root)
    page.locator('#heads .cell[data-layer="5"][data-head="4"]').click()
    page.locator("#heads select.kind").select_option("induction")
    page.locator("#window .jump, #window .story").first.scroll_into_view_if_needed()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0] + INVISIBLE_SHIFT_PX
    page.screenshot(path=str(screenshots / "widgets-data-phone.png"), full_page=True)


MEASURE = """async () => {
  const frame = () => new Promise(r => requestAnimationFrame(() => r()));
  const explorer = document.getElementById('explorer');
  const heads = document.getElementById('heads');
  const flush = (el) => el.shadowRoot.querySelector('.frame').getBoundingClientRect();
  const w2 = [], w5 = [];
  for (let i = 0; i < 12; i++) {
    await frame();
    let t0 = performance.now();
    explorer.select({ token: 20 + i * 3 });
    flush(explorer);
    w2.push(performance.now() - t0);
    await frame();
    t0 = performance.now();
    heads.redrawThumbnails();
    flush(heads);
    w5.push(performance.now() - t0);
  }
  return { w2, w5, ready: window.__readyAt };
}"""

RECORD_READY = """
window.__readyAt = {};
new MutationObserver((records) => {
  for (const r of records) {
    if (r.attributeName === 'ready' && r.target.id && !(r.target.id in window.__readyAt)) {
      window.__readyAt[r.target.id] = performance.now();
    }
  }
}).observe(document, { attributes: true, subtree: true, attributeFilter: ['ready'] });
"""


@pytest.mark.benchmark
def test_widget_timings_written_to_test_output(browse, widget_root):
    """W2's token change, W5's redraw of 48 heads and each widget's time to ready, measured and
    written to test-output/ (make bench-browser), never held to a clock: a busy or slower machine
    changes them. The share of one 60 Hz frame says whether a change keeps up with a reader."""
    browse.page.add_init_script(RECORD_READY)
    page = open_widgets(browse, widget_root)
    result = page.evaluate(MEASURE)

    def trimmed(xs):  # drop the best and the worst run
        return sorted(xs)[1:-1]

    numbers = {
        "w2_token_change_ms": {
            "mean": statistics.mean(trimmed(result["w2"])),
            "max": max(result["w2"]),
            "runs": result["w2"],
        },
        "w5_redraw_48_thumbnails_ms": {
            "mean": statistics.mean(trimmed(result["w5"])),
            "max": max(result["w5"]),
            "runs": result["w5"],
        },
        "ready_after_navigation_ms": result["ready"],
    }
    for name in ("w2_token_change_ms", "w5_redraw_48_thumbnails_ms"):
        numbers[name]["share_of_a_60hz_frame"] = round(numbers[name]["mean"] / (1000 / 60), 3)
    OUTPUT.mkdir(exist_ok=True)
    (OUTPUT / "widget-perf.json").write_text(json.dumps(numbers, indent=2) + "\n")
    print("\nwidget performance:", json.dumps({k: (v["mean"] if "mean" in v else v) for k, v in numbers.items()}))
    assert set(result["ready"]) == {"window", "explorer", "heads"}, "every widget got ready and was timed"
