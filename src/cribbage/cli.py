"""The `cribbage` command: options, `--rules`, starting the game, exit statuses.

Every mistake on the command line, or a missing terminal, is one line on standard error and
exit status 2, and a terminal curses cannot draw on is one line and status 1; a game ends
with 0, Ctrl-C with 130, a hangup (SIGHUP, a closed terminal) with 129 and SIGTERM with 143
(128 plus the signal's number, as a shell reports a process killed by it). The game is saved after every action, so each of these
leaves it to be resumed, and the terminal is restored on the way out.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys

from . import __version__
from .choices import DEFAULT_PORT, LEVELS, MATCH_POINTS, FirstDealer, Overcount, port_number
from .errors import CribbageError

TYPE_CHECKING = False  # not typing's: importing typing costs a tenth of the start
if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence
    from types import FrameType
    from typing import Final, NoReturn, TextIO

    from .glyphs import Glyphs
    from .ui import Options
    from .ui.screen import Screen

# The rest of the program is imported where a command needs it, so that `--help` and
# `--version` answer at once.

__all__ = ["UsageError", "build_parser", "main"]

USAGE = (
    "cribbage [--players {2,3,4}] [--partners] [--five-card] [--game {61,121}]\n"
    "                [--match N] [--match-points {1-2-4,2-3-4,2-4-6}]\n"
    "                [--first-dealer {loser,alternate,same}] [--lurch]\n"
    "                [--level {easy,classic,expert}] [-e|--explain] [-m|--muggins] [--manual]\n"
    "                [--penalty {bsd,ruthless,none}] [-q|--quiet] [-r|--random-cut] [--seed N]\n"
    "                [--ascii] [--keypad] [--no-autoplay] [--coach] [--plain] [--new]\n"
    "                [--version] [--help]\n"
    "       cribbage --rules\n"
    "       cribbage --stats [--ascii]\n"
    "       cribbage --replay FILE [--ascii]\n"
    "       cribbage --count CARD CARD CARD CARD STARTER [--crib] [--ascii]\n"
    "       cribbage --discard CARD CARD CARD CARD CARD [CARD] [--dealer|--pone]\n"
    "                [--five-card|--players {3,4} [--partners]] [--ascii]\n"
    "       cribbage --practice [--seed N] [--ascii] [--plain]\n"
    "       cribbage --learn [--ascii] [--plain]\n"
    "       cribbage --host [game options] [--port N] [--bind ADDRESS] [--code CODE]\n"
    "                [--name NAME] [--headless] [--resume]\n"
    "       cribbage --join HOST[:PORT] [--code CODE] [--name NAME] [--seat SEAT] [--watch]"
)


class UsageError(Exception):
    """A mistake on the command line or in the environment; the text is one line for stderr."""


class TerminalError(Exception):
    """A terminal the game cannot draw on (an unknown type, no cursor addressing); the text is
    one line for stderr, and the exit status 1."""


class TableError(Exception):
    """A table that cannot be opened or joined (a port in use, a refused connection, a full
    table, another version); the text is one line for stderr, and the exit status 1."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        message = message.removeprefix("argument ")
        raise UsageError(message[:1].upper() + message[1:] + ". Try 'cribbage --help'.")


def _positive(text: str) -> int:
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
    if number < 1:
        raise argparse.ArgumentTypeError(f"a match is at least one game, not {number}")
    return number


def _game(text: str) -> int:
    if text not in ("61", "121"):
        raise argparse.ArgumentTypeError(f"a game is played to 61 or 121, not '{text}'")
    return int(text)


def _players(text: str) -> int:
    if text not in ("2", "3", "4"):
        raise argparse.ArgumentTypeError(f"a game is for 2, 3 or 4 players, not '{text}'")
    return int(text)


def _scale(text: str) -> tuple[int, int, int]:
    values = SCALES.get(text)
    if values is None:
        raise argparse.ArgumentTypeError(
            f"match points are {', '.join(SCALES)} (a win, a skunk, a double skunk), not '{text}'"
        )
    return values


def _first_dealer(text: str) -> FirstDealer:
    try:
        return FirstDealer(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"the first dealer of a later game is the loser, alternate or same, not '{text}'"
        ) from None


def _penalty(text: str) -> Overcount:
    try:
        return Overcount(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"the penalty for an over-count is bsd, ruthless or none, not '{text}'"
        ) from None


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"the seed must be a whole number, not '{text}'") from None


def build_parser() -> argparse.ArgumentParser:
    """The command's options (BSD's single letters keep their meaning)."""
    parser = _Parser(
        prog="cribbage",
        usage=USAGE,
        description="Play cribbage in a terminal, against the computer or with friends at one "
        "table: two-handed with six cards or five, three- or four-handed, or four-handed as "
        "partners.",
        epilog="Keys in the game: arrows or h/l, j/k move; space or Enter chooses; "
        "? help; q quits; with --keypad, 4 and 6 move, 2 chooses, 8 confirms; at a table "
        "with people m talks. 'cribbage --rules' shows the complete rules.",
    )
    add = parser.add_argument
    add(
        "--players",
        type=_players,
        default=None,
        metavar="{2,3,4}",
        help="how many play: you and one, two or three computers (default 2); three and four "
        "are dealt five cards each and lay one away, and three-handed the crib gets a card "
        "from the pack",
    )
    add(
        "--partners",
        action="store_true",
        help="with --players 4: play two against two, you and North (the computer across "
        "the table) against West and East, each pair pegging onto one score",
    )
    add(
        "--five-card",
        action="store_true",
        help="the older two-handed game: five cards each, two laid away, three points at the "
        "start to the player who does not deal first, the play ends at the first go (to 61 "
        "unless --game says otherwise)",
    )
    add(
        "--game",
        type=_game,
        default=None,
        metavar="{61,121}",
        help="points to win a game: 121 (twice around, the default) or 61 (once around, "
        "the default of --five-card)",
    )
    add(
        "--match",
        type=_positive,
        default=None,
        metavar="N",
        help="play a match: N games, won by the most match points (a win counts 1, a skunk 2, "
        "a double skunk 4); with --match-points, the match goes to the first with N match points",
    )
    add(
        "--match-points",
        type=_scale,
        default=None,
        metavar="{1-2-4,2-3-4,2-4-6}",
        help="with --match N: play to N match points, scoring a win, a skunk and a double skunk "
        "as given (2-3-4: a win 2, a skunk 3, a double skunk 4)",
    )
    add(
        "--first-dealer",
        type=_first_dealer,
        default=None,
        metavar="{loser,alternate,same}",
        help="with --match: who deals first in each later game: the loser of the last one "
        "(the default), the next player in turn, or the same player every game",
    )
    add(
        "--lurch",
        action="store_true",
        help="Hoyle's lurch instead of skunks: a loser short of half the board (61 of 121, "
        "31 of 61) loses a double game, and there is no double skunk",
    )
    add(
        "--level",
        choices=LEVELS,
        default=None,
        help="the computer's strength, kept for later games (default: the level you last "
        "chose, else expert; a player new here is asked which before a first game)",
    )
    add(
        "-e",
        "--explain",
        action="store_true",
        help="count your own hand and crib (without muggins unless -m is given), and see the "
        "right count and why when you miscount",
    )
    add(
        "-m",
        "--muggins",
        action="store_true",
        help="count your own hand and crib; points you miss go to the computer (muggins)",
    )
    add("--manual", action="store_true", help="count your own hand and crib, without muggins")
    add(
        "--penalty",
        type=_penalty,
        default=None,
        metavar="{bsd,ruthless,none}",
        help="with -e, -m or --manual: what an over-count costs once corrected: the next "
        "opponent pegs 2 (bsd, the default), pegs the points over (ruthless), or nothing (none)",
    )
    add("-q", "--quiet", action="store_true", help="shorter messages")
    add(
        "-r",
        "--random-cut",
        action="store_true",
        help="cut the pack at random instead of choosing where",
    )
    add("--seed", type=_seed, default=None, metavar="N", help="make the deals repeatable")
    add("--ascii", action="store_true", help="draw with plain ASCII instead of Unicode")
    add(
        "--keypad",
        action="store_true",
        help="play on the numeric keypad: 4 and 6 move, 2 chooses a card, 8 lays the chosen "
        "cards away, plays or cuts; cards are chosen by moving, not typed (digits still count "
        "the show); K in the help box (?) turns this on and off",
    )
    add("--no-autoplay", action="store_true", help="do not play your only legal card by itself")
    add(
        "--plain",
        action="store_true",
        help="play in plain lines, for a screen reader, a braille display, a pipe or a "
        "script: each event on a line, a question before each decision, answered with a "
        "line; cards in words (with --ascii, as 5H); no terminal needed",
    )
    add(
        "--new",
        action="store_true",
        help="start a new game even if one is saved (the saved one is kept as a backup once "
        "its first starter is cut); a saved game is otherwise resumed with its own options, "
        "and naming another value of one (--game 61) asks first",
    )
    add("--stats", action="store_true", help="print your statistics and exit")
    add(
        "--replay",
        metavar="FILE",
        help=f"show a recorded match step by step (a file, or a record's name in {_records()})",
    )
    add("--rules", action="store_true", help="show the complete rules and exit")
    add(
        "--count",
        nargs="+",
        metavar="CARD",
        help="count four cards and a starter (e.g. 5h 5c 5s jd 5d) and exit",
    )
    add("--crib", action="store_true", help="with --count: count the cards as a crib")
    add(
        "--discard",
        nargs="+",
        metavar="CARD",
        help="rank the 15 discards of six cards by the computer's expected points and exit; "
        "with --five-card or --players 3|4, the discards of five cards",
    )
    role = parser.add_mutually_exclusive_group()
    role.add_argument(
        "--dealer",
        action="store_true",
        help="with --discard: only as the dealer (default: dealer and pone)",
    )
    role.add_argument(
        "--pone",
        action="store_true",
        help="with --discard: only as the pone, the player who does not deal (default: "
        "dealer and pone)",
    )
    add(
        "--coach",
        action="store_true",
        help="after each hand, show what your discard and plays cost against the computer's best",
    )
    add(
        "--practice",
        action="store_true",
        help="practise counting hands: type each count, see if it is right, and how fast",
    )
    add(
        "--learn",
        action="store_true",
        help="learn to play: five short lessons on fixed deals (the whole game, counting a "
        "hand, laying away, the play, a whole hand with the coach), then a real game; the "
        "lessons finished are remembered",
    )
    net = parser.add_argument_group(
        "play with friends",
        "One player hosts a table; the others join it from their own terminals, on this "
        "machine or across a network. The computer plays every empty seat.",
    )
    net.add_argument(
        "--host",
        action="store_true",
        help="open a table for the game the other options describe; the screen shows the "
        "address and the join code to give the others, and Enter starts the game",
    )
    net.add_argument(
        "--join",
        metavar="HOST[:PORT]",
        help="take a seat at the table open at HOST (a name or an address; the port "
        f"defaults to {DEFAULT_PORT})",
    )
    net.add_argument(
        "--port",
        type=_port,
        default=None,
        metavar="N",
        help=f"with --host: the port to listen on (default {DEFAULT_PORT}; 0: any free one)",
    )
    net.add_argument(
        "--bind",
        metavar="ADDRESS",
        help="with --host: listen on this address only (default: every address of the machine)",
    )
    net.add_argument(
        "--code",
        metavar="CODE",
        help="the join code: with --host, the table's own instead of a random one (a number "
        "from 1 to 999 and four words at least, like 7-amber-otter-cello-maple); with --join, "
        "the code the host gave (asked for when not given)",
    )
    net.add_argument(
        "--name",
        metavar="NAME",
        help="your name at the table (default: your login name; at most 16 characters)",
    )
    net.add_argument(
        "--seat",
        metavar="SEAT",
        help="with --join: the seat to take, south, west, north or east (or 1 to 4), "
        "as the host sees the table; default: the first free one",
    )
    net.add_argument(
        "--watch",
        action="store_true",
        help="with --join: watch the game, the board and every card played or shown, never a hand",
    )
    net.add_argument(
        "--headless",
        action="store_true",
        help="with --host: host without a seat or a screen (for a table on a server); the "
        "join code and one line per game event go to standard output, and any player "
        "starts the game",
    )
    net.add_argument(
        "--resume",
        action="store_true",
        help="with --host: open the table saved when the host last left it, with the same "
        "code, port and address; its players join again to take back their seats",
    )
    add("--version", action=_Version, nargs=0, help="show the program's version and exit")
    return parser


def _port(text: str) -> int:
    try:
        return port_number(text, any_free=True)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


BROKEN_PIPE: Final = 128 + 13
"""The exit status after the reader of the output went away (128 plus SIGPIPE's number, as a
shell reports `cat` ended by it)."""


class _Version(argparse.Action):
    """`--version`: the program's name and version on a line, as is (argparse's own action
    would wrap it with the help's formatter, loading what only the help needs)."""

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        print(f"cribbage {__version__}")
        parser.exit()


def _records() -> str:
    """Where finished matches are filed, for --help (which treats % as a format)."""
    from .storage.paths import records_text

    where = records_text()
    return "the records directory" if where is None else where.replace("%", "%%")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; return its exit status.

    When output goes to a pipe whose reader has gone (`cribbage --rules | head -1`), the
    command ends quietly with status 141, as other tools do.
    """
    try:
        status = _run(argv)
        sys.stdout.flush()  # here, not at exit, where a closed pipe could not be caught
    except BrokenPipeError:
        _discard_output()
        return BROKEN_PIPE
    return status


def _discard_output() -> None:
    """Point standard output at the null device, so that nothing left in its buffer fails
    again when the interpreter exits."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


SCALES: Final[dict[str, tuple[int, int, int]]] = {
    "1-2-4": MATCH_POINTS["games"],
    "2-3-4": MATCH_POINTS["2-3-4"],
    "2-4-6": MATCH_POINTS["2-4-6"],
}
"""The scales of match points `--match-points` takes: for a win, a skunk, a double skunk."""

_GAME_OPTIONS: Final = frozenset(
    {
        "players",
        "partners",
        "five_card",
        "game",
        "match",
        "match_points",
        "first_dealer",
        "lurch",
        "level",
        "explain",
        "muggins",
        "manual",
        "penalty",
        "seed",
    }
)
"""The options that set a game's rules (at a table: the host's alone)."""
_DISPLAY_OPTIONS: Final = frozenset(
    {"ascii", "quiet", "no_autoplay", "random_cut", "coach", "keypad", "plain"}
)
"""The options of each player's own screen."""

TOOLS: Final[dict[str, frozenset[str]]] = {
    "host": _GAME_OPTIONS
    | _DISPLAY_OPTIONS
    | {"port", "bind", "code", "name", "headless", "resume"},
    "join": _DISPLAY_OPTIONS | {"code", "name", "seat", "watch"},
    "rules": frozenset(),
    "stats": frozenset({"ascii"}),
    "replay": frozenset({"ascii"}),
    "count": frozenset({"crib", "ascii"}),
    "discard": frozenset({"dealer", "pone", "ascii", "players", "partners", "five_card"}),
    "practice": frozenset({"seed", "ascii", "plain"}),
    "learn": frozenset({"ascii", "plain"}),
}
"""The options that do something else than play (each alone), and what each can take."""
_ONLY_WITH: Final = {
    "crib": "count",
    "dealer": "discard",
    "pone": "discard",
    "port": "host",
    "bind": "host",
    "headless": "host",
    "resume": "host",
    "seat": "join",
    "watch": "join",
}
"""Options that mean something to one tool only."""


def check_combination(args: argparse.Namespace) -> None:
    """Refuse options that cannot go together: two tools, or a tool with an option it does
    not take (the game's options, say, with --stats).

    Raises:
        UsageError: one sentence naming the options.
    """
    given = [dest for dest, value in vars(args).items() if value is not None and value is not False]

    def name(dest: str) -> str:
        return "--" + dest.replace("_", "-")

    for dest, tool in _ONLY_WITH.items():
        if dest in given and tool not in given:
            raise UsageError(f"{name(dest)} goes with {name(tool)}. Try 'cribbage --help'.")
    for dest in ("code", "name"):
        if dest in given and not ({"host", "join"} & set(given)):
            raise UsageError(f"{name(dest)} goes with --host or --join. Try 'cribbage --help'.")
    tools = [dest for dest in given if dest in TOOLS]
    if not tools or tools in (["discard"], ["host"]):
        _check_game(args)
    if args.resume:
        rules = sorted(dest for dest in given if dest in _GAME_OPTIONS)
        if rules:
            raise UsageError(
                f"{name(rules[0])} does not go with --resume: a table opens again with its "
                "own rules. Try 'cribbage --help'."
            )
        if "code" in given:
            raise UsageError(
                "--code does not go with --resume: a table opens again with its own code. "
                "Try 'cribbage --help'."
            )
    if args.seat is not None and args.watch:
        raise UsageError("--seat and --watch go one at a time. Try 'cribbage --help'.")
    if args.headless and "name" in given:
        raise UsageError(
            "--name does not go with --headless: a table with no screen has no seat of its "
            "own. Try 'cribbage --help'."
        )
    if args.join is not None:
        given_rules = sorted(dest for dest in given if dest in _GAME_OPTIONS)
        if given_rules:
            raise UsageError(
                f"{name(given_rules[0])} does not go with --join: the table's rules are the "
                "host's. Try 'cribbage --help'."
            )
    if len(tools) > 1:
        *most, last = [name(tool) for tool in tools]
        raise UsageError(f"{', '.join(most)} and {last} go one at a time. Try 'cribbage --help'.")
    for tool in tools:
        for dest in given:
            if dest != tool and dest not in TOOLS[tool]:
                raise UsageError(
                    f"{name(dest)} does not go with {name(tool)}. Try 'cribbage --help'."
                )


def _check_game(args: argparse.Namespace) -> None:
    """Refuse game options that make no game together (partners three-handed, say).

    Raises:
        UsageError: one sentence naming the options.
    """
    problem = None
    players = args.players or 2
    if args.partners and players != 4:
        problem = "--partners is for four players, two against two: add --players 4"
    elif args.five_card and players != 2:
        problem = f"--five-card is a game for two players, not {players}"
    elif args.match_points is not None and args.match is None:
        problem = "--match-points goes with --match N, the match points that win the match"
    elif args.first_dealer is not None and args.match is None:
        problem = "--first-dealer goes with --match, whose later games it is about"
    elif args.penalty is not None and not (args.explain or args.muggins or args.manual):
        problem = "--penalty goes with counting your own hands (-e, -m or --manual)"
    if problem is not None:
        raise UsageError(f"{problem}. Try 'cribbage --help'.")


def _run(argv: Sequence[str] | None) -> int:
    try:
        args = build_parser().parse_args(argv)
        check_combination(args)
        if args.rules:
            return show_rules()
        from .glyphs import glyphs_for

        glyphs = glyphs_for(sys.stdout, args.ascii)  # cards as the game would draw them here
        if args.plain:  # in words, unless the short forms are asked for
            from .glyphs import ASCII, WORDS

            glyphs = ASCII if args.ascii else WORDS
        if args.count:
            from .calculator import count_text

            print(count_text(args.count, crib=args.crib, glyphs=glyphs))
            return 0
        if args.discard:
            from .calculator import discard_text
            from .rules import GameConfig

            dealer = True if args.dealer else False if args.pone else None
            config = GameConfig(
                players=args.players or 2, partners=args.partners, five_card=args.five_card
            )
            print(discard_text(args.discard, dealer=dealer, glyphs=glyphs, config=config))
            return 0
        if args.practice:
            from .practice import practise

            with stopped_by_signals():
                return practise(seed=args.seed, glyphs=glyphs, ask=_line if args.plain else None)
        if args.learn:
            return learn(args)
        if args.stats:
            return show_statistics(glyphs)
        if args.replay is not None:
            return replay(args.replay, ascii_only=args.ascii)
        if args.host or args.join is not None:
            from .people import play_with_people

            return play_with_people(args)
        return play(args)
    except UsageError as err:
        print(f"cribbage: {err}", file=sys.stderr)
        return 2
    except (TerminalError, TableError) as err:
        print(f"cribbage: {err}", file=sys.stderr)
        return 1
    except CribbageError as err:
        print(f"cribbage: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except Stopped as stop:
        return 128 + stop.signum
    except SystemExit as done:  # --help and --version
        return done.code if isinstance(done.code, int) else 0


def _line(prompt: str) -> str:
    """A line typed after `prompt` is said on a line of its own (for --plain).

    Raises:
        EOFError: the input has ended.
    """
    print(f"{prompt.rstrip().removesuffix(':')}: type the points, or q to stop.", flush=True)
    return input()


def _delay() -> float | None:
    text = os.environ.get("CRIBBAGE_DELAY")
    if text is None:
        return None
    try:
        delay = float(text)
    except ValueError:
        raise UsageError(f"CRIBBAGE_DELAY must be a number of seconds, not '{text}'.") from None
    if not 0 <= delay <= 10:
        raise UsageError(f"CRIBBAGE_DELAY must be from 0 to 10 seconds, not {text}.")
    return delay


class Stopped(BaseException):
    """SIGHUP or SIGTERM arrived: unwind (restoring the terminal) and exit 128 + `signum`.

    A BaseException, like KeyboardInterrupt, so that no handler meant for errors stops it.
    """

    def __init__(self, signum: int) -> None:
        super().__init__(f"stopped by signal {signum}")
        self.signum = signum


def _stop(signum: int, frame: FrameType | None) -> None:
    raise Stopped(signum)


@contextlib.contextmanager
def stopped_by_signals() -> Iterator[None]:
    """While the game (or practice, or a replay) runs, SIGHUP and SIGTERM raise `Stopped`
    (where the platform has them) and Ctrl-C raises KeyboardInterrupt, even if the program was
    started with it ignored (as `sh` starts a background job): there Ctrl-C quits."""
    import signal

    previous: list[tuple[signal.Signals, object]] = [
        (signal.SIGINT, signal.signal(signal.SIGINT, signal.default_int_handler))
    ]
    for name in ("SIGHUP", "SIGTERM"):
        number = getattr(signal, name, None)
        if number is not None:
            previous.append((number, signal.signal(number, _stop)))
    try:
        yield
    finally:
        for number, handler in previous:
            signal.signal(number, handler)  # type: ignore[arg-type]  # what signal() returned


def show_statistics(glyphs: Glyphs) -> int:
    """Print the statistics (`--stats`), cards as `glyphs` draw them; a sentence about the
    file, if any, goes to stderr."""
    from .stats import render_statistics
    from .storage import Storage

    with Storage() as storage:
        stats, message = storage.statistics()
    if message:
        print(f"cribbage: {message}", file=sys.stderr)
    print(render_statistics(stats, glyphs))
    return 0


def replay(path: str, *, ascii_only: bool = False) -> int:
    """Show the record in `path` step by step (`--replay`)."""
    from .storage import Storage

    record = Storage().open_record(path)  # a bad file: InvalidRecordError, one line, status 2
    check_terminal()
    from .ui import run_replay
    from .ui.screen import TerminalGone

    with stopped_by_signals():
        try:
            return run_replay(record, ascii_only=ascii_only)
        except TerminalGone:
            return 128 + 1


def has_terminal() -> bool:
    """True when standard input and output are both a terminal."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def play(args: argparse.Namespace) -> int:
    """Start the game in the terminal with the parsed options."""
    from .storage import Storage
    from .ui import run
    from .ui.screen import TerminalGone

    if args.plain:  # lines on standard input and output, which may be pipes
        from .glyphs import ASCII, WORDS
        from .ui.plain import run_plain

        options = game_options(args)
        with stopped_by_signals(), Storage() as storage:
            glyphs = ASCII if args.ascii else WORDS
            return run_plain(options, storage, glyphs=glyphs, fresh=args.new)
    check_terminal()
    options = game_options(args)
    with stopped_by_signals(), Storage() as storage:
        try:
            return run(options, ascii_only=args.ascii, storage=storage, fresh=args.new)
        except TerminalGone:
            return 128 + 1  # as for SIGHUP, which a closed terminal sends too


def learn(args: argparse.Namespace) -> int:
    """Give the lessons in the terminal (`--learn`), and the real game they offer at the end."""
    from dataclasses import replace

    from .storage import Storage
    from .storage.lessons import LessonProgress
    from .ui.learn import REAL_GAME, run_learn
    from .ui.saving import play_kept
    from .ui.screen import TerminalGone

    if args.plain:  # lines on standard input and output, which may be pipes
        from .glyphs import ASCII, WORDS
        from .ui.plain import Lines, run_plain
        from .ui.plain_learn import run_plain_learn

        glyphs = ASCII if args.ascii else WORDS
        with stopped_by_signals(), Storage() as storage:

            def game(lines: Lines) -> int:
                return run_plain(REAL_GAME, storage, glyphs=glyphs, lines=lines)

            return run_plain_learn(LessonProgress(), glyphs=glyphs, play=game)
    check_terminal()
    delay = _delay()
    options = REAL_GAME if delay is None else replace(REAL_GAME, delay=delay)
    with stopped_by_signals(), Storage() as storage:

        def play(screen: Screen, glyphs: Glyphs, farewell: list[str]) -> int:
            return play_kept(
                screen, options, storage, glyphs=glyphs, farewell=farewell, remember_level=False
            )

        try:
            return run_learn(
                LessonProgress(), ascii_only=args.ascii, delay=options.delay, play=play
            )
        except TerminalGone:
            return 128 + 1


def game_options(args: argparse.Namespace) -> Options:
    """The game and the screen the parsed options ask for.

    Raises:
        UsageError: CRIBBAGE_DELAY is not a number of seconds from 0 to 10.
    """
    from .rules import Counting
    from .ui import Options
    from .ui.game import DELAY
    from .ui.saving import GAME_OPTIONS

    delay = _delay()
    return Options(
        target=args.game or (61 if args.five_card else 121),
        games=args.match or 1,
        level=args.level or "expert",
        explain=args.explain,
        counting=(
            Counting.CLAIMED if args.explain or args.muggins or args.manual else Counting.AUTOMATIC
        ),
        muggins=args.muggins,
        quiet=args.quiet,
        random_cut=args.random_cut,
        seed=args.seed,
        autoplay=not args.no_autoplay,
        delay=DELAY if delay is None else delay,
        coach=args.coach,
        players=args.players or 2,
        partners=args.partners,
        five_card=args.five_card,
        points=args.match if args.match_points is not None else None,
        values=args.match_points or MATCH_POINTS["games"],
        first_dealer=args.first_dealer or FirstDealer.LOSER,
        lurch=args.lurch,
        penalty=args.penalty or Overcount.BSD,
        named=frozenset(
            option.name
            for option in GAME_OPTIONS
            if any(getattr(args, flag) not in (None, False) for flag in option.flags)
        ),
        keypad=args.keypad,
    )


def check_terminal() -> None:
    """Return if the game can take over this terminal.

    Raises:
        UsageError: standard input or output is not a terminal, or TERM is not set.
        TerminalError: curses does not know the terminal's type, or the type cannot move
            the cursor (TERM=dumb), so curses cannot draw on it.
    """
    import curses  # only the game needs the terminal library

    if not has_terminal():
        raise UsageError("The game needs a terminal: standard input and output must be one.")
    term = os.environ.get("TERM", "")
    if not term:
        raise UsageError("TERM is not set, so the terminal's type is unknown.")
    try:
        curses.setupterm(term, 1)  # curses draws on file descriptor 1
    except curses.error:
        raise TerminalError(
            f"The terminal type '{term}' is unknown here, so the game cannot draw on it."
        ) from None
    if not curses.tigetstr("cup"):
        raise TerminalError(
            f"The terminal type '{term}' cannot move the cursor, so the game cannot draw on it."
        )


def show_rules(out: TextIO | None = None) -> int:
    """Show the rules: through a pager when output is a terminal, else printed; printed too
    when the pager cannot start or fails (`PAGER=false`).

    The pager is the one `pydoc.pager` would choose: $MANPAGER or $PAGER (a shell command),
    else `less` when it is installed and the terminal can take it; without one, plain output.
    """
    from .instructions import rules_text

    text = rules_text()
    stream = out or sys.stdout
    command = pager_command() if stream.isatty() else None
    if command is None or not _page(text, command):
        stream.write(text)
        stream.flush()
    return 0


def pager_command() -> str | None:
    """The pager as pydoc chooses it: $MANPAGER, $PAGER, else `less` (not on a dumb
    terminal), else None for plain output."""
    for variable in ("MANPAGER", "PAGER"):
        command = os.environ.get(variable, "").strip()
        if command:
            return command
    import shutil

    if os.environ.get("TERM") in ("dumb", "emacs") or shutil.which("less") is None:
        return None
    return "less"


def _page(text: str, command: str) -> bool:
    """Pipe `text` through the shell command `command`; False when it did not run or failed."""
    import subprocess

    try:
        done = subprocess.run(
            command, shell=True, input=text, text=True, errors="backslashreplace", check=False
        )
    except OSError:
        return False
    return done.returncode == 0


if __name__ == "__main__":
    sys.exit(main())
