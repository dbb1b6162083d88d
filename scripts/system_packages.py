"""What the build and the test suite need from Debian, checked and installed.

    python3 scripts/system_packages.py install        # make setup: installs what is missing
    python3 scripts/system_packages.py check [NEED]   # says in one line what is missing (exit 1)

`install` runs apt-get as root, or through sudo where sudo needs no password; otherwise it stops
in one line naming the apt-get command to run. NEED picks what to check: `browser` (Chromium,
for the stills and the PDF, and its headless shell, for the browser tests), `engines` (Firefox
ESR, WebKitGTK's driver and Xvfb, for tests/browser/test_engines.py), `all` (the default: those
and Node). The browser tests call
`missing_line` before they start (tests/browser/conftest.py), so a machine without the browsers
fails there with the same line rather than skipping them.

Standard library only: it runs before the virtual environment exists.
"""

import argparse
import importlib.util
import os
import shutil
import subprocess
import sys

# Debian package -> how to see it is installed: an absolute path the project starts, a command on
# PATH, or a Python module of this interpreter
PACKAGES = {
    "chromium": "/usr/bin/chromium",
    # the same Chromium without the browser's window code: what the browser tests drive
    "chromium-headless-shell": "/usr/bin/chromium-headless-shell",
    "firefox-esr": "/usr/bin/firefox-esr",
    # WebKitWebDriver; its dependency libwebkit2gtk-4.1-0 brings the MiniBrowser it drives
    "webkit2gtk-driver": "/usr/bin/WebKitWebDriver",
    "xvfb": "/usr/bin/Xvfb",
    "nodejs": "node",
    "npm": "npm",
    "python3-venv": "python:ensurepip",  # `python3 -m venv` (make setup) fails without it on Debian
}
NEEDS = {
    "browser": ["chromium", "chromium-headless-shell"],
    "engines": ["firefox-esr", "webkit2gtk-driver", "xvfb"],
    "all": list(PACKAGES),
}


def installed(package):
    sign = PACKAGES[package]
    if sign.startswith("python:"):
        return importlib.util.find_spec(sign.removeprefix("python:")) is not None
    if os.path.isabs(sign):
        return os.access(sign, os.X_OK)
    return shutil.which(sign) is not None


def missing_packages(need="all"):
    return [package for package in NEEDS[need] if not installed(package)]


def apt_command(packages):
    return f"sudo apt-get update && sudo apt-get install -y {' '.join(packages)}"


def missing_line(need="all"):
    """One line naming what is missing and the command that installs it, or None."""
    missing = missing_packages(need)
    if not missing:
        return None
    return (
        f"error: Debian's {', '.join(missing)} {'is' if len(missing) == 1 else 'are'} not installed: "
        f"run `{apt_command(missing)}` (or `make setup` as root)"
    )


def privilege_prefix(run=subprocess.run):
    """[] as root, ["sudo"] where sudo runs without a password, else None."""
    if os.geteuid() == 0:
        return []
    if shutil.which("sudo") and run(["sudo", "-n", "true"], capture_output=True).returncode == 0:
        return ["sudo"]
    return None


def install(run=subprocess.run):
    """Installs what is missing; -> the line that says why not, or None once all is there."""
    missing = missing_packages()
    if not missing:
        return None
    prefix = privilege_prefix(run)
    if prefix is None or not shutil.which("apt-get"):
        return missing_line()
    print(f"installing from Debian: {' '.join(missing)}", flush=True)
    environment = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for command in (["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", *missing]):
        if run([*prefix, *command], env=environment, stdout=subprocess.DEVNULL).returncode != 0:
            return f"error: `{' '.join(prefix + command)}` failed (its message is above)"
    return missing_line()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=["install", "check"])
    parser.add_argument("need", nargs="?", choices=sorted(NEEDS), default="all")
    args = parser.parse_args(argv)
    problem = install() if args.action == "install" else missing_line(args.need)
    if problem:
        print(problem, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
