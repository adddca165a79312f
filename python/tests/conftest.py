"""Shared helpers: the repository, its bundled games and the `ludus` binary
(built by `cargo test` in CI; built here if missing)."""

import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
GAMES = sorted((ROOT / "games").glob("*.game"))


def ludus_bin():
    env = os.environ.get("LUDUS_BIN")
    if env:
        return env
    for profile in ("debug", "release"):
        path = ROOT / "target" / profile / "ludus"
        if path.exists():
            return str(path)
    subprocess.run(["cargo", "build", "--quiet", "--bin", "ludus"], cwd=ROOT, check=True)
    return str(ROOT / "target" / "debug" / "ludus")


@pytest.fixture(scope="session")
def cli():
    """Runs the ludus binary with `--json` output and returns it parsed."""
    binary = ludus_bin()

    def run(*args):
        out = subprocess.run(
            [binary, *map(str, args)], cwd=ROOT, check=True, capture_output=True, text=True
        )
        return json.loads(out.stdout)

    return run
