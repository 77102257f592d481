"""Shared setup: the dpend binary and a fresh copy of the editor fixture workspace."""

import os
import pathlib
import shutil
import subprocess

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
FIXTURE = REPO / "Tests" / "EditorFixture"


def dpend_binary() -> str:
    """$DPEND_BIN, or the debug build SwiftPM made."""
    path = os.environ.get("DPEND_BIN") or str(REPO / ".build" / "debug" / "dpend")
    if not os.path.exists(path):
        pytest.fail(f"dpend binary not found at {path}: run `swift build` or set DPEND_BIN")
    return path


@pytest.fixture
def workspace(tmp_path: pathlib.Path) -> pathlib.Path:
    """A copy of Tests/EditorFixture, so edits never touch the repository."""
    root = tmp_path / "workspace"
    shutil.copytree(FIXTURE, root)
    return root


def generate_with_cli(root: pathlib.Path) -> str:
    """What `dpend generate` writes for `root`, run on a copy."""
    copy = root.parent / "cli-copy"
    shutil.copytree(root, copy)
    subprocess.run([dpend_binary(), "generate"], cwd=copy, check=True, capture_output=True, timeout=60)
    return (copy / "Generated" / "Dependencies.swift").read_text()
