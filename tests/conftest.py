"""Fixtures shared by the test modules."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from hypothesis import HealthCheck, Phase, settings

from .terminal import Terminal

# For mutation testing (`--hypothesis-profile=mutation`, see docs/mutation.md): the same
# examples every run, so that a mutant's verdict does not hang on the luck of the draw; no
# deadline, which the slower mutated code would miss without being wrong; and no shrinking
# or saved examples, as a mutant needs only one failing example to be killed.
settings.register_profile(
    "mutation",
    derandomize=True,
    deadline=None,
    database=None,
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
    suppress_health_check=[HealthCheck.too_slow],
)


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


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--mutants",
        action="store_true",
        help="for mutation testing (benchmarks/mutation.py): empty the rules' tables of "
        "results as the tests go (the turns and fifteens before each test, the rank table "
        "before each module), so that each test runs the code behind them, which mutmut ties "
        "only to the tests that run it; and run the examples before the random games and the "
        "property tests, which take longer to kill a mutant",
    )


def _cost(item: pytest.Item) -> int:
    """0 for an example, 1 for a test of random games, 2 for a property test."""
    if getattr(getattr(item, "obj", None), "is_hypothesis_test", False):
        return 2
    return 1 if "random" in item.name else 0


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--mutants"):
        items.sort(key=_cost)  # stable: in file order within each kind


@pytest.fixture(autouse=True, scope="module")
def _fresh_rank_table(request: pytest.FixtureRequest) -> None:
    if request.config.getoption("--mutants"):
        from cribbage.scoring import rank_table

        rank_table().clear()  # 0.4 s to build again: once a module, not once a test


@pytest.fixture(autouse=True)
def _fresh_tables(request: pytest.FixtureRequest) -> None:
    if request.config.getoption("--mutants"):
        from cribbage.computer.sums import _crib_points
        from cribbage.pegging import TURNS
        from cribbage.scoring import _FIFTEENS

        TURNS.clear()
        _FIFTEENS.clear()
        _crib_points.cache_clear()
