"""The charts' still pictures (build_site/stills.py): one per chart, width and palette, drawn from
the committed figure, layout code and Plotly, and the build's refusal of a missing one."""

import json
import re

import pytest

from build_site import macros, stills
from build_site.macros import ChapterBuildError


def test_every_chart_a_page_shows_has_its_four_stills_drawn_from_what_is_committed():
    names = stills.chart_names()
    assert {"f1_dot_product_spread", "induction_loss", "model_losses", "training_story"} <= set(names)
    stale = [stills.still_path(*still).name for still in stills.out_of_date(names)]
    assert stale == [], f"out of date: {stale}; run `make stills`"


def test_the_still_widths_are_those_the_page_picks_between():
    layout_js = stills.LAYOUT_JS.read_text(encoding="utf-8")
    widths = re.search(r"STILL_WIDTHS = \{ wide: (\d+), narrow: (\d+) \}", layout_js)
    assert widths and {"wide": int(widths[1]), "narrow": int(widths[2])} == stills.WIDTHS
    narrow = int(re.search(r"NARROW = (\d+)", layout_js)[1])
    assert stills.WIDTHS["narrow"] < narrow <= stills.WIDTHS["wide"]


def test_a_still_records_its_key_and_gets_ids_that_do_not_change_between_drawings():
    drawn = (
        '<svg class="main-svg" width="720"><defs id="defs-3f9a1c"><clipPath id="clip3f9a1cxyplot">'
        '</clipPath></defs><g clip-path="url(#clip3f9a1cxyplot)"><text>3f9a1c</text></g></svg>'
    )
    finished = stills.finish_svg(drawn, "ab" * 32)
    assert finished.startswith(f'<svg data-sprout-key="{"ab" * 32}" class="main-svg"')
    assert 'id="defs-s"' in finished and 'id="clipsxyplot"' in finished and "url(#clipsxyplot)" in finished
    assert "<text>3f9a1c</text>" in finished, "text that happens to match the id is left alone"


def test_a_change_to_a_figure_or_to_the_layout_code_makes_its_stills_out_of_date(tmp_path, monkeypatch):
    name = "model_losses"
    for size, theme in stills.variants():  # copies of the committed stills
        still = stills.still_path(name, size, theme)
        (tmp_path / still.name).write_text(still.read_text(encoding="utf-8"), encoding="utf-8")
    assert stills.out_of_date([name], tmp_path) == []
    layout_js = tmp_path / "layout.js"
    layout_js.write_text(stills.LAYOUT_JS.read_text(encoding="utf-8") + "\n// changed\n", encoding="utf-8")
    monkeypatch.setattr(stills, "LAYOUT_JS", layout_js)
    assert len(stills.out_of_date([name], tmp_path)) == 4


def test_a_broken_or_missing_still_counts_as_out_of_date(tmp_path):
    stills.still_path("model_losses", "wide", "light", tmp_path).write_bytes(b"\xff\xfe not an svg")
    assert len(stills.out_of_date(["model_losses"], tmp_path)) == 4


def test_stills_of_a_figure_that_does_not_exist_are_refused_in_one_line():
    with pytest.raises(stills.StillsError, match="figure 'no_such_chart' is missing.*make artifacts"):
        stills.out_of_date(["no_such_chart"])


def test_check_exits_0_when_every_still_is_up_to_date(capsys):
    assert stills.main(["--check"]) == 0
    assert "out of date" not in capsys.readouterr().out


def test_a_page_showing_a_chart_without_stills_stops_the_build(tmp_path):
    (tmp_path / "stills").mkdir()
    with pytest.raises(ChapterBuildError, match="model_losses-wide-light.svg is missing.*make stills"):
        macros.still_height(tmp_path / "stills", "model_losses")
    stills.still_path("model_losses", "wide", "light", tmp_path / "stills").write_text("<svg></svg>")
    with pytest.raises(ChapterBuildError, match="not a still drawn by build_site/stills.py"):
        macros.still_height(tmp_path / "stills", "model_losses")
    story = json.loads((stills.FIGURES / "training_story.json").read_text(encoding="utf-8"))
    assert macros.still_height(stills.STILLS, "training_story") == story["layout"]["height"]
