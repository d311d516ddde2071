"""Where the player's data directory is: `data_dir`, from the environment and the platform."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Final

__all__ = ["data_dir"]


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
    env = os.environ if environ is None else environ
    system = sys.platform if platform is None else platform
    override = env.get("CRIBBAGE_HOME")
    if override:
        return Path(override)
    if system == "win32":
        local = env.get("LOCALAPPDATA")
        profile = env.get("USERPROFILE")
        base = Path(local) if local else _home(profile) / "AppData" / "Local"
        return base / "cribbage"
    if system == "darwin":
        return _home(env.get("HOME")) / "Library" / "Application Support" / "cribbage"
    state = env.get("XDG_STATE_HOME")
    if state and os.path.isabs(state):  # the XDG rules ignore a relative path
        return Path(state) / "cribbage"
    return _home(env.get("HOME")) / ".local" / "state" / "cribbage"


def _home(given: str | None) -> Path:
    """The home directory named in the environment, or the system's record of it.

    Raises:
        RuntimeError: no home directory is known.
    """
    if given:
        return Path(given)
    try:
        return Path.home()
    except (RuntimeError, KeyError):
        raise RuntimeError("No home directory is known.") from None


RECORDS_DIR: Final = "records"
"""The directory of the data directory where finished matches are filed."""


def records_directory() -> Path | None:
    """The records directory of the player's data directory; None if no home is known."""
    try:
        return data_dir() / RECORDS_DIR
    except RuntimeError:
        return None
