"""Tables of results worked out on first use: bounded, and cheap for Python's collector.

`functools.lru_cache` would do the same, but its bookkeeping is walked again at every full
run of the collector of reference cycles: a full cache of the computer's size made each run
take a quarter of a second, in the middle of a play. A `Table` is a plain dictionary whose
entries are tuples of numbers, which the collector stops following once it has seen them.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["Table", "forget_oldest"]

V = TypeVar("V")


class Table(dict[tuple[Any, ...], V]):
    """`table[args]` is `make(*args)`, worked out the first time and kept; at `limit`
    entries the table forgets the oldest of them, a 64th at a time (`forget_oldest`).

    >>> squares = Table(lambda n: n * n, limit=2)
    >>> squares[3,], squares[4,], len(squares), squares[5,], sorted(squares)
    (9, 16, 2, 25, [(4,), (5,)])
    """

    def __init__(self, make: Callable[..., V], limit: int) -> None:
        super().__init__()
        self.make = make
        self.limit = limit

    def __missing__(self, key: tuple[Any, ...]) -> V:
        if len(self) >= self.limit:
            forget_oldest(self)
        value = self[key] = self.make(*key)
        return value


def forget_oldest(table: dict[Any, Any]) -> None:
    """Drop the oldest 64th of `table`'s entries (at least one).

    A full table forgotten all at once stopped the computer for 80 ms, freeing a quarter
    of a million entries in the middle of a play; a 64th takes a millisecond or two."""
    for key in list(itertools.islice(table, max(1, len(table) // 64))):
        del table[key]
