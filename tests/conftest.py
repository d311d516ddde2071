"""Fixtures shared by the test modules."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from .terminal import Terminal


@pytest.fixture
def terminals() -> Iterator[Callable[..., Terminal]]:
    started: list[Terminal] = []

    def start(
        *args: str,
        rows: int = 24,
        cols: int = 80,
        env: dict[str, str] | None = None,
        preexec_fn: Callable[[], None] | None = None,
    ) -> Terminal:
        terminal = Terminal(*args, rows=rows, cols=cols, env=env, preexec_fn=preexec_fn)
        started.append(terminal)
        return terminal

    yield start
    for terminal in started:
        terminal.close()
