"""The chapter's sections (sprout.chapter.contents): each owns its prefixes of stats.json, in page
order, and every published number is read by something a reader or a test sees."""

import json
import re

import pytest

from site_files.prose_keys import prose_keys, template_keys
from sprout.chapter.claims import Claim
from sprout.chapter.contents import CLAIMS, SECTIONS, published, section_of
from sprout.chapter.declarations import Section, SectionError, check_prefixes
from tests.conftest import ROOT

STATS = json.loads((ROOT / "docs" / "artifacts" / "stats.json").read_text(encoding="utf-8"))
CHAPTER = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
PAGES = {page: (ROOT / "docs" / page).read_text(encoding="utf-8") for page in {s.page for s in SECTIONS}}


def section(prefix, numbers=None, read_elsewhere=()):
    return Section(prefix, prefix, lambda reading: numbers or {}, read_elsewhere=read_elsewhere)


def test_the_sections_follow_the_page():
    """Each section's heading is on its page, the chapter's sections first and each page's in its order."""
    pages = [s.page for s in SECTIONS]
    assert pages == sorted(pages, key=lambda p: p != "index.md") and pages[0] == "index.md"
    for page, text in PAGES.items():
        own = [s for s in SECTIONS if s.page == page]
        headings = [re.search(rf"^#+ {re.escape(s.heading)}$", text, re.MULTILINE) for s in own]
        assert all(headings), [s.heading for s, h in zip(own, headings) if not h]
        starts = [h.start() for h in headings]
        assert starts == sorted(starts), f"SECTIONS must list the sections of {page} in page order"


def test_a_key_outside_its_sections_prefix_is_one_line_naming_it():
    own = section("tom_he")
    assert own.checked({"tom_he.share": 1, "tom_he": 2}) == {"tom_he.share": 1, "tom_he": 2}
    with pytest.raises(SectionError, match=r"^section 'tom_he' returned 'probes.name.sprout', outside its prefix"):
        own.checked({"tom_he.share": 1, "probes.name.sprout": 2})
    with pytest.raises(SectionError, match="'tom_hex.share'"):
        own.checked({"tom_hex.share": 1})  # a prefix is a whole part of the name


def test_two_sections_claiming_one_prefix_is_one_line_naming_both():
    with pytest.raises(SectionError, match=r"^sections 'probes' and 'probes.name' both claim the prefix 'probes'$"):
        check_prefixes((section("probes"), section("probes.name")))
    check_prefixes((section("probes.pronoun"), section("probes.name")))


def test_each_section_module_is_named_for_its_prefix_and_a_key_for_its_section():
    import sprout.chapter.sections as sections

    for s in SECTIONS:
        assert getattr(sections, s.prefix).SECTION is s
    assert section_of("repeat.sprout.drop").prefix == "repeat" and section_of("nobody.x") is None


class Prose:
    def __init__(self, source):
        self.names, shapes = template_keys(source)
        self.shapes = tuple(shapes)

    def reads(self, key):
        return key in self.names or any(shape.match(key) for shape in self.shapes)


def test_a_section_publishes_what_the_prose_a_claim_or_its_list_reads_and_nothing_else():
    numbers = {
        "f1.printed": 1,
        "f1.in_a_loop.a.x": 2,
        "f1.in_a_loop.b.x": 3,
        "f1.head.layer": 4,
        "f1.head.head": 5,
        "f1.listed": 6,
        "f1.unread": 7,
        "f1.qk_norm_std": 8,  # a claim's
    }
    page = (
        '{{ stat("f1.printed", "pct") }} {{ head("f1.head") }}'
        '{% for part in ["a", "b"] %}{{ stat("f1.in_a_loop." ~ part ~ ".x") }}{% endfor %}'
    )
    kept = published(section("f1", read_elsewhere=("f1.listed",)), numbers, Prose(page))
    assert kept == {k: v for k, v in numbers.items() if k != "f1.unread"}
    assert published(section("f1"), numbers) == numbers  # no prose given: every number


def test_the_prose_keys_of_the_pages_are_read_without_rendering_them():
    read = prose_keys(ROOT / "docs")
    assert read.reads("tom_he.latest_share") and read.reads("ablation.tom_head.layer")  # stat() and head()
    assert read.reads("layer_race.depth_2.seed_3.drop_step")  # built in a loop
    assert not read.reads("tom_he.share")  # a claim's, not printed


def test_both_branches_of_an_if_are_read_whichever_the_numbers_take():
    names, _ = template_keys('{% if value("f1.a") < 1 %}{{ stat("f1.b") }}{% else %}{{ stat("f1.c") }}{% endif %}')
    assert {"f1.a", "f1.b", "f1.c"} <= names


def test_every_published_number_belongs_to_exactly_one_section():
    for key in STATS:
        owners = [s.name for s in SECTIONS if s.owns(key)]
        assert len(owners) == 1, (key, owners)


def test_every_claim_bounds_a_number_a_section_returns():
    for claim in CLAIMS:
        for key in claim.numbers():
            assert section_of(key) is not None, f"claim {claim.id!r} reads {key!r}, which no section owns"
            assert key in STATS or claim.on_validation, (claim.id, key)


def test_claims_are_named_once():
    ids = [c.id for c in CLAIMS]
    assert len(ids) == len(set(ids)), sorted({i for i in ids if ids.count(i) > 1})


def test_a_claim_reads_its_bound_from_numbers_and_stats():
    claim = Claim("a.x", "<", "2 * a.y + 0.5", "x below twice y")
    assert claim.numbers() == ["a.x", "a.y"]
    assert claim.holds({"a.x": 2.4, "a.y": 1}) and not claim.holds({"a.x": 2.6, "a.y": 1})
    assert Claim("a.x", ">=", 0.7, "x").holds({"a.x": 0.7})


# --- every number is read: by the prose, a claim or a widget, on whole keys

# where a reader of stats.json is: the pages, the widgets and the builds (their own tests are not readers)
READERS = ("docs", "site_assets", "build_artifacts", "build_site")
QUOTED = re.compile(r"""["'`]([\w.${}]+)["'`]""")


def reader_text():
    parts = []
    for folder in READERS:
        for path in (ROOT / folder).rglob("*"):
            skipped = {"artifacts", "tests", "node_modules"} & set(path.relative_to(ROOT).parts)
            if path.suffix in (".md", ".py", ".js", ".mjs", ".html") and not skipped:
                parts.append(path.read_text(encoding="utf-8"))
    return "\n".join(parts)


def read_by_prose_loops(text, keys):
    """Keys the prose builds in a loop ({% for kind in ... %} ... "prefix." ~ kind ~ ".suffix"):
    every key that the name's two ends and one part between them make."""
    found = set()
    for var, body in re.findall(r"\{%-? for (\w+) in .*?%\}(.*?)\{%-? endfor %\}", text, re.DOTALL):
        for prefix, suffix in re.findall(rf'"([\w.]*)" ~ {var} ~ "([\w.]*)"', body):
            made = re.compile(re.escape(prefix) + r"[^.]+" + re.escape(suffix) + "$")
            found |= {key for key in keys if made.match(key)}
    return found


def quoted_names(text):
    """Every quoted dotted name, whole: exact names, and JavaScript templates (`ablation.${role}.layer`)
    as patterns where each ${...} stands for one part."""
    names, shapes = set(), []
    for found in QUOTED.findall(text):
        if "${" in found:
            shapes.append(re.compile(re.sub(r"\\\$\\\{\w+\\\}", r"[^.]+", re.escape(found)) + "$"))
        else:
            names.add(found)
    return names, shapes


def unread(stats, text):
    claimed = {k for c in CLAIMS for k in c.numbers()}
    looped = read_by_prose_loops(text, stats)
    names, shapes = quoted_names(text)

    def quoted(name):
        return name in names or any(shape.match(name) for shape in shapes)

    def read(key):
        section = section_of(key)
        head_of = key.rsplit(".", 1)[0] if key.endswith((".layer", ".head")) else None
        return (
            key in claimed
            or key in looped
            or (section is not None and section.read_elsewhere_matches(key))
            or quoted(key)
            or (head_of is not None and quoted(head_of))
        )

    return sorted(k for k in stats if not read(k))


def test_every_published_number_is_read_by_something():
    missing = unread(STATS, reader_text())
    assert not missing, f"{len(missing)} numbers of stats.json nothing reads: {missing}"


def test_the_check_of_unread_numbers_can_fail():
    assert unread({"tom_he.share": 1, "nobody.reads.this": 2}, 'stat("tom_he.share")') == ["nobody.reads.this"]
    assert unread({"tom_he.layer": 1}, 'head("tom_he")') == []
    # a longer name does not read a shorter one, nor a shorter one a longer
    text = 'stat("baselines.previous_token.shuffled_best_head") stat("copying.weakest.raise")'
    assert unread({"baselines.previous_token.shuffled_best": 1, "copying.weak": 2}, text) == [
        "baselines.previous_token.shuffled_best",
        "copying.weak",
    ]
    assert unread({"ablation.tom_head.layer": 1}, "stats[`ablation.${role}.layer`]") == []
