"""The wheel and the sdist: the project's links in the wheel's metadata, `cribbage --rules` and
the manual page from a wheel installed in a fresh virtual environment, far from the source; an
sdist that holds what its tests read."""

from __future__ import annotations

import email.parser
import subprocess
import sys
import tarfile
import tomllib
import venv
import zipfile
from pathlib import Path

import pytest

from cribbage.instructions import render

ROOT = Path(__file__).resolve().parents[1]


def _run(*command: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


@pytest.mark.slow
def test_the_installed_wheel_carries_the_rules(tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    built = _run(
        sys.executable,
        "-m",
        "pip",
        "wheel",
        "--no-deps",
        "--quiet",
        "-w",
        wheels,
        ROOT,
        cwd=tmp_path,
    )
    assert built.returncode == 0, built.stderr
    (wheel,) = wheels.glob("cribbage-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        (metadata,) = (name for name in archive.namelist() if name.endswith(".dist-info/METADATA"))
        fields = email.parser.BytesHeaderParser().parsebytes(archive.read(metadata))
    urls = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["urls"]
    assert urls, "pyproject.toml names the BSD game's pages"
    assert fields.get_all("Project-URL") == [f"{label}, {url}" for label, url in urls.items()]

    env_dir = tmp_path / "env"
    venv.create(env_dir, with_pip=False)
    python = env_dir / "bin" / "python"
    installed = _run(
        sys.executable,
        "-m",
        "pip",
        "--python",
        python,
        "install",
        "--no-deps",
        "--quiet",
        wheel,
        cwd=tmp_path,
    )
    assert installed.returncode == 0, installed.stderr

    where = _run(python, "-c", "import cribbage; print(cribbage.__file__)", cwd=tmp_path)
    assert Path(where.stdout.strip()).is_relative_to(env_dir)
    shown = _run(env_dir / "bin" / "cribbage", "--rules", cwd=tmp_path)
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout == render((ROOT / "docs" / "cribbage.n").read_text(encoding="utf-8"))
    manual = env_dir / "share" / "man" / "man6" / "cribbage.6"
    assert manual.read_text(encoding="utf-8") == (ROOT / "docs" / "cribbage.6").read_text(
        encoding="utf-8"
    )


@pytest.mark.slow
def test_the_sdist_holds_everything_its_tests_read(tmp_path: Path) -> None:
    """A plain sdist tests on its own: the test data, the docs and the scripts the tests load
    are all in it."""
    built = _run(sys.executable, "-m", "build", "--sdist", "-o", tmp_path, ROOT, cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    (sdist,) = tmp_path.glob("cribbage-*.tar.gz")
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    needed = {
        str(path.relative_to(ROOT))
        for folder in ("tests", "docs", "benchmarks", "tools")
        for path in (ROOT / folder).rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }
    assert needed <= names, sorted(needed - names)
