"""The pure-math toys in headless Chromium: W3 <sprout-plane>, W4 <sprout-mask> and <sprout-quiz>,
on the plain test page tests/browser/pages/toys.html. Every number the widgets show is checked
against numpy, computed here from the numbers the widget reports (its query, keys, mask)."""

import numpy as np
import pytest
from conftest import INVISIBLE_SHIFT_PX, same_colour
from plane_numbers import KEYS, NAMES, QUERY, attend

pytestmark = pytest.mark.browser

PHONE = (375, 812)


def open_toys(browse, widget_root):
    browse.goto(widget_root + "pages/toys.html")
    page = browse.page
    page.wait_for_function("""() => ['#plane', '#mask', '#quiz1', '#quiz2']
        .every(s => document.querySelector(s)?.hasAttribute('ready'))""")
    return page


# ---- W3 -------------------------------------------------------------------------------------

READ_PLANE = """() => {
  const root = document.querySelector('#plane').shadowRoot;
  const byKey = (cls) => Object.fromEntries([...root.querySelectorAll(cls)]
      .map(e => [e.dataset.key, {value: Number(e.dataset.value), text: e.textContent}]));
  const point = (name) => {
    const p = root.querySelector(`.point[data-point="${name}"]`);
    return [Number(p.dataset.x), Number(p.dataset.y)];
  };
  const names = ['girl', 'ball', 'red', 'ran'];
  return {
    scores: byKey('.score'), weights: byKey('.weight'),
    output: root.querySelector('.output').dataset.value.split(',').map(Number),
    outputText: root.querySelector('.output').textContent,
    query: point('query'),
    keys: Object.fromEntries(names.map(n => [n, point(n)])),
    sharpness: Number(document.querySelector('#plane').dataset.sharpness),
    weightSum: Number(root.querySelector('.weight-sum').dataset.value),
    nobodyNoteShown: !root.querySelector('.note-nobody').hidden,
  };
}"""


def read_plane(page):
    return page.evaluate(READ_PLANE)


def assert_plane_consistent(shown, *, query=None, keys=None, sharpness=None):
    """The readouts equal numpy's for the query, keys and sharpness the widget reports."""
    query = shown["query"] if query is None else query
    keys = shown["keys"] if keys is None else keys
    sharpness = shown["sharpness"] if sharpness is None else sharpness
    assert shown["query"] == pytest.approx(query, abs=1e-9)
    for name in NAMES:
        assert shown["keys"][name] == pytest.approx(keys[name], abs=1e-9)
    scores, weights, output = attend(query, keys, sharpness)
    for j, name in enumerate(NAMES):
        assert shown["scores"][name]["value"] == pytest.approx(scores[j], abs=1e-12)
        assert shown["scores"][name]["text"] == f"{scores[j]:.2f}".replace("-0.00", "0.00")
        assert shown["weights"][name]["value"] == pytest.approx(weights[j], abs=1e-12)
        assert shown["weights"][name]["text"] == f"{weights[j] * 100:.1f}% ({weights[j]:.3f})"
    assert shown["output"] == pytest.approx([float(f"{c:.3f}") for c in output], abs=1e-12)
    assert shown["weightSum"] == pytest.approx(1.0, abs=1e-12)
    return scores, weights, output


def plane(page, selector):
    return page.locator(f"#plane {selector}")


def test_plane_starts_at_c1s_numbers(browse, widget_root):
    page = open_toys(browse, widget_root)
    shown = read_plane(page)
    scores, weights, output = assert_plane_consistent(shown, query=QUERY, keys=KEYS, sharpness=1.0)
    # the numbers C1 prints, written out once more as a plain check
    assert scores == pytest.approx([2.4, 2.1, 0.7, -0.08])
    assert [shown["weights"][n]["text"] for n in NAMES] == [
        "49.8% (0.498)",
        "36.9% (0.369)",
        "9.1% (0.091)",
        "4.2% (0.042)",
    ]
    assert shown["output"] == pytest.approx([0.608, 0.335, 0.603])
    assert not shown["nobodyNoteShown"]
    assert plane(page, ".point[data-point=query]").get_attribute("aria-label") == "query at (1.0, 0.8)"
    assert plane(page, ".point[data-point=girl]").get_attribute("aria-label") == "key girl at (2.0, 0.5)"


def drag(page, selector, dx, dy):
    page.locator(selector).scroll_into_view_if_needed()
    box = page.locator(selector).bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + dx / 2, y + dy / 2, steps=3)
    page.mouse.move(x + dx, y + dy, steps=3)
    page.mouse.up()


def plane_units_per_pixel(page):
    svg = plane(page, "svg").bounding_box()
    return 6 / svg["width"]  # the plane spans -3..3


def dragged_within(per_px):
    """How near, in the plane's units, a dragged point lands to where the pointer let go: an
    invisible shift, and the plane's rounding of its coordinates to 0.01."""
    return INVISIBLE_SHIFT_PX * per_px + 0.005


def test_dragging_the_query_updates_every_readout(browse, widget_root):
    page = open_toys(browse, widget_root)
    per_px = plane_units_per_pixel(page)
    drag(page, "#plane .point[data-point=query] .dot", -100, 60)
    shown = read_plane(page)
    # screen y points down, the plane's y up
    assert shown["query"] == pytest.approx([1.0 - 100 * per_px, 0.8 - 60 * per_px], abs=dragged_within(per_px))
    assert_plane_consistent(shown, keys=KEYS, sharpness=1.0)
    assert shown["weights"]["ran"]["value"] > 0.1  # the query moved towards "ran"


def test_dragging_a_key_updates_its_score(browse, widget_root):
    page = open_toys(browse, widget_root)
    per_px = plane_units_per_pixel(page)
    drag(page, "#plane .point[data-point=red] .dot", 0, -80)
    shown = read_plane(page)
    assert shown["keys"]["red"] == pytest.approx([1.5, -1.0 + 80 * per_px], abs=dragged_within(per_px))
    assert shown["keys"]["girl"] == KEYS["girl"]
    assert_plane_consistent(shown, query=QUERY, sharpness=1.0)


def test_keyboard_moves_query_and_keys(browse, widget_root):
    page = open_toys(browse, widget_root)
    plane(page, ".point[data-point=query]").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Shift+ArrowUp")
    page.keyboard.press("ArrowDown")
    shown = read_plane(page)
    assert_plane_consistent(shown, query=[1.1, 1.2], keys=KEYS, sharpness=1.0)
    assert plane(page, ".point[data-point=query]").get_attribute("aria-label") == "query at (1.1, 1.2)"
    plane(page, ".point[data-point=ran]").focus()
    page.keyboard.press("Shift+ArrowLeft")
    keys = {**KEYS, "ran": [-1.7, 1.4]}
    assert_plane_consistent(read_plane(page), query=[1.1, 1.2], keys=keys, sharpness=1.0)
    assert "Weights: girl" in plane(page, ".status").text_content()


def test_zero_query_gives_equal_weights(browse, widget_root):
    page = open_toys(browse, widget_root)
    plane(page, "button[data-action=zero]").click()
    shown = assert_plane_consistent(read_plane(page), query=[0, 0], keys=KEYS, sharpness=1.0)
    scores, weights, _ = shown
    assert scores == pytest.approx([0, 0, 0, 0])
    assert weights == pytest.approx([0.25] * 4)
    assert [read_plane(page)["weights"][n]["text"] for n in NAMES] == ["25.0% (0.250)"] * 4


def test_nobody_fits_all_scores_negative_weights_sum_to_one(browse, widget_root):
    page = open_toys(browse, widget_root)
    plane(page, "button[data-action=nobody]").click()
    shown = read_plane(page)
    scores, weights, _ = assert_plane_consistent(shown, sharpness=1.0)
    assert all(s < 0 for s in scores)
    assert sum(w["value"] for w in shown["weights"].values()) == pytest.approx(1.0, abs=1e-12)
    # every key lies in one half-plane (x + y > 0), the query on the other side
    assert all(x + y > 0 for x, y in shown["keys"].values())
    assert sum(shown["query"]) < 0
    assert shown["nobodyNoteShown"]
    assert "cannot look nowhere" in plane(page, ".note-nobody").text_content()


def test_sharpness_slider_multiplies_the_scores(browse, widget_root):
    page = open_toys(browse, widget_root)
    plane(page, "input.sharpness").focus()
    for _ in range(15):
        page.keyboard.press("ArrowRight")
    shown = read_plane(page)
    assert shown["sharpness"] == pytest.approx(2.5)
    _, weights, _ = assert_plane_consistent(shown, query=QUERY, keys=KEYS, sharpness=2.5)
    assert weights[0] > 0.6  # sharper: girl takes more
    assert plane(page, ".sharpness-value").text_content() == "× 2.5"
    page.keyboard.press("Home")  # sharpness 0: scores ignored, weights equal
    _, weights, _ = assert_plane_consistent(read_plane(page), query=QUERY, keys=KEYS, sharpness=0.0)
    assert weights == pytest.approx([0.25] * 4)


def test_reset_restores_the_start(browse, widget_root):
    page = open_toys(browse, widget_root)
    plane(page, "button[data-action=nobody]").click()
    plane(page, "input.sharpness").focus()
    page.keyboard.press("End")
    drag(page, "#plane .point[data-point=query] .dot", 40, 40)
    plane(page, "button[data-action=reset]").click()
    assert_plane_consistent(read_plane(page), query=QUERY, keys=KEYS, sharpness=1.0)


# ---- W4 -------------------------------------------------------------------------------------

READ_MASK = """() => {
  const host = document.querySelector('#mask');
  const root = host.shadowRoot;
  const T = Number(host.dataset.size);
  const cells = Array.from({length: T}, () => []);
  for (const c of root.querySelectorAll('.cell')) {
    cells[Number(c.dataset.row)][Number(c.dataset.col)] = {
      weight: Number(c.dataset.value), score: Number(c.dataset.score),
      masked: c.getAttribute('aria-pressed') === 'true', text: c.textContent,
    };
  }
  const rows = [...root.querySelectorAll('tbody tr')].map(r => ({
    seesFuture: r.dataset.seesFuture === 'true', fullyMasked: r.dataset.fullyMasked === 'true',
    flagShown: !r.querySelector('.flag').hidden,
  }));
  const cost = Object.fromEntries([...root.querySelectorAll('.cost strong')]
      .map(e => [e.className.replace('cost-', ''), {value: Number(e.dataset.value), text: e.textContent}]));
  return {T, cells, rows, cost, summary: root.querySelector('.summary').textContent,
          active: root.activeElement && [root.activeElement.dataset.row, root.activeElement.dataset.col]};
}"""


def read_mask(page):
    return page.evaluate(READ_MASK)


def expected_weights(cells):
    """Python's own masked softmax over the scores the widget shows."""
    rows = []
    for row in cells:
        scores = np.array([c["score"] for c in row])
        visible = np.array([not c["masked"] for c in row])
        if not visible.any():
            rows.append(np.zeros(len(row)))
            continue
        e = np.where(visible, np.exp(scores - scores[visible].max()), 0.0)
        rows.append(e / e.sum())
    return rows


def assert_mask_consistent(shown):
    for i, (row, expected) in enumerate(zip(shown["cells"], expected_weights(shown["cells"]))):
        assert [c["weight"] for c in row] == pytest.approx(list(expected), abs=1e-12), f"row {i}"
        for c, w in zip(row, expected):
            assert c["text"] == ("×" if c["masked"] else f"{round(w * 100)}%")
        sees_future = any(not c["masked"] for c in row[i + 1 :])
        assert shown["rows"][i]["seesFuture"] == sees_future
        assert shown["rows"][i]["flagShown"] == sees_future


def mask_cell(page, i, j):
    return page.locator(f"#mask .cell[data-row='{i}'][data-col='{j}']")


def test_mask_starts_unmasked_and_every_row_sees_the_future(browse, widget_root):
    page = open_toys(browse, widget_root)
    shown = read_mask(page)
    assert shown["T"] == 5 and len(shown["cells"]) == 5 and all(len(r) == 5 for r in shown["cells"])
    assert not any(c["masked"] for row in shown["cells"] for c in row)
    assert_mask_consistent(shown)
    for row in shown["cells"]:
        assert sum(c["weight"] for c in row) == pytest.approx(1.0)
    assert [r["seesFuture"] for r in shown["rows"]] == [True] * 4 + [False]
    assert "4 rows see the future" in shown["summary"]


def test_clicking_a_cell_masks_it_and_the_row_renormalises(browse, widget_root):
    page = open_toys(browse, widget_root)
    before = read_mask(page)
    mask_cell(page, 2, 1).click()
    shown = read_mask(page)
    assert shown["cells"][2][1]["masked"] and shown["cells"][2][1]["weight"] == 0
    assert_mask_consistent(shown)
    assert sum(c["weight"] for c in shown["cells"][2]) == pytest.approx(1.0)
    # the other rows did not change
    for i in (0, 1, 3, 4):
        assert [c["weight"] for c in shown["cells"][i]] == [c["weight"] for c in before["cells"][i]]
    mask_cell(page, 2, 1).click()
    assert read_mask(page)["cells"] == before["cells"]


def test_a_fully_masked_row_has_zero_weights_and_is_reported(browse, widget_root):
    page = open_toys(browse, widget_root)
    for j in range(5):
        mask_cell(page, 1, j).click()
    shown = read_mask(page)
    assert [c["weight"] for c in shown["cells"][1]] == [0] * 5
    assert shown["rows"][1]["fullyMasked"]
    assert "nothing left to average" in shown["summary"]
    assert_mask_consistent(shown)


def test_causal_button_masks_the_upper_triangle_and_clears_every_flag(browse, widget_root):
    page = open_toys(browse, widget_root)
    page.locator("#mask button[data-action=causal]").click()
    shown = read_mask(page)
    for i, row in enumerate(shown["cells"]):
        assert [c["masked"] for c in row] == [j > i for j in range(5)]
    assert not any(r["seesFuture"] or r["flagShown"] for r in shown["rows"])
    assert shown["cells"][0][0]["weight"] == pytest.approx(1.0)
    assert "No row can see the future" in shown["summary"]
    assert_mask_consistent(shown)
    assert shown["cost"]["unmasked"]["value"] == 15
    page.locator("#mask button[data-action=clear]").click()
    assert not any(c["masked"] for row in read_mask(page)["cells"] for c in row)


def test_keyboard_moves_across_cells_and_toggles_them(browse, widget_root):
    page = open_toys(browse, widget_root)
    assert page.locator("#mask .cell[tabindex='0']").count() == 1
    mask_cell(page, 0, 0).focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    assert read_mask(page)["active"] == ["1", "2"]
    assert page.locator("#mask .cell[tabindex='0']").count() == 1
    page.keyboard.press("Enter")
    shown = read_mask(page)
    assert shown["cells"][1][2]["masked"]
    assert_mask_consistent(shown)
    page.keyboard.press("End")
    page.keyboard.press("Space")
    shown = read_mask(page)
    assert shown["active"] == ["1", "4"] and shown["cells"][1][4]["masked"]
    assert_mask_consistent(shown)
    page.keyboard.press("Space")
    assert not read_mask(page)["cells"][1][4]["masked"]


def test_cost_panel_counts_scores_for_t_and_for_512_tokens(browse, widget_root):
    page = open_toys(browse, widget_root)
    for T in (5, 6, 7, 8):
        cost = read_mask(page)["cost"]
        assert cost["t"]["value"] == T
        assert cost["scores"]["value"] == T * T
        assert cost["kept"]["value"] == T * (T + 1) // 2
        assert cost["masked"]["value"] == T * (T - 1) // 2
        assert cost["unmasked"]["value"] == T * T
        assert cost["long-scores"]["text"] == "262,144" == f"{512 * 512:,}"
        assert cost["long-kept"]["text"] == "131,328" == f"{512 * 513 // 2:,}"
        assert cost["long-all"]["text"] == "12,582,912" == f"{48 * 512 * 512:,}"
        assert cost["heads"]["value"] == 48 and cost["long-t"]["value"] == 512
        page.locator("#mask input.size").focus()
        page.keyboard.press("ArrowRight")
    assert read_mask(page)["T"] == 8  # the slider stops at 8
    page.keyboard.press("Home")
    shown = read_mask(page)
    assert shown["T"] == 2 and shown["cost"]["scores"]["value"] == 4 and shown["cost"]["kept"]["value"] == 3


def test_masks_survive_a_change_of_t(browse, widget_root):
    page = open_toys(browse, widget_root)
    page.locator("#mask button[data-action=causal]").click()
    page.locator("#mask input.size").focus()
    page.keyboard.press("ArrowLeft")
    shown = read_mask(page)
    assert shown["T"] == 4 and not any(r["seesFuture"] for r in shown["rows"])
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    shown = read_mask(page)
    assert shown["T"] == 6
    assert [r["seesFuture"] for r in shown["rows"]] == [True] * 5 + [False]  # the new column is open
    assert_mask_consistent(shown)


# ---- quizzes ----------------------------------------------------------------------------------


def choice(page, quiz, index):
    return page.locator(f"#{quiz} [role=radio]").nth(index)


def feedback(page, quiz):
    return page.locator(f"#{quiz} .feedback")


def test_quiz_is_a_radiogroup_with_hidden_explanations(browse, widget_root):
    page = open_toys(browse, widget_root)
    for quiz in ("quiz1", "quiz2"):
        group = page.locator(f"#{quiz} [role=radiogroup]")
        assert group.count() == 1
        labelled = group.get_attribute("aria-labelledby")
        assert page.locator(f"#{labelled}").text_content().endswith("?")
        assert page.locator(f"#{quiz} [role=radio]").count() == 3
        assert page.locator(f"#{quiz} [role=radio][aria-checked=false]").count() == 3
        assert page.locator(f"#{quiz} [role=radio][tabindex='0']").count() == 1
        assert not page.locator(f"#{quiz} .why").first.is_visible()
    # inline code in a choice's explanation and the question stays code
    assert page.locator("#quiz2 .question code").count() == 1


def test_quiz_by_click_right_and_wrong(browse, widget_root):
    page = open_toys(browse, widget_root)
    choice(page, "quiz1", 0).click()
    assert feedback(page, "quiz1").get_attribute("aria-live") == "polite"
    text = feedback(page, "quiz1").text_content()
    assert text.startswith("Not quite.") and "divides by the total" in text
    assert choice(page, "quiz1", 0).get_attribute("aria-checked") == "true"
    assert page.locator("#quiz1").get_attribute("data-result") == "wrong"
    choice(page, "quiz1", 1).click()
    text = feedback(page, "quiz1").text_content()
    assert text.startswith("Correct.") and "shares out all of the attention" in text
    assert choice(page, "quiz1", 0).get_attribute("aria-checked") == "false"
    assert choice(page, "quiz1", 1).get_attribute("aria-checked") == "true"
    assert page.locator("#quiz1").get_attribute("data-result") == "right"
    # the other quiz is untouched
    assert feedback(page, "quiz2").text_content() == ""


def test_quiz_by_keyboard_and_show_the_answer(browse, widget_root):
    page = open_toys(browse, widget_root)
    choice(page, "quiz2", 0).focus()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    assert choice(page, "quiz2", 2).evaluate("e => e === document.activeElement")
    assert choice(page, "quiz2", 2).get_attribute("tabindex") == "0"
    assert feedback(page, "quiz2").text_content() == ""  # moving is not choosing
    page.keyboard.press("Space")
    text = feedback(page, "quiz2").text_content()
    assert text.startswith("Not quite.") and "The diagonal is kept" in text
    page.keyboard.press("ArrowDown")  # wraps to the first
    page.keyboard.press("Enter")
    assert feedback(page, "quiz2").text_content().startswith("Correct.")
    assert feedback(page, "quiz2").locator("code").text_content() == "-inf"
    # a wrong answer offers the right one
    choice(page, "quiz1", 2).click()
    feedback(page, "quiz1").get_by_role("button", name="show the answer").click()
    assert feedback(page, "quiz1").text_content().startswith("Correct.")
    assert choice(page, "quiz1", 1).get_attribute("aria-checked") == "true"


# ---- phone width and palettes -----------------------------------------------------------------


@pytest.mark.parametrize("browse", [PHONE], indirect=True)
def test_toys_fit_a_phone_screen(browse, widget_root):
    page = open_toys(browse, widget_root)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375 + INVISIBLE_SHIFT_PX
    page.locator("#mask input.size").focus()
    page.keyboard.press("End")  # the widest grid
    assert read_mask(page)["T"] == 8
    plane(page, "button[data-action=nobody]").click()
    choice(page, "quiz2", 1).click()
    assert page.evaluate("document.documentElement.scrollWidth") <= 375 + INVISIBLE_SHIFT_PX
    for widget in ("#plane", "#mask", "#quiz1", "#quiz2"):
        assert page.locator(widget).bounding_box()["width"] <= 375 + INVISIBLE_SHIFT_PX
    # the 8 x 8 grid fits inside its widget
    grid = page.locator("#mask table").bounding_box()
    assert grid["x"] + grid["width"] <= 375 + INVISIBLE_SHIFT_PX
    # dragging on a phone-sized plane still works
    per_px = plane_units_per_pixel(page)
    drag(page, "#plane .point[data-point=query] .dot", 30, 0)
    shown = read_plane(page)
    assert shown["query"] == pytest.approx([-1.0 + 30 * per_px, -1.0], abs=dragged_within(per_px))
    assert_plane_consistent(shown)


THEME_PROBE = """() => {
  const plane = document.querySelector('#plane').shadowRoot;
  const mask = document.querySelector('#mask').shadowRoot;
  const style = (e, prop) => getComputedStyle(e)[prop];
  return {
    planeFrame: style(plane.querySelector('.frame'), 'backgroundColor'),
    planeGrid: style(plane.querySelector('.grid'), 'stroke'),
    planeText: style(plane.querySelector('.label'), 'fill'),
    maskCell: style(mask.querySelector('.cell'), 'backgroundColor'),
    maskFrame: style(mask.querySelector('.frame'), 'backgroundColor'),
    quizRight: getComputedStyle(document.querySelector('#quiz1')).getPropertyValue('--sq-right'),
  };
}"""


def test_palette_follows_the_theme_live(browse, widget_root):
    page = open_toys(browse, widget_root)
    light = page.evaluate(THEME_PROBE)
    page.evaluate("document.body.setAttribute('data-md-color-scheme', 'slate')")
    page.wait_for_function("document.querySelector('#mask').dataset.theme === 'dark'")
    dark = page.evaluate(THEME_PROBE)
    for name in light:
        assert not same_colour(light[name], dark[name]), name
    page.evaluate("document.body.setAttribute('data-md-color-scheme', 'default')")
    page.wait_for_function("document.querySelector('#plane').dataset.theme === 'light'")
    again = page.evaluate(THEME_PROBE)
    for name in light:
        assert same_colour(again[name], light[name]), name


def test_widgets_survive_being_moved_and_reinserted(browse, widget_root):
    """Instant navigation replaces the page content: elements must come back working."""
    page = open_toys(browse, widget_root)
    mask_cell(page, 0, 1).click()
    page.evaluate("""() => {
      const box = document.createElement('div');
      document.body.append(box);
      for (const id of ['plane', 'mask', 'quiz1']) box.append(document.getElementById(id));
    }""")
    assert read_mask(page)["cells"][0][1]["masked"]
    plane(page, ".point[data-point=query]").focus()
    page.keyboard.press("ArrowLeft")
    assert_plane_consistent(read_plane(page), query=[0.9, 0.8], keys=KEYS, sharpness=1.0)
    assert page.locator("#quiz1 [role=radio]").count() == 3
    assert page.locator("#quiz1 .mark").count() == 3  # upgraded once, not twice
    # a fresh element inserted later upgrades on insertion
    page.evaluate("""() => {
      const fresh = document.createElement('sprout-mask');
      fresh.id = 'fresh';
      fresh.setAttribute('size', '3');
      document.body.append(fresh);
    }""")
    page.wait_for_selector("#fresh[ready]", state="attached")
    assert page.locator("#fresh .cell").count() == 9
