"""Controls matched by layer (sprout/analysis/matched_controls.py), on a made-up 8 x 6 model."""

import pytest

from sprout.analysis.matched_controls import MATCHED_DRAWS, layer_mates, matched_sets, matched_together_sets

ALL = [(layer, head) for layer in range(1, 9) for head in range(1, 7)]
INDUCTION = [(5, 4), (5, 1), (5, 2), (5, 3), (5, 6)]  # five of layer 5's six heads, as in Sprout


def others_than(*removed):
    return [h for h in ALL if h not in removed]


def layers_of(controls):
    return [sorted(layer for layer, _ in c) for c in controls]


def test_a_layer_with_room_is_matched_within_itself():
    removed = [(3, 1), (3, 2), (6, 5)]
    controls, notes = matched_sets(removed, others_than(*removed), seed=0, draws=16)
    assert len(controls) == 16 and notes == []
    assert layers_of(controls) == [[3, 3, 6]] * 16
    assert all(not {tuple(h) for h in c} & set(removed) and len({tuple(h) for h in c}) == 3 for c in controls)


def test_a_full_layer_falls_back_to_its_neighbours_and_says_so():
    controls, notes = matched_sets(INDUCTION, others_than(*INDUCTION), seed=0)
    assert len(controls) == MATCHED_DRAWS
    for c in controls:
        assert [5, 5] in c  # the one head layer 5 has left, in every draw
        assert sorted(layer for layer, _ in c if layer != 5) in (
            [4] * 4,
            [4, 4, 4, 6],
            [4, 4, 6, 6],
            [4, 6, 6, 6],
            [6] * 4,
        )
    assert {layer for c in controls for layer, _ in c} == {4, 5, 6}  # both neighbours, never further
    assert notes == ["layer 5 has 1 other head(s) for 5 removed; 4 per draw drawn from layers 4 and 6"]


def test_the_next_layers_out_stand_in_when_the_neighbours_are_used_up():
    removed = [(1, h) for h in range(1, 7)]
    others = [(2, 1), (2, 2), (3, 1), (3, 2), (3, 3), (4, 1), (8, 1)]
    controls, notes = matched_sets(removed, others, seed=3, draws=4)
    assert layers_of(controls) == [[2, 2, 3, 3, 3, 4]] * 4
    assert notes == ["layer 1 has 0 other head(s) for 6 removed; 6 per draw drawn from layers 2, 3 and 4"]


def test_the_draws_are_fixed_by_the_seed():
    others = others_than(*INDUCTION)
    assert matched_sets(INDUCTION, others, seed=7) == matched_sets(INDUCTION, list(reversed(others)), seed=7)
    assert matched_sets(INDUCTION, others, seed=7)[0] != matched_sets(INDUCTION, others, seed=8)[0]


def test_one_head_is_matched_by_every_other_head_of_its_layer():
    controls, notes = layer_mates((4, 1), others_than((4, 1)))
    assert controls == [[[4, h]] for h in range(2, 7)] and notes == []
    controls, notes = layer_mates((7, 2), [(6, 1), (8, 3), (8, 4), (1, 1)])
    assert controls == [[[6, 1]], [[8, 3]], [[8, 4]]]
    assert notes == ["layer 7 has no other head; layers 6 and 8 stand in"]


def test_the_together_sets_keep_their_shape_beside_matched_controls():
    sets, controls, notes = matched_together_sets(INDUCTION[:2], others_than(*INDUCTION[:2]), seed=0, draws=8)
    assert sets == [[[5, 4]], [[5, 4], [5, 1]]]
    assert layers_of(controls) == [[5, 5]] * 8 and notes == []


@pytest.mark.parametrize(
    "call, words",
    [
        (lambda: matched_sets(INDUCTION, []), "0 other head(s) cannot stand in for 5 removed"),
        (lambda: matched_sets(INDUCTION, [(1, 1), (2, 2)]), "2 other head(s) cannot stand in for 5 removed"),
        (lambda: matched_sets([], ALL), "no heads to remove"),
        (lambda: matched_sets([(5, 4)], ALL), "[5, 4] is both removed and among the others"),
        (lambda: matched_sets([(5, 4)], others_than((5, 4)), draws=0), "draws must be at least 1"),
        (lambda: layer_mates((4, 1), []), "0 other head(s) cannot stand in for 1 removed"),
    ],
)
def test_no_control_is_one_line(call, words):
    with pytest.raises(ValueError) as caught:
        call()
    assert words in str(caught.value) and "\n" not in str(caught.value)
