"""Scripts/decode-qr-pane runs as the README writes it, from a Python without Pillow (ux-3 item 24)."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

SCRIPT = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                      "Scripts", "decode-qr-pane")
BASE_PYTHON = os.path.join(sys.base_prefix, "bin", "python3")


def has_pillow(python: str) -> bool:
    return subprocess.run([python, "-c", "import PIL"], capture_output=True).returncode == 0


@pytest.mark.skipif(not os.access(BASE_PYTHON, os.X_OK) or has_pillow(BASE_PYTHON),
                    reason="needs a Python without Pillow beside the virtualenv's")
def test_without_pillow_it_runs_again_with_the_virtualenv(tmp_path):
    # A pane with no QR code: the image is made (Pillow works) and zbarimg finds nothing (exit 4), or
    # zbarimg is missing; either way not the ImportError of before.
    pane = tmp_path / "pane.txt"
    pane.write_text("no code here\n", encoding="utf-8")
    env = dict(os.environ, LATCHKEY_VENV=sys.prefix)
    result = subprocess.run([BASE_PYTHON, SCRIPT, "--help"], capture_output=True, text=True, env=env)
    assert result.returncode == 0, result.stderr
    assert "usage: decode-qr-pane" in result.stdout
    png = tmp_path / "pane.png"
    result = subprocess.run([BASE_PYTHON, SCRIPT, str(pane), "--png", str(png)], capture_output=True, text=True,
                            env=env)
    assert "ModuleNotFoundError" not in result.stderr and "needs Pillow" not in result.stderr, result.stderr
    assert png.exists()


@pytest.mark.skipif(not os.access(BASE_PYTHON, os.X_OK) or has_pillow(BASE_PYTHON),
                    reason="needs a Python without Pillow")
def test_without_pillow_or_virtualenv_it_says_how_to_get_one(tmp_path):
    env = dict(os.environ, LATCHKEY_VENV=str(tmp_path / "no-venv"))
    result = subprocess.run([BASE_PYTHON, SCRIPT, "--help"], capture_output=True, text=True, env=env)
    assert result.returncode == 2
    assert "Scripts/local-backend --ensure-only" in result.stderr
