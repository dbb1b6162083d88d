"""sprout data download: the full TinyStories from the Hugging Face Hub, into the Hub's cache.

huggingface_hub writes each file as blobs/<etag>.incomplete, renames it when its size checks
out and only then links it into the snapshot folder, so an interrupted download is resumed by
the next call and no half file is ever in the folder that training reads."""

from pathlib import Path

REPO = "roneneldan/TinyStories"
# the validation file first: it is small, so an unreachable Hub shows at once
FILES = ("TinyStories-valid.txt", "TinyStories-train.txt")


class DownloadError(RuntimeError):
    pass


def unreachable(reason):
    return DownloadError(
        f"cannot reach the Hugging Face Hub for {REPO} ({reason}); without it, pass "
        "--tinystories DIR or set SPROUT_TINYSTORIES=DIR to a folder of TinyStories .txt files"
    )


def check_reachable(endpoint):
    """One quick request, so that a machine without the Hub hears so at once rather than after
    the library's minutes of retries."""
    import httpx2
    from huggingface_hub import constants

    if constants.HF_HUB_OFFLINE:
        raise unreachable("HF_HUB_OFFLINE is set")
    try:
        httpx2.head(f"{endpoint or constants.ENDPOINT}/api/datasets/{REPO}", timeout=10)
    except httpx2.HTTPError as e:
        raise unreachable(type(e).__name__) from None


def download_tinystories(cache_dir=None, endpoint=None, files=FILES):
    """The snapshot folder holding `files` (downloaded where missing, with progress bars)."""
    import httpx2
    from huggingface_hub import hf_hub_download, try_to_load_from_cache
    from huggingface_hub.errors import HfHubHTTPError, LocalEntryNotFoundError, OfflineModeIsEnabled

    cached = {try_to_load_from_cache(REPO, name, cache_dir=cache_dir, repo_type="dataset") for name in files}
    if all(isinstance(path, str) for path in cached) and len({Path(p).parent for p in cached}) == 1:
        return Path(cached.pop()).parent
    check_reachable(endpoint)
    folders = set()
    for name in files:
        try:
            path = hf_hub_download(
                REPO, name, repo_type="dataset", cache_dir=cache_dir, endpoint=endpoint, etag_timeout=10
            )
        except (LocalEntryNotFoundError, OfflineModeIsEnabled, httpx2.ConnectError, httpx2.TimeoutException) as e:
            raise unreachable(type(e).__name__) from None
        except (HfHubHTTPError, httpx2.HTTPError, OSError) as e:
            first_line = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
            raise DownloadError(
                f"download of {name} stopped ({first_line}); nothing half-done is used, "
                f"run `sprout data download` again to resume"
            ) from None
        folders.add(Path(path).parent)
    if len(folders) != 1:
        raise DownloadError(
            f"the files of {REPO} came from different revisions: {sorted(map(str, folders))}; "
            "run `sprout data download` again"
        )
    return folders.pop()
