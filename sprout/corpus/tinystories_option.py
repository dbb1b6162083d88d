"""The --tinystories option, one definition for `sprout` and `python -m build_artifacts`: a
TinyStories folder, 'none' to go without one, or nothing for the default place (sprout.folders:
this option is the entry points' own)."""

from pathlib import Path

from .. import folders

HELP = (
    "TinyStories folder, or 'none' to go without (default: $SPROUT_TINYSTORIES or ../shared/data/tinystories, if there)"
)


def add_tinystories_option(parser, help=HELP):
    parser.add_argument("--tinystories", default="", help=help)


def tinystories_folder(arg):
    """The folder --tinystories names: None for 'none', the default folder (or None where there is
    none) when it was not given. A folder that is not there is one line of error."""
    if arg == "none":
        return None
    if arg:
        if not Path(arg).is_dir():
            raise FileNotFoundError(f"--tinystories: no folder at {arg}")
        return Path(arg)
    return folders.default_tinystories_dir()
