"""Touch on a phone (375 x 812, touch events through the DevTools protocol, as a finger sends
them): W3's drag moves the query with the finger and never scrolls the page."""

import pytest
from conftest import INVISIBLE_SHIFT_PX
from test_widgets_toys import dragged_within, plane_units_per_pixel, read_plane

pytestmark = pytest.mark.browser


@pytest.fixture
def phone(chromium):
    context = chromium.new_context(viewport={"width": 375, "height": 812}, has_touch=True, is_mobile=True)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    context.close()
    assert errors == []


def finger_drag(page, x, y, dx, dy, steps=8, cdp=None):
    cdp = cdp or page.context.new_cdp_session(page)

    def touch(kind, px, py):
        points = [] if kind == "touchEnd" else [{"x": px, "y": py, "id": 1}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", x, y)
    for i in range(1, steps + 1):
        touch("touchMove", x + dx * i / steps, y + dy * i / steps)
    touch("touchEnd", x + dx, y + dy)


def test_dragging_the_query_with_a_finger_moves_it_with_the_finger_and_not_the_page(phone, widget_root):
    phone.goto(widget_root + "pages/toys.html")
    phone.wait_for_function("() => document.querySelector('#plane')?.hasAttribute('ready')")
    dot = phone.locator("#plane .point[data-point=query] .dot")
    dot.scroll_into_view_if_needed()
    phone.evaluate("window.scrollBy(0, 60)")  # leave room to scroll either way
    before = read_plane(phone)["query"]
    scrolled = phone.evaluate("window.scrollY")
    box = dot.bounding_box()
    per_px = plane_units_per_pixel(phone)
    finger_drag(phone, box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, -40, 70)
    after = read_plane(phone)["query"]
    assert abs(phone.evaluate("window.scrollY") - scrolled) <= INVISIBLE_SHIFT_PX
    # the query follows the whole path of the finger (screen y points down, the plane's y up)
    assert after == pytest.approx([before[0] - 40 * per_px, before[1] - 70 * per_px], abs=dragged_within(per_px))
