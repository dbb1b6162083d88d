"""scripts/system_packages.py: what make setup installs from Debian, and the one line it stops
with where it cannot (the machine's own packages stand in for by files made here)."""

import importlib.util
import os
import subprocess
import sys

import pytest

from tests.conftest import ROOT

spec = importlib.util.spec_from_file_location("system_packages", ROOT / "scripts" / "system_packages.py")
system_packages = importlib.util.module_from_spec(spec)
spec.loader.exec_module(system_packages)


class FakeMachine:
    """Packages as files in a folder; apt-get as a recorded call that installs them (or fails)."""

    def __init__(self, folder, installed, root, sudo, apt_works=True, apt_installs=True):
        self.folder, self.root, self.sudo = folder, root, sudo
        self.apt_works, self.apt_installs = apt_works, apt_installs
        self.calls = []
        for name in installed:
            self.install(name)

    def install(self, name):
        path = self.folder / name
        path.write_text("#!/bin/sh\n")
        path.chmod(0o755)

    def run(self, command, **kwargs):
        self.calls.append((command, kwargs.get("env", {}).get("DEBIAN_FRONTEND")))
        if command[:1] == ["sudo"] and command[1:] == ["-n", "true"]:
            return subprocess.CompletedProcess(command, 0 if self.sudo == "no password" else 1)
        if "install" in command and self.apt_works and self.apt_installs:
            for name in command[command.index("-qq") + 1 :]:
                self.install(name)
        return subprocess.CompletedProcess(command, 0 if self.apt_works else 100)


@pytest.fixture
def machine(tmp_path, monkeypatch):
    def make(installed, root=True, sudo=None, **apt):
        fake = FakeMachine(tmp_path, installed, root, sudo, **apt)
        monkeypatch.setattr(system_packages, "PACKAGES", {n: str(tmp_path / n) for n in ("chromium", "xvfb")})
        monkeypatch.setitem(system_packages.NEEDS, "all", ["chromium", "xvfb"])
        monkeypatch.setitem(system_packages.NEEDS, "browser", ["chromium"])
        monkeypatch.setattr(system_packages.os, "geteuid", lambda: 0 if root else 1000)
        tools = {"apt-get": "/usr/bin/apt-get", "sudo": "/usr/bin/sudo" if sudo else None}
        monkeypatch.setattr(system_packages.shutil, "which", lambda name: tools.get(name))
        return fake

    return make


APT = ["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", "chromium"]
SUDO_CHECK = (["sudo", "-n", "true"], None)
STOP_LINE = (
    "error: Debian's chromium is not installed: "
    "run `sudo apt-get update && sudo apt-get install -y chromium` (or `make setup` as root)"
)


@pytest.mark.parametrize(
    "installed, root, sudo, apt, calls, line",
    [
        (["chromium", "xvfb"], False, None, {}, [], None),  # nothing missing: nothing run
        (["xvfb"], True, None, {}, [(c, "noninteractive") for c in APT], None),
        (["xvfb"], False, "no password", {}, [SUDO_CHECK] + [(["sudo", *c], "noninteractive") for c in APT], None),
        (["xvfb"], False, "password", {}, [SUDO_CHECK], STOP_LINE),
        (["xvfb"], False, None, {}, [], STOP_LINE),
        (
            ["xvfb"],
            True,
            None,
            {"apt_works": False},
            [(APT[0], "noninteractive")],
            "error: `apt-get update -qq` failed (its message is above)",
        ),
        (["xvfb"], True, None, {"apt_installs": False}, [(c, "noninteractive") for c in APT], STOP_LINE),
    ],
)
def test_install_runs_apt_get_where_it_can_and_otherwise_names_it(machine, installed, root, sudo, apt, calls, line):
    fake = machine(installed, root, sudo, **apt)
    problem = system_packages.install(run=fake.run)
    assert fake.calls == calls
    assert problem == line


def test_check_names_only_what_the_tier_lacks(machine):
    machine(["chromium"])
    assert system_packages.missing_line("browser") is None
    assert system_packages.missing_line() == STOP_LINE.replace("chromium", "xvfb")


def test_the_command_line_exits_1_with_the_line(tmp_path):
    env = {**os.environ, "PATH": str(tmp_path)}  # no node, no npm on this PATH
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "system_packages.py"), "check"], capture_output=True, text=True, env=env
    )
    assert done.returncode == 1
    assert len(done.stderr.splitlines()) == 1 and "nodejs, npm" in done.stderr and "apt-get install -y" in done.stderr
