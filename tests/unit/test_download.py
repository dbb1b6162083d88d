"""sprout data download against a Hub that lives in the test (never the network)."""

import hashlib
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from sprout.cli import main
from sprout.corpus import data
from sprout.download import FILES, REPO, DownloadError, download_tinystories

COMMIT = "a" * 40
CONTENT = {
    "TinyStories-valid.txt": "Tom had a red ball.\n<|endoftext|>\nMia saw a cat.\n<|endoftext|>\n" * 50,
    "TinyStories-train.txt": "Sam ran to the park.\n<|endoftext|>\nThe sun was warm.\n<|endoftext|>\n" * 4000,
}


class FakeHub(BaseHTTPRequestHandler):
    """The two resolve URLs of the dataset; with `cut`, a body stops half-way and every try to
    resume it fails, as on a connection that keeps dropping."""

    cut = False

    def log_message(self, *args):
        pass

    def file(self):
        prefix = f"/datasets/{REPO}/resolve/main/"
        name = self.path[len(prefix) :] if self.path.startswith(prefix) else None
        return CONTENT[name].encode() if name in CONTENT else None

    def head_for(self, body, status=200, length=None):
        self.send_response(status)
        self.send_header("X-Repo-Commit", COMMIT)
        self.send_header("ETag", f'"{hashlib.sha256(body).hexdigest()}"')
        self.send_header("Content-Length", str(len(body) if length is None else length))
        self.end_headers()

    def do_HEAD(self):
        body = self.file()
        if body is None:
            self.send_error(404)
        else:
            self.head_for(body)

    def do_GET(self):
        body = self.file()
        if body is None:
            return self.send_error(404)
        start = int(self.headers["Range"].split("=")[1].split("-")[0]) if self.headers.get("Range") else 0
        if self.cut and start:
            return self.send_error(500, "connection lost")
        self.head_for(body, 206 if start else 200, len(body) - start)
        self.wfile.write(body[start : len(body) // 2] if self.cut else body[start:])
        self.wfile.flush()
        self.close_connection = True


@pytest.fixture
def hub():
    server = ThreadingHTTPServer(("127.0.0.1", 0), FakeHub)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server
    server.shutdown()
    FakeHub.cut = False


def endpoint(server):
    return f"http://127.0.0.1:{server.server_port}"


def test_download_fills_a_folder_training_reads(hub, tmp_path):
    folder = download_tinystories(cache_dir=tmp_path, endpoint=endpoint(hub))
    assert sorted(p.name for p in folder.iterdir()) == sorted(FILES)
    assert [p.name for p in data.tinystories_train_files(folder)] == ["TinyStories-train.txt"]
    assert data.validation_stories(folder, 2) == ["Tom had a red ball.", "Mia saw a cat."]
    # a second call finds everything in the cache and asks nothing of the Hub
    hub.shutdown()
    assert download_tinystories(cache_dir=tmp_path, endpoint=endpoint(hub)) == folder


def test_an_interrupted_download_leaves_no_half_file_and_resumes(hub, tmp_path, capsys):
    FakeHub.cut = True
    with pytest.raises(
        DownloadError, match="download of TinyStories-valid.txt stopped.*run `sprout data download` again"
    ):
        download_tinystories(cache_dir=tmp_path, endpoint=endpoint(hub))
    assert not [p for p in tmp_path.rglob("*.txt")], "no file name points at a partial download"
    FakeHub.cut = False
    folder = download_tinystories(cache_dir=tmp_path, endpoint=endpoint(hub))
    for name, text in CONTENT.items():
        assert (folder / name).read_text() == text


def test_offline_fails_at_once_with_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr("huggingface_hub.constants.HF_HUB_OFFLINE", True)
    assert main(["data", "download", "--cache-dir", str(tmp_path)]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert "cannot reach the Hugging Face Hub" in err and "--tinystories DIR" in err and "SPROUT_TINYSTORIES" in err


def test_an_unreachable_hub_fails_at_once(tmp_path):
    import socket

    with socket.socket() as s:  # a port nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(DownloadError, match="cannot reach the Hugging Face Hub.*--tinystories DIR"):
        download_tinystories(cache_dir=tmp_path, endpoint=f"http://127.0.0.1:{port}")


def test_the_command_prints_the_folder_alone_on_stdout(hub, tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("huggingface_hub.constants.ENDPOINT", endpoint(hub))
    monkeypatch.setattr(
        "huggingface_hub.constants.HUGGINGFACE_CO_URL_TEMPLATE",
        endpoint(hub) + "/{repo_id}/resolve/{revision}/{filename}",
    )
    assert main(["data", "download", "--cache-dir", str(tmp_path)]) == 0
    folder = Path(capsys.readouterr().out.strip())
    assert folder.is_dir() and (folder / "TinyStories-train.txt").is_file()
