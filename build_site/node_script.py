"""Runs one of build_site's node scripts: a JSON request on stdin, a JSON answer on stdout, and
on failure the script's last line on stderr."""

import json
import subprocess

from sprout import folders


class NodeScriptError(Exception):
    pass


def run_node_script(script, request, tool):
    """The script's JSON answer to `request`; NodeScriptError names `tool` and what went wrong."""
    try:
        done = subprocess.run(
            ["node", str(script)],
            input=json.dumps(request),
            capture_output=True,
            text=True,
            cwd=folders.REPOSITORY,
            check=False,
        )
    except FileNotFoundError:
        raise NodeScriptError(f"node is not installed: the site runs {tool} under node") from None
    if done.returncode != 0:
        lines = done.stderr.strip().splitlines() or [f"exit status {done.returncode}"]
        raise NodeScriptError(f"{tool}: {lines[-1]}")
    return json.loads(done.stdout)
