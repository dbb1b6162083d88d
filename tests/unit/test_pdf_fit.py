"""The paper's figures made smaller to fill a half-empty page (build_site/pdf_fit.py): the share
each loses, and where a figure's words landed."""

import pytest

from build_site import pdf_fit


def test_the_figures_lose_what_is_needed_each_by_the_same_share_of_what_it_may_lose():
    heights = pdf_fit.smaller_heights([600, 300], 90)
    assert sum([600, 300]) - sum(heights) == pytest.approx(90)
    assert heights[0] == pytest.approx(540) and heights[1] == pytest.approx(270)  # 10% each
    assert all(new >= pdf_fit.SMALLEST * old for new, old in zip(heights, [600, 300], strict=True))


def test_nothing_is_made_smaller_beyond_what_a_figure_may_lose_or_when_nothing_is_needed():
    can_lose = (1 - pdf_fit.SMALLEST) * 900
    assert pdf_fit.smaller_heights([900], can_lose + 1) == []
    assert pdf_fit.smaller_heights([900], can_lose) == [pytest.approx(pdf_fit.SMALLEST * 900)]
    assert pdf_fit.smaller_heights([900], 0) == [] and pdf_fit.smaller_heights([900], -5) == []


def test_a_figure_is_found_on_its_page_by_its_words_whatever_the_line_breaks():
    texts = [pdf_fit.squeezed(t) for t in ("The race:\nloss on the repeat", "Sprout wasn't born with\ninduction heads")]
    assert pdf_fit.page_holding(texts, pdf_fit.squeezed("Sprout wasn't born with induction heads")) == 1
    assert pdf_fit.page_holding(texts, pdf_fit.squeezed("The race: loss")) == 0
    assert pdf_fit.page_holding(texts, pdf_fit.squeezed("not printed")) is None
    assert pdf_fit.page_holding(texts, "") is None
