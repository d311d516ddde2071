"""The `cribbage` command."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from . import __version__


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; return its exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args in (["--version"], ["-V"]):
        print(f"cribbage {__version__}")
        return 0
    print("cribbage: the terminal game is not built yet; see the README.", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
