"""Where the player's data directory is: `data_dir`, from the environment and the platform."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from pathlib import Path

__all__ = ["data_dir", "data_dir_text", "records_directory", "records_text"]


def data_dir(environ: Mapping[str, str] | None = None, platform: str | None = None) -> Path:
    """The directory for saves and statistics (not created here).

    `CRIBBAGE_HOME` if set; otherwise `$XDG_STATE_HOME/cribbage` or `~/.local/state/cribbage`
    on Linux and other Unixes, `~/Library/Application Support/cribbage` on macOS and
    `%LOCALAPPDATA%\\cribbage` on Windows.

    Raises:
        RuntimeError: no home directory is known and none of those variables is set.

    >>> data_dir({"HOME": "/home/ann"}, "linux").as_posix()
    '/home/ann/.local/state/cribbage'
    >>> data_dir({"HOME": "/home/ann", "XDG_STATE_HOME": "/st"}, "linux").as_posix()
    '/st/cribbage'
    >>> data_dir({"HOME": "/Users/ann"}, "darwin").as_posix()
    '/Users/ann/Library/Application Support/cribbage'
    >>> data_dir({"CRIBBAGE_HOME": "/tmp/c", "HOME": "/home/ann"}, "linux").as_posix()
    '/tmp/c'
    """
    from pathlib import Path  # here: `--help` names the directory without loading pathlib

    return Path(data_dir_text(environ, platform))


def data_dir_text(environ: Mapping[str, str] | None = None, platform: str | None = None) -> str:
    """`data_dir` as the operating system's path text."""
    env = os.environ if environ is None else environ
    system = sys.platform if platform is None else platform
    join = os.path.join
    override = env.get("CRIBBAGE_HOME")
    if override:
        return override
    if system == "win32":
        local = env.get("LOCALAPPDATA")
        profile = env.get("USERPROFILE")
        base = local if local else join(_home(profile), "AppData", "Local")
        return join(base, "cribbage")
    if system == "darwin":
        return join(_home(env.get("HOME")), "Library", "Application Support", "cribbage")
    state = env.get("XDG_STATE_HOME")
    if state and os.path.isabs(state):  # the XDG rules ignore a relative path
        return join(state, "cribbage")
    return join(_home(env.get("HOME")), ".local", "state", "cribbage")


def _home(given: str | None) -> str:
    """The home directory named in the environment, or the system's record of it.

    Raises:
        RuntimeError: no home directory is known.
    """
    if given:
        return given
    home = os.path.expanduser("~")
    if home == "~":
        raise RuntimeError("No home directory is known.")
    return home


RECORDS_DIR: Final = "records"
"""The directory of the data directory where finished matches are filed."""


def records_directory() -> Path | None:
    """The records directory of the player's data directory; None if no home is known."""
    try:
        return data_dir() / RECORDS_DIR
    except RuntimeError:
        return None


def records_text() -> str | None:
    """`records_directory` as path text, for `--help`; None if no home is known."""
    try:
        return os.path.join(data_dir_text(), RECORDS_DIR)
    except RuntimeError:
        return None
