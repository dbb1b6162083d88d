"""Which heads made a guess (sprout.analysis.guess_heads): direct effects add up to the run's own
logits, a removal is the head switch's, and on the hand-set copier the two readings disagree
where they should: the previous-token head writes nothing about the next token yet costs the
guess most, the induction head writes the guess."""

import dataclasses

import pytest
import torch
from hand_copier import CFG, INDUCTION, PREVIOUS_TOKEN, UNUSED, V, hand_set_copier

from sprout import export, forward
from sprout import guess_heads_graph as graph
from sprout.analysis import ablate
from sprout.analysis import guess_heads as g
from sprout.corpus.data import repeat_batch
from sprout.model import build_model
from sprout.precision import in_float64

N = 10  # |R| of the copier's repeats


@pytest.fixture(scope="module")
def copier():
    return hand_set_copier()


@pytest.fixture(scope="module")
def copier_means(copier):
    return ablate.mean_head_outputs(copier, repeat_batch(V, 0, N, 16, seed=6).tolist(), autocast_bf16=False)


@pytest.fixture(scope="module")
def repeat():
    return repeat_batch(V, 0, N, 1, seed=3)[0].tolist()  # [◆, R, R]


@pytest.fixture(scope="module")
def random_model():
    torch.manual_seed(1)
    cfg = dataclasses.replace(CFG, d_model=64, n_head=4, n_layer=3, mlp_ratio=2)
    model = in_float64(build_model(cfg)).eval()
    with torch.no_grad():
        for name, p in model.named_parameters():
            if "norm" in name:
                p.uniform_(0.5, 1.5)  # gains away from 1, so that a missed gain shows
            else:
                p.normal_(0, 0.3)
    return model


def test_direct_effects_with_the_embedding_and_the_mlps_give_back_the_models_logit(random_model):
    model = random_model
    ids = [0, 5, 17, 3, 42, 5, 17, 9]
    token = 6
    direct, trace = g.direct_effects(model, ids, token)
    position, target = token - 1, ids[token]
    _, stream = g.final_stream(model, torch.tensor([ids[:token]]))
    u = graph.logit_directions(model, stream[0, position], torch.tensor(target))
    mlps = []
    with torch.no_grad():
        for layer, block in enumerate(model.blocks):
            entering = trace.streams[layer]
            after_attention = entering + block.attn(block.attn_norm(entering), model.cos, model.sin)
            mlps.append(block.mlp(block.mlp_norm(after_attention))[0, position] @ u)
        embedding = model.embed(torch.tensor([ids[position]]))[0] @ u
        logits = model(torch.tensor([ids[:token]]))[0, position]
    total = direct.sum() + embedding + sum(mlps)
    assert total.item() == pytest.approx((logits[target] - logits.mean()).item(), abs=1e-9)


def test_each_layers_heads_write_what_its_attention_writes(random_model):
    model = random_model
    ids = torch.tensor([[0, 7, 3, 7, 3, 11]])
    trace = forward.run(model, ids, heads=True, streams=True)
    with torch.no_grad():
        for position in range(ids.size(1)):
            for layer, block in enumerate(model.blocks):
                writes = graph.head_writes(model, layer, trace.heads[layer][0, position])
                attention = block.attn(block.attn_norm(trace.streams[layer]), model.cos, model.sin)
                assert torch.allclose(writes.sum(0), attention[0, position], atol=1e-10)


def test_a_removal_costs_what_a_rerun_with_that_heads_switch_off_costs(copier, copier_means, repeat):
    token = 1 + N + 4  # inside the second copy
    logprob, removal = g.removal_costs(copier, repeat, token, copier_means)
    switches = export.BrowserForward(copier, copier_means).eval()
    empty = torch.zeros(CFG.n_layer, CFG.n_head, 0, CFG.head_dim)
    ids = torch.tensor([repeat[:token]])

    def switched_logprob(on):
        with torch.no_grad():
            logits = switches(ids, on, empty, empty)[0][-1]
        return logits.log_softmax(-1)[repeat[token]].item()

    assert logprob == pytest.approx(switched_logprob(torch.ones(CFG.n_layer, CFG.n_head)), abs=1e-4)
    for layer in range(CFG.n_layer):
        for head in range(CFG.n_head):
            on = torch.ones(CFG.n_layer, CFG.n_head)
            on[layer, head] = 0
            assert removal[layer, head].item() == pytest.approx(logprob - switched_logprob(on), abs=1e-4)


def test_the_two_readings_name_different_heads_on_the_copier(copier, copier_means, repeat):
    found = g.guess_heads(copier, repeat, 1 + N + 4, copier_means)
    assert found.target == repeat[1 + N + 4]
    assert g.ranked(found.direct, 1)[0][0] == tuple(i + 1 for i in INDUCTION)
    assert g.ranked(found.removal, 1)[0][0] in {tuple(i + 1 for i in h) for h in (INDUCTION, PREVIOUS_TOKEN)}
    assert found.direct[PREVIOUS_TOKEN].abs().item() < 1e-9, "it writes where the unembedding does not read"
    assert found.removal[PREVIOUS_TOKEN].item() > 1.0, "yet the induction head needs what it writes"
    assert found.direct[UNUSED].item() == 0 and abs(found.removal[UNUSED].item()) < 1e-4


def test_ranked_lists_every_head_largest_first_one_based():
    values = torch.tensor([[0.5, -1.0], [2.0, 0.5]])
    assert g.ranked(values) == [((2, 1), 2.0), ((1, 1), 0.5), ((2, 2), 0.5), ((1, 2), -1.0)]
    assert g.ranked(values, 1) == [((2, 1), 2.0)]


@pytest.mark.parametrize(
    "token, words",
    [
        (None, "no token is selected"),
        (0, "token 0 is ◆"),
        (12, "token 12 is not in the text"),
        (-1, "token -1 is not in the text"),
        (2.0, "must be a whole number"),
    ],
)
def test_a_token_no_guess_belongs_to_is_one_line(token, words):
    with pytest.raises(g.GuessError, match=words) as caught:
        g.check_token(list(range(12)), token)
    assert "\n" not in str(caught.value)
