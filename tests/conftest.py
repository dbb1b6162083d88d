import pytest
import torch

from sprout import folders
from sprout.corpus import stories
from sprout.model import TransformerConfig, WindowConfig, build_model
from sprout.tokenizer import Tokenizer

SMALL = {
    "window": WindowConfig(vocab_size=300, d_embed=8, d_hidden=32),
    "gpt1": TransformerConfig(vocab_size=300, context=64, n_layer=1, n_head=4, d_model=32),
    "sprout": TransformerConfig(vocab_size=300, context=64, n_layer=2, n_head=2, d_model=32),
}


@pytest.fixture(scope="session")
def tokenizer():
    return Tokenizer.train(stories.generate_stories(123, 300), vocab_size=600)


@pytest.fixture(params=sorted(SMALL))
def small_model(request):
    torch.manual_seed(0)
    return build_model(SMALL[request.param]).eval()


@pytest.fixture(params=["gpt1", "sprout"])
def small_transformer(request):
    torch.manual_seed(0)
    return build_model(SMALL[request.param]).eval()


@pytest.fixture(scope="module")
def one_thread():
    """Tiny models run fastest on one thread (and the machine may be busy)."""
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(threads)


@pytest.fixture(scope="session")
def tinystories():
    """The TinyStories folder, or a skip that names where it was looked for."""
    folder = folders.default_tinystories_dir()
    if folder is None:
        looked_for = folders.tinystories_looked_for()
        where = (
            "nowhere: SPROUT_TINYSTORIES=none switches the default folder off"
            if looked_for is None
            else f"{looked_for} is absent (set SPROUT_TINYSTORIES=DIR)"
        )
        pytest.skip(f"needs the TinyStories folder; looked {where}")
    return folder
