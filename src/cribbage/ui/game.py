"""The game in a terminal: turns keys into actions and events into screens.

`GameUI` drives a match through a `cribbage.record.Recorder`: it asks the engine who must
act and what is legal, asks the player (with keys) or the computer (from its view) for the
action, applies it, and shows the events one at a time, pausing on the computer's moves so a
person can follow them. It holds no rules.

Later features hook in without changing the loop (`Hooks`): `on_step` receives the recorder
after every action (to save the game), `end_notes` adds lines to the end-of-game screen (a
running record), and `keys` binds extra keys to actions on the UI (a hint panel).
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import ClassVar, Final, assert_never

from ..cards import Card
from ..coach import HandKey, HandReview, SeatLog, review_hands, summarize
from ..computer import Computer, DiscardOption, PlayOption
from ..errors import IllegalPlayError
from ..events import (
    CountReset,
    DealerChosen,
    Dealt,
    Event,
    GameOver,
    GameResult,
    HandOver,
    Played,
    Scored,
    Shown,
)
from ..glyphs import UNICODE, Glyphs
from ..match import MATCH_POINTS, FirstDealer, MatchConfig, MatchOver
from ..record import Recorder
from ..rules import (
    Action,
    Claim,
    Counting,
    CutForDeal,
    CutStarter,
    Discard,
    GameConfig,
    Overcount,
    Phase,
    Play,
    Seat,
    check_cut,
)
from ..tables import (
    Closed,
    LocalTable,
    News,
    Notice,
    Refused,
    Said,
    Seats,
    TableCore,
    Update,
)
from ..tables import Table as GameTable
from ..tables.news import TALK_LENGTH, Hosting, Presence
from ..text import listed
from ..view import MatchView, PlayerView
from .choosing import Choice
from .choosing import step as choose_step
from .draw import CutPicture, HandPicture, Layout, Painter
from .help import KEYPAD_TOGGLE, help_lines, help_page, prompt_keys
from .keys import (
    BACKSPACE,
    CODE_KEY,
    DOWN,
    END,
    ENTER,
    ESCAPE,
    F1,
    F10,
    FREE_KEY,
    GIVE_KEY,
    HOME,
    LEFT,
    PAGE_DOWN,
    PAGE_UP,
    REDRAW,
    RESIZE,
    RIGHT,
    TALK_KEY,
    UP,
    keypad_key,
)
from .screen import Screen
from .seats import Seating
from .table import Table
from .words import Line, MessageLog, Speaker, Tone, coach_lines, coach_summary_lines, hint_lines

__all__ = ["GameUI", "Hooks", "Options", "Quit", "help_lines", "lurch_line"]

DELAY: Final = 0.7
"""Seconds the computer waits before each of its moves (a key skips the wait)."""

_PREVIOUS: Final = frozenset({LEFT, UP, "h", "j"})
_NEXT: Final = frozenset({RIGHT, DOWN, "l", "k"})
_SUIT_LETTERS: Final = frozenset("cdhs")
HINT_KEYS: Final = frozenset({"H", F1})
"""A capital H (a small h moves left) or F1 shows a hint."""
COACH_KEY: Final = "c"

NEWCOMER: Final = "New to cribbage? Quit with q and run cribbage --learn: five short lessons."
"""The welcome's word to a player the data directory has never seen."""

DIGITS: Final = frozenset("0123456789")
"""The keys that type a count or a place to cut (not every character Python calls a digit:
a superscript two is not a number `int` reads)."""
_POLL: Final = 0.05
"""Seconds between looks at the table's news while it waits for someone else."""
_DOING: Final = {
    Phase.CUT_FOR_DEAL: "cut for the deal",
    Phase.DISCARD: "lay away",
    Phase.CUT_STARTER: "cut for the starter",
    Phase.PLAY: "play",
    Phase.SHOW: "count",
}
"""What the table waits for someone to do, at each moment of a game."""
_YES_NO: Final = frozenset({"y", "Y", "n", "N"})
_SMALL_SCREEN_KEYS: Final = frozenset({"q", F10, "?"})
"""Keys that work while the terminal is too small (Ctrl-L too, and y and n when a yes-or-no
question is asked): the player can always quit, ask for help and redraw."""


@dataclass(frozen=True, slots=True)
class Options:
    """How the player asked to play (the command line's options)."""

    target: int = 121
    games: int = 1
    level: str = "expert"
    explain: bool = False
    counting: Counting = Counting.AUTOMATIC
    muggins: bool = False
    quiet: bool = False
    random_cut: bool = False
    seed: int | None = None
    autoplay: bool = True
    """Play the only legal card by itself."""
    delay: float = DELAY
    coach: bool = False
    """Show the coach's review after each hand, and a summary at the end of each game."""
    players: int = 2
    partners: bool = False
    five_card: bool = False
    points: int | None = None
    """Play each match to this many match points; None: a match of `games` games."""
    values: tuple[int, int, int] = MATCH_POINTS["games"]
    """Match points for a win, a skunk and a double skunk."""
    first_dealer: FirstDealer = FirstDealer.LOSER
    """Who deals first in the second and later games of a match."""
    lurch: bool = False
    """Hoyle's lurch: a loser short of half the target (61 of 121) loses a double game,
    and there is no double skunk."""
    penalty: Overcount = Overcount.BSD
    """What an over-counted hand costs, when you count your own."""
    named: frozenset[str] = frozenset()
    """The options that change the game which the command line named (`saving.GAME_OPTIONS`
    by name: 'target' for --game, 'level'...): a saved match with another value of one is
    resumed only when the player says so."""
    game_named: bool = False
    """The same as 'game' in `named` (the lessons' real game names it so)."""
    level_named: bool = False
    """The same as 'level' in `named`."""
    keypad: bool = False
    """The keypad's 2 4 6 8 choose cards and cut (`keys.KEYPAD`); nothing is typed but counts."""
    newcomer: bool = False
    """Nothing in the data directory says the player has played or taken a lesson: the
    welcome points to the lessons, and a new game without `--level` first asks which
    computer to play (`level.asks_level`), whose box points to them instead (the game
    after it is then played with `newcomer` False)."""

    def names(self, option: str) -> bool:
        """True when the command line named `option` (a `saving.GAME_OPTIONS` name)."""
        if (option == "game" and self.game_named) or (option == "level" and self.level_named):
            return True
        return option in self.named

    def game_config(self) -> GameConfig:
        """The rules of each game; you are seat 0, the computers the others.

        Raises:
            ValueError: options that make no game (partners three-handed, say).
        """
        lines: dict[str, int] = {}
        if self.lurch:
            lines = {"skunk_line": lurch_line(self.target), "double_skunk_line": 0}
        return GameConfig(
            target=self.target,
            players=self.players,
            counting=(self.counting,) + (Counting.AUTOMATIC,) * (self.players - 1),
            muggins=self.muggins,
            partners=self.partners,
            five_card=self.five_card,
            overcount=self.penalty,
            **lines,
        )

    def match_config(self) -> MatchConfig:
        """How each match is decided: `games` games, or the first to `points` match points."""
        return MatchConfig(
            games=None if self.points is not None else self.games,
            points=self.points,
            values=self.values,
            first_dealer=self.first_dealer,
        )


def lurch_line(target: int) -> int:
    """Below how many points a loser is lurched: 61 in a game of 121, 31 in a game of 61.

    >>> lurch_line(121), lurch_line(61)
    (61, 31)
    """
    return (target + 1) // 2


@dataclass(slots=True)
class Hooks:
    """Places where later features plug into the game without changing it."""

    on_step: Callable[[Recorder], None] | None = None
    """Called with the recorder after every action applied (a save after each move)."""
    end_notes: Callable[[GameConfig], Sequence[str]] | None = None
    """Extra paragraphs for the end-of-game box of a game of these rules (a running record
    of results), each wrapped to the box; "" is a blank line."""
    quit_note: str | None = None
    """Said when the player quits (that the game is kept, once it is)."""
    keys: Mapping[str, Callable[[GameUI], None]] = field(default_factory=dict)
    """Extra keys available whenever a decision is awaited (a hint panel)."""
    on_update: Callable[[Update], None] | None = None
    """Called with each update of the table as it is shown (to count games played at a table
    hosted elsewhere)."""
    on_hint: Callable[[str], None] | None = None
    """Called with the computer's level each time a hint is shown (to count hints used)."""


class Quit(Exception):
    """The player confirmed they want to stop."""


class _TableGone(Exception):
    """The connection to the table was lost while the player decided: the question is
    dropped, as the game may have moved on by the time the player is back."""


class GameUI:
    """One session of play on a screen: a match, then "Another game?"."""

    welcome: ClassVar[str] = "Welcome to cribbage. Press ? for keys and help."
    """The first message of a new match."""
    newcomer_note: ClassVar[str] = NEWCOMER
    """The welcome's word to a newcomer."""

    def __init__(
        self,
        screen: Screen,
        options: Options,
        *,
        glyphs: Glyphs = UNICODE,
        recorder: Recorder | None = None,
        hooks: Hooks | None = None,
        clock: Callable[[], float] = time.monotonic,
        table: GameTable | None = None,
    ) -> None:
        """Play `table` (by default a game against the computer: `recorder`'s match, or a new
        one from the options)."""
        self.screen = screen
        self.options = options
        self.glyphs = glyphs
        self.hooks = hooks or Hooks()
        self.clock = clock
        self.painter = Painter(screen, glyphs)
        self.rng = random.Random(options.seed)
        if table is None:  # the match is drawn from the seed first, then the computer's
            recorder = recorder or self._new_recorder()
        self.computer = Computer(options.level, self.rng.getrandbits(32))
        self.computers: dict[int, Computer] = {}
        """The computer at each seat but yours, in a game against the computer."""
        if table is None:
            assert recorder is not None
            players = recorder.state.game_config.players
            self.computers = {Seat.COMPUTER: self.computer} | {
                seat: Computer(options.level, self.computer.seed + seat)
                for seat in range(2, players)
            }
            core = TableCore(recorder, self.computers, on_step=self._on_step)
            table = LocalTable(core, self._new_recorder)
        self.game_table: GameTable = table
        """The table whose seat 0 (in its own frame) the player plays."""
        self.current = table.snapshot()
        """The match as the screen shows it: as it stood after the last news shown."""
        config = table.config
        self.seating = self._seating()
        claimed = config.counts[Seat.HUMAN] is Counting.CLAIMED
        self.speaker = Speaker(
            glyphs,
            quiet=options.quiet,
            explain=(options.explain or not claimed,) + (True,) * (config.players - 1),
            seating=self.seating,
            config=config,
        )
        self.log = MessageLog()
        self.table = Table.for_game(config, watching=table.watching)
        self.table.names = self.seating.names
        self.earlier_wins = [0] * config.sides
        """Games won in earlier matches of this session, by side."""
        self.adviser = (
            self.computer if options.level == "expert" else Computer("expert", self.computer.seed)
        )
        """Whose figures hints and the coach give: always the expert's."""
        self.view: PlayerView | None = None
        """The view of the decision the player is asked for now, if any."""
        self.reviews: dict[HandKey, HandReview] = {}
        """The coach's reviews of this match's hands, once made."""
        self.results: list[Event | MatchOver] = []
        """The end of the last game shown: its `GameOver`, and the `MatchOver` if any."""
        self.awaiting = False
        """An action was sent to the table and its answer has not come yet."""
        self.gone = False
        """The connection to the table was lost: the player is asked to join again."""
        self.board_match: MatchView | None = None
        """The match as the board shows it while the events that end a game are shown (the
        games won and match points change once the winning points are pegged)."""
        self.game_ended = False
        """The end of the game the table stands at has been shown."""
        self.seat_log = SeatLog()
        """The player's decisions as made, for the coach at a table hosted elsewhere."""
        # what the bottom lines and the card area show for the question being asked
        self.prompt = ""
        self.keys = ""
        self.typed = ""
        self.picture = HandPicture()
        self.cut_picture: CutPicture | None = None
        self.overlay: tuple[str, list[str]] | None = None
        self.marked: frozenset[int] = frozenset()
        """The overlay's lines under a cursor (the level asked before a first game)."""
        self.end_box: tuple[str, list[str]] | None = None
        """The end of a game: its box's title and paragraphs, beside the messages."""
        self.yes_no = False
        """A yes-or-no question is asked: y and n answer it even on a terminal too small."""
        self.helping = False
        """The help box is up: any key closes it, even on a terminal too small."""
        self.pushed: list[str] = []
        """Keys typed during a wait, kept for the next question."""
        self.keypad = options.keypad
        """The keypad's keys are in use (K in the help box turns them on and off)."""

    @property
    def recorder(self) -> Recorder:
        """The match and its record, in a game against the computer.

        Raises:
            AttributeError: the table is not this process's own.
        """
        if not isinstance(self.game_table, LocalTable):
            raise AttributeError("Only a game against the computer has its record here.")
        return self.game_table.recorder

    def _on_step(self, recorder: Recorder) -> None:
        if self.hooks.on_step is not None:
            self.hooks.on_step(recorder)

    def _seating(self) -> Seating:
        seats = self.game_table.seats
        names = None if seats is None else tuple(seat.name for seat in seats.seats)
        return Seating.of(self.game_table.config, names=names, watching=self.game_table.watching)

    # -- the session

    def run(self) -> int:
        """Play until the player stops; return the exit status (0)."""
        try:
            game = self.current.game
            fresh = self.current.number == 1 and game.phase is Phase.CUT_FOR_DEAL
            if not self.options.quiet and fresh and not any(game.cuts):  # not on a resumed match
                self.log.say(self.welcome)
                if not self.game_table.live:  # a table's computers are its host's
                    several = self.game_table.config.players > 2
                    who = "The computers play" if several else "The computer plays"
                    self.log.say(f"{who} at the {self.options.level} level.")
                if self.options.newcomer:
                    self.log.say(self.newcomer_note)
            elif self.game_table.live and game.hand_number:  # a table's game, joined again
                where = f"game {self.current.number}, " if self.current.config.games != 1 else ""
                self.log.say(f"The game goes on: {where}hand {game.hand_number}.", Tone.RESULT)
            while True:
                self.play_match()
                watching = self.game_table.watching
                if watching:  # an onlooker watches whatever the table plays next
                    self.wait("Press any key to watch the next game at the table.")
                again = watching or self.ask_yes_no("Another game? (y/n)")
                self.end_box = None
                if not again:
                    self.game_table.leave()
                    return 0
                self.earlier_wins = self.games_won()
                self.game_table.again()
                self.reviews = {}
                if not watching:
                    self.log.say("A new game.", Tone.RESULT)
        except Quit:
            self.game_table.leave()
            return 0

    def _new_recorder(self) -> Recorder:
        return Recorder.start(
            self.rng.getrandbits(63), self.options.game_config(), self.options.match_config()
        )

    def play_match(self) -> None:
        """Play the match at the table to its end (or resume it where it stands)."""
        while True:
            self.play_game()
            self.end_of_game()
            if self.current.over:
                return
            self.game_table.next_game()

    def games_won(self) -> list[int]:
        """Games won this session, the current match included (as far as it is shown)."""
        shown = self.board_match or self.current
        return [a + b for a, b in zip(self.earlier_wins, shown.games_won, strict=True)]

    def play_game(self) -> None:
        """Play the current game until it is over: take the table's news, and the player's
        actions when the table waits for them."""
        if self.current.game.phase is not Phase.GAME_OVER:
            self.table.sync(self.current.game)
        while True:
            game = self.current.game
            if game.phase is Phase.GAME_OVER and not self.game_ended:
                return
            if self.gone:
                self.rejoin()
                continue
            news = self.game_table.news()
            if news is not None:
                self.take(news)
            elif self.my_turn():
                try:
                    action = self.ask(game)
                except _TableGone:
                    continue
                if isinstance(action, Discard | Play):
                    self.seat_log.decided((self.current.number, game.hand_number), game, action)
                self.awaiting = True
                self.game_table.act(action)
            else:
                self.idle()

    def my_turn(self) -> bool:
        """True when the table waits for the player's action (and none is on its way; a
        table opened again waits for its host's word first)."""
        game = self.current.game
        seats = self.game_table.seats
        return (
            not self.awaiting
            and not self.game_table.watching
            and game.phase is not Phase.GAME_OVER
            and Seat.HUMAN in game.pending
            and (seats is None or seats.playing)
        )

    def take(self, news: News) -> None:
        """Show one piece of the table's news."""
        match news:
            case Update(missed=True):  # what happened while the player was away
                self.missed(news)
            case Update(events, match, by):
                before = self.current
                if by is not None and by != Seat.HUMAN and before.game.phase is not Phase.DISCARD:
                    self.pause()
                if by == Seat.HUMAN:
                    self.awaiting = False
                self.current = match
                self.game_ended = False
                if self.hooks.on_update is not None:
                    self.hooks.on_update(news)
                self.seat_log.saw(events, (match.number, match.game.hand_number), match.game.phase)
                going_on = match.game.phase is not Phase.GAME_OVER
                if by is None and match.number > before.number and going_on:
                    self.log.say(f"Game {match.number} of the match.", Tone.RESULT)
                ends = not going_on and before.game.phase is not Phase.GAME_OVER
                # the board's games and match points change once the winning points are shown
                self.board_match = before if ends and match.number == before.number else None
                try:
                    self.show(events)
                finally:
                    self.board_match = None
                if match.game.phase is not Phase.GAME_OVER:
                    self.table.sync(match.game)
            case Refused(text):
                self.awaiting = False
                self.log.say(text, Tone.ERROR)
            case Said():
                self.log.say(news.line, Tone.TALK)
            case Notice(text):
                self.log.say(text)
            case Seats():
                self.seating = self._seating()
                self.speaker = replace(self.speaker, seating=self.seating)
                self.table.names = self.seating.names
            case Closed():  # the sentence came as a notice already
                self.gone = True
                if self.view is not None:
                    raise _TableGone
            case _ as unreachable:
                assert_never(unreachable)

    def retell(self, events: Sequence[Event | MatchOver]) -> None:
        """Put the messages of `events` (the match so far) back in the log, the table as it
        stands now, and the game's result if it is over."""
        for event in events:
            for line in self.speaker.lines(event):
                self.log.add(line)
        self.results = [event for event in events[-2:] if isinstance(event, GameOver | MatchOver)]
        self.table.sync(self.current.game)

    def missed(self, update: Update) -> None:
        """Tell what happened at the table while the player was away, and show the match as
        it stands after it."""
        self.current = update.match
        self.game_ended = False
        self.awaiting = False
        if self.hooks.on_update is not None:
            self.hooks.on_update(update)
        if update.events:
            self.log.say("While you were away:", Tone.RESULT)
        self.retell(update.events)

    def rejoin(self) -> None:
        """The table is gone: join it again when the player asks (r), or quit (q)."""
        while True:
            self.set_prompt("The table is gone.", "r joins it again   q quit")
            key = self.read_key()
            if key in ("q", "Q", F10):
                self.confirm_quit()
            elif key in ("r", "R"):
                self.log.say("Joining the table again...")
                problem = self._rejoining()
                if problem is None:
                    self.gone = self.awaiting = False
                    self.log.say("You are back at the table.", Tone.RESULT)
                    self.set_prompt("", "")
                    return
                self.log.say(problem, Tone.ERROR)

    def _rejoining(self) -> str | None:
        """Join the table again aside from the screen, which answers the terminal meanwhile
        (a resize); a sentence when the table could not be joined. A quit asked for
        meanwhile is asked once the attempt is over."""
        answer: list[str | None] = []
        joining = threading.Thread(
            target=lambda: answer.append(self.game_table.rejoin()), name="rejoin", daemon=True
        )
        joining.start()
        self.set_prompt("Joining the table again...", "q quit")
        quitting = False
        while joining.is_alive():
            self.draw()  # at the terminal's size now: a resize is answered here
            key = self.screen.read_key(_POLL)
            quitting = quitting or key in ("q", "Q", F10)
        joining.join()
        if quitting:
            self.confirm_quit()
        return answer[0] if answer else "The table could not be joined."

    def idle(self) -> None:
        """Wait a moment for the table's news, with the keys that work anywhere."""
        table = self.game_table
        if not table.live:
            raise RuntimeError("The table waits for nobody, yet nothing is to be done.")
        saved = self.prompt, self.keys
        keys = f"{TALK_KEY} talk   ? help   q quit"
        if isinstance(table, Hosting) and table.freeable():
            keys = f"{FREE_KEY} free {self.seating.whose(table.freeable()[0])} seat   " + keys
        if table.away():
            gone = self.seating.whose(table.away()[0])
            keys = f"{GIVE_KEY}: the computer takes {gone} seat   " + keys
        self.set_prompt(self.waiting_line(), keys)
        try:
            key = self.read_key(_POLL)
        finally:
            self.prompt, self.keys = saved
        if key == "?":
            self.show_help()
        elif key in ("q", F10):
            self.confirm_quit()
        elif key is not None and key in self.hooks.keys:
            self.hooks.keys[key](self)
        elif key is not None:
            self.table_key(key)

    def waiting_line(self) -> str:
        """Whom the table waits for, in a sentence."""
        game = self.current.game
        if self.awaiting:
            return "Waiting for the table..."
        if game.phase is Phase.GAME_OVER:
            return "Waiting for the table to start another game..."
        seats = self.game_table.seats
        if seats is not None and not seats.playing:  # a table opened again, in its lobby
            return "Waiting for the host to go on with the game."
        waiting = [seat for seat in game.pending if seat != Seat.HUMAN or self.game_table.watching]
        if not waiting:
            return "Waiting for the table..."
        names = [self.seating.subject(seat) for seat in waiting]
        line = f"Waiting for {listed(names)} to {_DOING[game.phase]}"
        gone = [
            name
            for seat, name in zip(waiting, names, strict=True)
            if seats is not None and seats.seats[seat].presence is Presence.AWAY
        ]
        if gone:
            line += f"; {listed(gone)} {'has' if len(gone) == 1 else 'have'} gone"
        return line + "."

    # -- events

    def show(self, events: Sequence[Event | MatchOver]) -> None:
        """Show what happened, one event at a time, pausing where a person needs to look."""
        single = self.current.config.games == 1
        # your hand or crib shown, counted wrong: held until a key, once its points and what
        # an opponent pegged for it are shown too
        miscounted: Shown | None = None
        for event in events:
            if miscounted is not None and not isinstance(event, Scored):
                self.hold_miscount(miscounted)
                miscounted = None
            if isinstance(event, GameOver | MatchOver):
                self.results = (
                    [*self.results[-1:], event] if isinstance(event, MatchOver) else [event]
                )
            if isinstance(event, MatchOver) and single:
                continue  # a match of one game: the game's result says it all
            if isinstance(event, CountReset):
                self.pause()  # let the 31 or the go be seen before the table is cleared
            for line in self.speaker.lines(event):
                self.log.add(line)
            self.table.update(event)
            match event:
                case Dealt():
                    self.table.sync(self.current.game)
                case DealerChosen():
                    self.pause(2)
                case Shown(seat, score=score, claimed=claimed) if (
                    seat == Seat.HUMAN
                    and claimed is not None
                    and claimed != score.total
                    and not self.game_table.watching
                ):
                    miscounted = event
                case Shown():
                    self.pause(2)
                case HandOver():
                    self.hand_over()
                case Played(seat) if seat != Seat.HUMAN:
                    self.draw()
                case Scored():
                    self.draw()
                case _:
                    pass
        if miscounted is not None:
            self.hold_miscount(miscounted)
        self.draw()

    def hold_miscount(self, shown: Shown) -> None:
        """Hold the true count of your miscounted hand or crib on the screen until a key."""
        what = "crib" if shown.crib else "hand"
        self.draw()
        self.wait(f"Your {what} holds {shown.score.total}, not {shown.claimed}: press any key.")

    def end_of_game(self) -> None:
        """The result of the game and of the match, with any extra notes, until a key: in a
        box beside the messages, whose last lines say how the game ended."""
        state = self.current
        game = state.game
        assert game.winner is not None
        self.game_ended = True
        lines = [line.text for event in self.results for line in self._result_lines(event)]
        seating = self.seating
        if seating.two_handed:
            if not lines:
                lines = [f"Final score: {self._by_side(game.scores)}."]
            lines.append(f"Games won: {self._by_side(self.games_won())}.")
        else:
            lines.extend(self._losers_lines(game.scores, game.winner))
            lines.append(f"Games won: {self._by_side(self.games_won())}.")
        if state.config.games != 1:
            lines.append(f"Match points: {self._by_side(state.match_points)}.")
            if state.config.points is not None and not state.over:
                lines.append(f"The first to {state.config.points} match points wins the match.")
        reviews = self.game_reviews() if self.options.coach else None
        if reviews is not None:
            summary = " ".join(coach_summary_lines(summarize(reviews)))  # the box wraps it
            if summary:
                lines.append(summary)
        if self.hooks.end_notes is not None:
            lines.extend(self.hooks.end_notes(self.game_table.config))
        title = "Game over" if not state.over or state.config.games == 1 else "Match over"
        self.end_box = (title, lines)
        if state.over:
            return  # the box stays up for "Another game?"
        try:
            self.wait(f"Press any key for game {state.number + 1}.")
        finally:
            self.end_box = None

    def _by_side(self, numbers: Sequence[int]) -> str:
        """A number for each side, yours first: 'you 1, West 0, East 2'."""
        seating = self.seating
        mine = seating.side_of(Seat.HUMAN)
        order = (mine, *(side for side in range(seating.sides) if side != mine))
        return ", ".join(f"{seating.side_short(side)} {numbers[side]}" for side in order)

    def _losers_lines(self, scores: Sequence[int], winner: int) -> list[str]:
        """With more than two sides, every score, and each loser below a skunk line."""
        seating = self.seating
        config = self.game_table.config
        if seating.sides == 2:
            return []  # the result says it all: "West and East win 121 to 85: a skunk!"
        lines = [f"Final score: {self._by_side(scores)}."]
        for side in sorted(range(seating.sides), key=lambda side: -scores[side]):
            result = config.result_for(scores[side])
            if side == winner or result is GameResult.WIN:
                continue
            double = result is GameResult.DOUBLE_SKUNK
            below = config.double_skunk_below if double else config.skunk_below
            subject = seating.side_subject(side)
            plural = side == seating.side_of(Seat.HUMAN) or len(seating.seats_of(side)) > 1
            lines.append(f"{subject} {'are' if plural else 'is'} {result.value}ed (under {below}).")
        return lines

    def _result_lines(self, event: Event | MatchOver) -> list[Line]:
        if isinstance(event, GameOver) or (
            isinstance(event, MatchOver) and self.current.config.games != 1
        ):
            return self.speaker.lines(event)
        return []

    # -- the player's decisions

    def ask(self, view: PlayerView) -> Action:
        """The player's action for what `view` is waiting on."""
        self.view = view
        try:
            return self._ask(view)
        finally:
            self.view = None
            self.set_prompt("", "")

    def _ask(self, view: PlayerView) -> Action:
        seat = Seat.HUMAN
        match view.phase:
            case Phase.CUT_FOR_DEAL:
                return CutForDeal(seat, self.choose_cut(view))
            case Phase.CUT_STARTER:
                return CutStarter(seat, self.choose_cut(view))
            case Phase.DISCARD:
                cards = self.choose_cards(view.hand, frozenset(view.hand), view.config.discards)
                return Discard(seat, cards)
            case Phase.PLAY:
                if len(view.legal) == 1 and self.options.autoplay:
                    self.pause()
                    if len(view.hand) > 1:
                        self.log.say(
                            f"Only the {self.glyphs.card(view.legal[0])} fits.", Tone.HUMAN
                        )
                    return Play(seat, view.legal[0])
                return Play(seat, self.choose_cards(view.hand, frozenset(view.legal), 1)[0])
            case Phase.SHOW:
                return Claim(seat, self.ask_count(view))
            case Phase.GAME_OVER:
                raise RuntimeError("Nothing to decide: the game is over.")

    def choose_cut(self, view: PlayerView) -> int:
        """Where the player cuts the pack: chosen with keys, or at random with --random-cut."""
        positions = view.cut_range
        assert positions is not None
        if self.options.random_cut:
            return self.rng.choice(positions)
        low, high = positions[0], positions[-1]
        position = (low + high) // 2
        self.typed = ""
        try:
            while True:
                self.cut_picture = CutPicture(view.pack_size, position, low, high)
                words = prompt_keys(self.glyphs, keypad=self.keypad)
                self.set_prompt(
                    "Where do you cut the pack?",
                    f"{words.move}   {words.ends}{words.number}   {words.confirm} cut   ? help",
                )
                key = self.key()  # first: the help box it may show can turn the keypad on
                meant = keypad_key(key) if self.keypad else key
                if meant is None:
                    continue  # a digit of the keypad that stands for nothing
                key = meant
                if key in _PREVIOUS:
                    position = max(low, position - 1)
                elif key in _NEXT:
                    position = min(high, position + 1)
                elif key in (HOME, END):
                    position = low if key == HOME else high
                elif key in DIGITS and len(self.typed) < 2:
                    self.typed += key
                    number = int(self.typed)
                    if low <= number <= high:
                        position = number
                elif key == BACKSPACE:
                    self.typed = self.typed[:-1]
                elif key in (ENTER, " "):
                    if self.typed:
                        try:
                            check_cut(view.pack_size, int(self.typed))
                        except IllegalPlayError as err:
                            self.log.say(str(err), Tone.ERROR)
                            self.typed = ""
                            continue
                    return position
                elif key == ESCAPE:
                    self.typed = ""
        finally:
            self.cut_picture = None
            self.typed = ""

    def choose_cards(
        self, hand: tuple[Card, ...], choosable: frozenset[Card], want: int
    ) -> tuple[Card, ...]:
        """`want` cards of `hand`, chosen with the cursor or typed; the cursor visits only `choosable`.

        The choosing itself is `choosing.step`; here it is drawn and fed keys.
        """
        choice = Choice.start(hand, choosable, want)
        try:
            while True:
                self.picture = HandPicture(choice.cursor, frozenset(choice.chosen), choosable)
                self.typed = choice.shown
                self._card_prompt(want, choice.chosen)
                choice, chosen, message = choose_step(choice, self.key(), keypad=self.keypad)
                if message is not None:
                    self.log.say(message, Tone.ERROR)
                if chosen is not None:
                    return chosen.cards
        finally:
            self.picture = HandPicture()
            self.typed = ""

    def _card_prompt(self, want: int, chosen: Sequence[Card]) -> None:
        keys = prompt_keys(self.glyphs, keypad=self.keypad)
        move, choose, typing = keys.move, keys.choose, keys.typing
        discard = self.current.game.phase is Phase.DISCARD
        if want == 1 and not discard:
            self.set_prompt(
                "Your play:",
                f"{move}   {choose} play{typing}   H hint   ? help",
            )
        elif want == 1:
            self.set_prompt(
                f"Choose 1 for {self.crib_owner()} crib:",
                f"{move}   {choose} lay it away{typing}   H hint   ? help",
            )
        elif len(chosen) < want:
            crib = self.crib_owner()
            self.set_prompt(
                f"Choose {want - len(chosen)} {'more ' if chosen else ''}for {crib} crib:",
                f"{move}   {choose} choose{typing}   H hint   ? help",
            )
        else:
            self.set_prompt(
                f"Lay away {self.glyphs.cards(list(chosen))}? {keys.confirm}: yes",
                f"{keys.again} on a chosen card takes it back   Esc: choose again   ? help",
            )

    def crib_owner(self) -> str:
        """Whose the crib is, inside a sentence: 'your', "the computer's", "West's"."""
        dealer = self.current.game.dealer
        if dealer == Seat.HUMAN or dealer is None:
            return "your"
        return self.seating.possessive(dealer)

    def ask_count(self, view: PlayerView) -> int:
        """The player's count of the hand or crib being shown (19 means nothing)."""
        counting = view.counting
        what = "crib" if counting is not None and counting.crib else "hand"
        self.typed = ""
        try:
            while True:
                self.set_prompt(
                    f"Count your {what}:",
                    "type the points (19 for nothing) and Enter   c coach   ? help",
                )
                key = self.key()
                if key in DIGITS and len(self.typed) < 2:
                    self.typed += key
                elif key == BACKSPACE:
                    self.typed = self.typed[:-1]
                elif key == ESCAPE:
                    self.typed = ""
                elif key == COACH_KEY:
                    self.show_coach()
                elif key == ENTER:
                    if self.typed:
                        return int(self.typed)
                    self.log.say("Type the points first (19 if the hand has nothing).", Tone.ERROR)
        finally:
            self.typed = ""

    def choose_level(self) -> str | None:
        """Which computer a player new here wants to play (`level.ask_level`): the level, or
        None when the player quits."""
        from .level import ask_level  # it builds on this screen

        return ask_level(self)

    def ask_yes_no(self, question: str) -> bool:
        """A yes-or-no answer; q and F10 count as no."""
        self.yes_no = True
        try:
            while True:
                self.set_prompt(question, "y yes   n no")
                key = self.read_key()
                if key in ("y", "Y"):
                    return True
                if key in ("n", "N", "q", "Q", F10, ESCAPE):
                    return False
        finally:
            self.yes_no = False

    # -- keys, pauses, drawing

    def set_prompt(self, prompt: str, keys: str) -> None:
        self.prompt, self.keys = prompt, keys

    def key(self) -> str:
        """The next key meant for the question being asked; handles the keys that work anywhere."""
        while True:
            key = self.read_key()
            if key is None:
                continue
            if key == "?":
                keypad = self.keypad
                self.show_help()
                choosing = self.picture.cursor is not None or self.cut_picture is not None
                if self.keypad != keypad and choosing:
                    return REDRAW  # a key that does nothing: the question names its keys again
            elif key in ("q", F10):  # no card's name has a q after its first letter
                if self.confirm_quit():
                    return "q"  # a queen: its suit is the next key
            elif key in self.hooks.keys:
                self.hooks.keys[key](self)
            elif key in HINT_KEYS and not self.typed:
                self.show_hint()
            elif not self.typed and self.table_key(key):
                continue
            else:
                return key

    def table_key(self, key: str) -> bool:
        """Keys of a table with people: talk, give a gone player's seat to the computer, and
        the host's: a new join code, and free a gone player's seat. True when `key` was one
        of them."""
        table = self.game_table
        if key == TALK_KEY and table.live:
            self.talk()
            return True
        if key == GIVE_KEY and table.away():
            table.give(table.away()[0])  # the table tells every seat, this one too
            return True
        if isinstance(table, Hosting):
            if key == CODE_KEY:
                table.change_code()  # the table tells the host the new code
                return True
            if key == FREE_KEY and table.freeable():
                table.free(table.freeable()[0])
                return True
        return False

    def talk(self) -> None:
        """A line to say to the table: typed, Enter sends it, Esc takes it back."""
        saved = self.prompt, self.keys, self.typed
        line = ""
        try:
            while True:
                self.prompt, self.keys = "Say:", "type, Enter sends   Esc: never mind"
                self.typed = line[-60:]
                key = self.read_key()
                if key == ENTER:
                    if line.strip():
                        self.game_table.say(line.strip())
                    return
                if key == ESCAPE:
                    return
                if key == BACKSPACE:
                    line = line[:-1]
                elif key is not None and len(key) == 1 and key.isprintable():
                    line = (line + key)[:TALK_LENGTH]
        finally:
            self.prompt, self.keys, self.typed = saved

    def read_key(self, timeout: float | None = None) -> str | None:
        """A key from the screen after drawing; resizes, Ctrl-L and scrolling are handled here.

        While the terminal is too small only the keys of `_SMALL_SCREEN_KEYS` work (quit,
        help, redraw, and y or n for a yes-or-no question), and time stands still: a timeout
        is not counted until the game can be seen again.
        """
        if self.pushed and timeout is None:
            self.draw()
            return self.pushed.pop(0)
        deadline = None if timeout is None else self.clock() + timeout
        live = self.game_table.live
        while True:
            fits = self.draw()
            wait = None if deadline is None or not fits else max(deadline - self.clock(), 0)
            if live:  # look at the table's chatter now and then while waiting for a key
                wait = _POLL * 2 if wait is None else min(wait, _POLL * 2)
            key = self.screen.read_key(wait)
            if key is None:
                if live:
                    for news in self.game_table.chatter():
                        self.take(news)
                    if deadline is None or (fits and self.clock() < deadline):
                        continue
                if fits:
                    return None
                continue
            if key == REDRAW or (key == RESIZE and not self.helping):
                continue  # the help box is fitted to the new size by `show_help`
            if key in (PAGE_UP, PAGE_DOWN):
                rows, cols = self.screen.size()
                height = Layout.for_game(rows, cols, self.game_table.config).messages_h
                self.log.scroll(height - 1 if key == PAGE_UP else 1 - height)
                continue
            if not fits and not (
                key in _SMALL_SCREEN_KEYS or self.helping or (self.yes_no and key in _YES_NO)
            ):
                continue
            return key

    def confirm_quit(self) -> bool:
        """Ask "Quit? (y/n)" and raise `Quit` on y.

        In a card prompt a suit letter answers instead by typing a queen ('qh'): True then,
        and the suit letter is kept as the next key.
        """
        saved = self.prompt, self.keys, self.yes_no
        self.yes_no = True
        try:
            self.set_prompt("Quit? (y/n)", "y quits   any other key goes back to the game")
            key = self.read_key()
        finally:
            self.prompt, self.keys, self.yes_no = saved
        if key in ("y", "Y"):
            if self.hooks.quit_note:
                self.log.say(self.hooks.quit_note)
                self.draw()
            raise Quit
        typing = self.picture.cursor is not None and not self.keypad  # no card typed then
        if key is not None and key in _SUIT_LETTERS and typing:
            self.pushed.insert(0, key)
            return True
        return False

    def pause(self, beats: float = 1) -> None:
        """Wait a moment so a person can follow the computer; any key ends the wait."""
        if self.options.delay <= 0:
            self.draw()
            return
        saved = self.keys
        self.keys = "any key: go on without waiting"
        try:
            key = self.read_key(self.options.delay * beats)
        finally:
            self.keys = saved
        if self.keypad and key is not None:
            key = keypad_key(key)  # the keypad's 8 and 2 only mean "go on" too
        if key in (None, ENTER, " ", ESCAPE):
            return  # the wait is over; these keys only meant "go on"
        if key == "?":
            self.show_help()
        elif key in ("q", F10):
            self.confirm_quit()
        else:
            self.pushed.append(key)  # typed ahead: it belongs to the next question

    def wait(self, prompt: str) -> None:
        """Hold the screen until a key (the end of the show, the end of a game)."""
        saved = self.prompt, self.keys
        self.set_prompt(prompt, "any key goes on   ? help   q quit")
        try:
            self.key()
        finally:
            self.prompt, self.keys = saved

    def show_hint(self) -> None:
        """The hint panel for the decision being asked, until a key (counted by `on_hint`)."""
        view = self.view
        options: tuple[DiscardOption, ...] | tuple[PlayOption, ...]
        if view is not None and view.phase is Phase.DISCARD:
            options = self.adviser.discard_options_for(view)
        elif view is not None and view.phase is Phase.PLAY and view.legal:
            options = self.adviser.play_options_for(view)
        else:
            self.log.say("Hints are for your discard and your play.", Tone.ERROR)
            return
        if self.hooks.on_hint is not None:
            self.hooks.on_hint(self.options.level)
        self.show_box("Hint", hint_lines(options, self.glyphs, seating=self.seating, view=view))

    def hand_over(self) -> None:
        """The end of a hand: the coach's review with --coach (or on c), then a key for the next deal."""
        saved = self.prompt, self.keys
        coaching = not self.game_table.watching  # an onlooker has no hand to go over
        self.set_prompt(
            "The hand is over: press any key for the next deal.",
            f"any key goes on   {'c coach   ' if coaching else ''}? help   q quit",
        )
        try:
            if self.options.coach and coaching:
                self.show_coach()
            while self.key() == COACH_KEY and coaching:
                self.show_coach()
        finally:
            self.prompt, self.keys = saved

    def game_reviews(self, *, last: bool = False) -> list[HandReview]:
        """The coach's reviews of the current game's hands whose play is over (or the last):
        from the match's record at a table of this process, else from the player's own
        decisions as they were made."""
        number = self.current.number
        if isinstance(self.game_table, LocalTable):
            record = self.game_table.recorder.record
            return review_hands(
                record, self.adviser, Seat.HUMAN, game=number, last=last, cache=self.reviews
            )
        return self.seat_log.reviews(self.adviser, game=number, last=last, cache=self.reviews)

    def show_coach(self) -> None:
        """The coach's review of the last hand played, until a key."""
        reviews = self.game_reviews(last=True)
        if not reviews:
            self.log.say("The coach has no hand of this game to go over yet.", Tone.ERROR)
            return
        review = reviews[-1]
        self.show_box(f"Coach: hand {review.hand}", coach_lines(review, self.glyphs, self.seating))

    def show_box(self, title: str, lines: list[str]) -> None:
        """A box over the game until a key (which does nothing else)."""
        saved = self.overlay
        self.overlay = (title, [*lines, "", "Press any key to go back to the game."])
        try:
            self.read_key()
        finally:
            self.overlay = saved

    def show_help(self) -> None:
        """The help box, fitted to the window, until a key; Up and Down scroll it in a window
        too low for it, and K turns the keypad's keys on or off."""
        saved = self.overlay, self.helping
        config = self.game_table.config
        self.helping = True
        top = 0
        try:
            while True:
                rows, cols = self.screen.size()
                spare = 0 if Layout.for_game(rows, cols, config).fits else 1  # the size line
                page = help_page(
                    self.glyphs,
                    rows - spare,
                    cols,
                    top=top,
                    discards=config.discards,
                    keypad=self.keypad,
                    people=self.game_table.live,
                    giving=bool(self.game_table.away()),
                    hosting=isinstance(self.game_table, Hosting),
                )
                self.overlay = ("Keys", page.lines)
                key = self.read_key()
                if key == RESIZE:
                    continue  # fitted again to the new size
                if key == KEYPAD_TOGGLE:
                    self.keypad = not self.keypad
                    continue
                if key in (UP, DOWN) and (page.up or page.down):
                    top = max(page.top + (1 if key == DOWN else -1), 0)  # kept on the page
                    continue
                return
        finally:
            self.overlay, self.helping = saved

    def draw(self) -> bool:
        """Draw the whole screen from what the UI holds; False when the terminal is too small."""
        screen = self.screen
        rows, cols = screen.size()
        config = self.game_table.config
        layout = Layout.for_game(rows, cols, config)
        screen.clear()
        if not layout.fits:
            if self.helping and self.overlay is not None:
                self.painter.overlay(layout, *self.overlay, spare_rows=1)  # what fits
                self.painter.too_small(rows, cols, rows - 1, lines=1)
            else:
                below = self.painter.too_small(rows, cols)
                if self.yes_no:
                    screen.put(below, 0, self.prompt)
            screen.refresh()
            return False
        painter = self.painter
        painter.table(layout, self.table, self.picture, self.cut_picture)
        state = self.board_match or self.current
        if state.config.games == 1:  # a one-game match: games won this session
            painter.board(layout, self.table, config.target, self.games_won())
        else:  # a match is scored in match points
            painter.board(
                layout,
                self.table,
                config.target,
                state.match_points,
                match_points=True,
                of=state.config.points,
            )
        painter.messages(layout, self.log)
        painter.prompt(layout, self.prompt, self.typed, self.keys)
        if self.end_box is not None:
            painter.beside_messages(layout, *self.end_box)
        if self.overlay is not None:
            painter.overlay(layout, *self.overlay, marked=self.marked)
        screen.refresh()
        return True
