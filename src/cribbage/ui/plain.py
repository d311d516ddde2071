"""The game in plain lines (`cribbage --plain`): for a screen reader, a braille display, a
pipe or a script.

`PlainUI` is the game's second face on the same `Table` as the curses screen's `GameUI`:
it plays the same match through the same steps, with the same words (the message log's
lines, the hint's and the coach's), and changes only how they reach the player. What
happens is printed as it happens, one event a line; before each decision one prompt says
what is needed and what may be typed; the player answers with a line. Nothing is drawn:
no colour, no box, no cursor movement, no suit symbol (cards are said in words, or with
`--ascii` as `5H`), and every line is complete and flushed at once. The end of input quits
as q does, and the game is kept.

`Lines` is the player's side of it: lines printed (wrapped at `WIDTH` columns) and lines
read, from any text streams: standard input and output may be pipes.
"""

from __future__ import annotations

import queue
import sys
import textwrap
import threading
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import ClassVar, Final, TextIO

from ..cards import Card
from ..errors import CribbageError, IllegalPlayError
from ..events import Event
from ..glyphs import ASCII, WORDS, Glyphs
from ..match import MatchOver
from ..record import Recorder
from ..rules import Phase, check_cut
from ..storage import Storage
from ..tables import Closed, News, Notice, Refused, Said, Seats, Update
from ..tables import Table as GameTable
from ..tables.news import SEAT_PLACES, Hosting
from ..text import listed
from ..view import PlayerView
from .game import NEWCOMER, GameUI, Hooks, Options, Quit
from .keys import CODE_KEY, ENTER, FREE_KEY, GIVE_KEY, TALK_KEY
from .lobby import LobbyState, Opening, seat_key, seat_words
from .screen import PLAIN, Style
from .words import Line, MessageLog, Tone

__all__ = [
    "COMMANDS",
    "WIDTH",
    "EndOfInput",
    "LineScreen",
    "Lines",
    "PlainUI",
    "parse_choice",
    "plain_lobby",
    "run_plain",
    "run_plain_table",
]

WIDTH: Final = 100
"""The longest line printed; a longer sentence goes on, indented, on the next line."""
RECENT: Final = 8
"""How many of the last messages `l` says again."""
_POLL: Final = 0.1
"""Seconds between looks at a live table's news while the player types."""

COMMANDS: Final = (
    ("s", "the scores, who deals and the starter"),
    ("p", "the cards played this count"),
    ("l", "the last few things that happened"),
    ("r", "the question again, with your cards"),
    ("h", "a hint for your discard or your play"),
    ("c", "the coach's review of the last hand"),
    ("?", "this help"),
    ("q", "quit; a game against the computer is kept to resume"),
)
"""The commands that work at every question, and what each says."""
_TABLE_COMMANDS: Final = (
    (f"{TALK_KEY} TEXT", "say TEXT to the table"),
    (GIVE_KEY, "give the seat of a player who has gone to the computer"),
)
_HOST_COMMANDS: Final = (
    (CODE_KEY, "draw a new join code"),
    (FREE_KEY, "free the seat of a player who has gone, for them to take back"),
)
_ALIASES: Final = {
    "scores": "s",
    "score": "s",
    "played": "p",
    "pile": "p",
    "last": "l",
    "log": "l",
    "repeat": "r",
    "again": "r",
    "hand": "r",
    "hint": "h",
    "coach": "c",
    "help": "?",
    "quit": "q",
    "exit": "q",
    "say": TALK_KEY,
}


class EndOfInput(Exception):
    """Standard input has ended: the player quits, and the game is kept, as with q."""


class Lines:
    """Lines to the player and from them: each printed line complete and flushed at once,
    each read line taken from a thread of its own, so that a table's news can be printed
    while the player has not typed yet."""

    def __init__(self, source: TextIO, out: TextIO, width: int = WIDTH) -> None:
        self.out = out
        self.width = width
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._ended = False
        threading.Thread(target=self._read, args=(source,), name="lines", daemon=True).start()

    def _read(self, source: TextIO) -> None:
        try:
            for line in source:
                self._lines.put(line.rstrip("\r\n"))
        except (OSError, ValueError, UnicodeDecodeError):
            pass
        self._lines.put(None)

    def say(self, text: str) -> None:
        """Print `text`, on as many lines as its width needs (the others indented)."""
        indent = " " * (len(text) - len(text.lstrip(" ")))
        parts = textwrap.wrap(
            text.rstrip(),
            self.width,
            subsequent_indent=indent + "  ",
            break_on_hyphens=False,
            break_long_words=True,
        )
        self.out.write("".join(part + "\n" for part in parts or [""]))
        self.out.flush()

    def read(self, timeout: float | None = None) -> str | None:
        """The next line typed, waiting at most `timeout` seconds (None: until one comes);
        None when none came in time.

        Raises:
            EndOfInput: the input has ended.
        """
        if self._ended:
            raise EndOfInput
        try:
            line = self._lines.get(timeout=timeout)
        except queue.Empty:
            return None
        if line is None:
            self._ended = True
            raise EndOfInput
        return line


class _Printed(MessageLog):
    """The message log, each message printed as it is added."""

    def __init__(self, lines: Lines) -> None:
        super().__init__()
        self.lines = lines
        self.muted = False

    def add(self, line: Line) -> None:
        super().add(line)
        if not self.muted:
            self.lines.say(line.text)


class LineScreen:
    """A screen nobody sees, for what is built to draw (the plain face draws nothing); it
    carries the `lines` the plain face prints on and reads from."""

    def __init__(self, lines: Lines) -> None:
        self.lines = lines

    def size(self) -> tuple[int, int]:
        return 24, 80

    def clear(self) -> None:
        pass

    def put(self, y: int, x: int, text: str, style: Style = PLAIN) -> None:
        pass

    def refresh(self) -> None:
        pass

    def read_key(self, timeout: float | None = None) -> str | None:
        return None


def parse_choice(text: str, hand: Sequence[Card], want: int) -> tuple[Card, ...]:
    """The `want` cards of `hand` that `text` names: each card as on the board ('5h', 'kc',
    'ten of clubs', a rank alone when only one card has it) or by its number in the hand,
    separated by spaces or commas.

    >>> from cribbage.cards import parse_cards
    >>> hand = parse_cards(["5h", "kc", "td", "2s"])
    >>> parse_choice("kc", hand, 1), parse_choice("3", hand, 1)
    ((Card(Rank.KING, Suit.CLUBS),), (Card(Rank.TEN, Suit.DIAMONDS),))
    >>> parse_choice("1, 2s", hand, 2)
    (Card(Rank.FIVE, Suit.HEARTS), Card(Rank.TWO, Suit.SPADES))
    >>> parse_choice("five of hearts and king of clubs", hand, 2)[1]
    Card(Rank.KING, Suit.CLUBS)
    >>> parse_choice("1 1", hand, 2)
    Traceback (most recent call last):
    ...
    cribbage.errors.InvalidCardError: The five of hearts is named twice.

    Raises:
        CribbageError: the text names no card of the hand, too few or too many, or one twice.
    """
    from ..cards import resolve_card
    from ..errors import InvalidCardError

    text = text.strip()
    if not text:
        raise InvalidCardError(_how_many(want))
    if want == 1:
        if text.isdigit() and 1 <= int(text) <= len(hand):
            return (hand[int(text) - 1],)
        return (resolve_card(text, hand),)
    parts = [part for part in text.replace(" and ", ",").split(",") if part.strip()]
    if len(parts) == 1:
        parts = parts[0].split()
    cards: list[Card] = []
    for part in parts:
        part = part.strip()
        if part.isdigit() and 1 <= int(part) <= len(hand):
            card = hand[int(part) - 1]
        else:
            card = resolve_card(part, hand)
        if card in cards:
            raise InvalidCardError(f"The {card.long_name.lower()} is named twice.")
        cards.append(card)
    if len(cards) != want:
        raise InvalidCardError(_how_many(want))
    return tuple(cards)


def _how_many(want: int) -> str:
    if want == 1:
        return "Type a card as on the board (5h, kc) or by its number."
    return f"Type {_NUMBERS[want]} cards, each as on the board (5h, kc) or by its number."


_NUMBERS: Final = ("no", "one", "two", "three", "four", "five", "six")


class PlainUI(GameUI):
    """The game in plain lines: the curses game's steps and words, printed and typed."""

    welcome: ClassVar[str] = "Welcome to cribbage. Type ? and Enter for help."
    newcomer_note: ClassVar[str] = NEWCOMER.replace("--learn", "--learn --plain")

    def __init__(
        self,
        options: Options,
        lines: Lines,
        *,
        glyphs: Glyphs = WORDS,
        recorder: Recorder | None = None,
        hooks: Hooks | None = None,
        table: GameTable | None = None,
    ) -> None:
        self.lines = lines
        self._box: tuple[str, list[str]] | None = None
        super().__init__(
            LineScreen(lines),
            replace(options, delay=0),  # lines wait in the output to be read
            glyphs=glyphs,
            recorder=recorder,
            hooks=hooks,
            table=table,
        )
        self.print_messages()

    def print_messages(self) -> None:
        """From now on, print each message as it is said (after `GameUI.__init__`, which
        starts the message log)."""
        self.log: MessageLog = _Printed(self.lines)
        self._scores_said: tuple[int, ...] | None = None
        self._waiting_said = ""
        self._telling_all = False

    # what the curses game shows in boxes is printed as it is set

    @property  # an attribute of GameUI's, printed when set here
    def end_box(self) -> tuple[str, list[str]] | None:
        return self._box

    @end_box.setter
    def end_box(self, box: tuple[str, list[str]] | None) -> None:
        self._box = box
        if box is not None:
            self.show_box(*box)

    def show_box(self, title: str, lines: list[str]) -> None:
        """The box's title, then its lines (a blank line between paragraphs dropped, and a
        line said just before, as the result of a game is)."""
        self.lines.say(f"{title}:")
        said = {line.text for line in self.log.entries[-2:]}
        for line in lines:
            if line.strip() and line not in said:
                self.lines.say(line.rstrip())

    def draw(self) -> bool:
        return True  # nothing is drawn: every line is printed as it comes

    def pause(self, beats: float = 1) -> None:
        pass  # the lines wait in the output for the player to read them

    def wait(self, prompt: str) -> None:
        pass

    def hand_over(self) -> None:
        """The end of a hand: the coach's review with --coach; c asks for it at any question."""
        if self.options.coach and not self.game_table.watching:
            self.show_coach()

    def retell(self, events: Sequence[Event | MatchOver]) -> None:
        """The match so far, back in the log: said in full after an absence from a table,
        and only its last messages when a saved game is resumed."""
        log = self.log
        assert isinstance(log, _Printed)
        log.muted = not self._telling_all
        try:
            super().retell(events)
        finally:
            log.muted = False
        if not self._telling_all and log.entries:
            self.lines.say("The game so far ended with:")
            for line in log.entries[-RECENT // 2 :]:
                self.lines.say(f"  {line.text.strip()}")

    def missed(self, update: Update) -> None:
        self._telling_all = True
        try:
            super().missed(update)
        finally:
            self._telling_all = False

    # -- reading lines

    def ask_line(self, prompt: str, *, hints: bool = False) -> str:
        """Print `prompt` and return the answer typed; the commands that work at every
        question are answered here, and the prompt said again after them."""
        self.lines.say(prompt)
        while True:
            text = self._read_line()
            word, _, rest = text.strip().partition(" ")
            command = _ALIASES.get(word.lower(), word) if word else ""
            if command == "q" and not rest:
                self._quit()
            if self._command(command, rest, hints=hints):
                self.lines.say(prompt)
                continue
            return text.strip()

    def _read_line(self) -> str:
        """The next line typed; a live table's chatter is printed while waiting for it.

        Raises:
            Quit: the input has ended (the game is kept, as with q).
        """
        live = self.game_table.live
        while True:
            try:
                text = self.lines.read(_POLL if live else None)
            except EndOfInput:
                self._quit()
            if live:
                for news in self.game_table.chatter():
                    self.take(news)
            if text is not None:
                return text

    def _quit(self) -> None:
        if self.hooks.quit_note:
            self.log.say(self.hooks.quit_note)
        raise Quit

    def confirm_quit(self) -> bool:
        """q quits at once: nothing is typed by mistake on a line ended with Enter."""
        self._quit()
        return True  # not reached

    def _command(self, command: str, rest: str, *, hints: bool) -> bool:
        """Answer a command that works at every question; False when `command` is none."""
        table = self.game_table
        match command:
            case "?" if not rest:
                self.show_help()
            case "s" if not rest:
                self.say_scores()
            case "p" if not rest:
                self.say_played()
            case "l" if not rest:
                for line in self.log.entries[-RECENT:]:
                    self.lines.say(line.text.strip())
            case "r" if not rest:
                pass  # the prompt is said again
            case "h" if not rest and hints:
                self.show_hint()
            case "c" if not rest:
                if self.game_table.watching:
                    self.log.say("The coach goes over your own hands.", Tone.ERROR)
                else:
                    self.show_coach()
            case _ if command == TALK_KEY and table.live:
                if rest.strip():
                    table.say(rest.strip())
                else:
                    self.log.say(f"Type what to say after {TALK_KEY}: '{TALK_KEY} hello'.")
            case _ if not rest and command in (GIVE_KEY, CODE_KEY, FREE_KEY):
                if not self.table_key(command):
                    self.log.say("Nobody's seat is there to give or free.", Tone.ERROR)
            case _:
                return False
        return True

    def read_key(self, timeout: float | None = None) -> str | None:
        """A key for a question asked with keys (`set_prompt`), as a line: its prompt and
        keys are said, an empty line is Enter, and any other line its first word."""
        if timeout is not None:
            try:
                text = self.lines.read(timeout)
            except EndOfInput:
                self._quit()
            return None if text is None else (text.strip() or ENTER)
        keys = [part.strip() for part in self.keys.split("   ") if part.strip()]
        if not any(key.startswith("?") for key in keys):
            keys.append("? for help")
        text = self.ask_line(f"{self.prompt} Type: {'; '.join(keys)}.")
        return text.split()[0] if text else ENTER

    def choose_level(self) -> str | None:
        """Which computer to play, asked in lines: each level with its sentence, then the
        question; its first letter, its name or an empty line (the weakest) chooses."""
        from .level import LEVEL_ABOUT, level_keys

        keys = level_keys()
        names = {name: name for name in keys.values()} | keys
        self.lines.say("Your first game: which computer do you want to play?")
        for key, name in keys.items():
            self.lines.say(f"{key}, {name}: {LEVEL_ABOUT[name]}")
        self.lines.say(
            "New to cribbage? Type q and run cribbage --learn --plain: short lessons, "
            "then a game against the easy computer."
        )
        weakest = next(iter(keys.values()))
        said = [f"{key} for {name}" for key, name in keys.items()]
        choices = f"{', '.join(said[:-1])} or {said[-1]}"
        prompt = f"Which computer? Type {choices} (Enter: {weakest}); q quits; ? for help."
        while True:  # read here: c, the coach's command at other questions, is classic
            self.lines.say(prompt)
            try:
                text = self._read_line().strip().lower()
            except Quit:
                return None
            if not text:
                return weakest
            if text in names:
                return names[text]
            if text in ("q", "quit"):
                return None
            if text in ("?", "help"):
                self.lines.say(f"Type {choices}: the computer you play; q quits.")
            else:
                self.log.say(f"Type {choices}.", Tone.ERROR)

    def ask_yes_no(self, question: str) -> bool:
        """A yes-or-no answer; q and the end of input count as no."""
        asked = question.removesuffix(" (y/n)")
        while True:
            try:
                text = self.ask_line(f"{asked} Type y for yes or n for no; ? for help.").lower()
            except Quit:
                return False
            if text in ("y", "yes"):
                return True
            if text in ("n", "no"):
                return False
            self.log.say("Type y or n.", Tone.ERROR)

    def show_help(self) -> None:
        """The commands, a line each."""
        discards = self.game_table.config.discards
        what = "two cards" if discards == 2 else "a card"
        self.lines.say(
            "Type a card as on the board (5h, kc, td for the ten of diamonds) or by its "
            f"number in your hand; for the crib, {what} on one line (5h kc, or 1 4)."
        )
        self.lines.say("A queen is typed with its suit (qh): q alone quits.")
        commands = list(COMMANDS)
        table = self.game_table
        if table.live:
            commands += _TABLE_COMMANDS
        if isinstance(table, Hosting):
            commands += _HOST_COMMANDS
        for key, words in commands:
            self.lines.say(f"{key}: {words}")

    # -- the state, said again

    def say_scores(self) -> None:
        """The scores, the target, who deals and the starter; the games of a match."""
        game = self.current.game
        self.lines.say(f"{self._scores_line(game)} A game is to {game.target}.")
        if game.dealer is not None:
            owner = self.crib_owner()
            self.lines.say(
                f"{self.seating.verb(game.dealer, 'deal')}: "
                f"the crib is {'yours' if owner == 'your' else owner}."
            )
        if game.starter is not None:
            self.lines.say(f"The starter is the {self.glyphs.card(game.starter)}.")
        if self.current.config.games != 1:
            self.lines.say(
                f"Game {self.current.number}; games won: {self._by_side(self.current.games_won)}; "
                f"match points: {self._by_side(self.current.match_points)}."
            )

    def _scores_line(self, game: PlayerView) -> str:
        return f"Scores: {self._by_side(game.scores)}."

    def say_played(self) -> None:
        """The cards of this count, each with who played it."""
        game = self.current.game
        if not game.pile:
            self.lines.say(f"No card is on the count{'' if game.phase is Phase.PLAY else ' now'}.")
            return
        played = game.history[-len(game.pile) :]
        said = [f"{self.glyphs.card(card)} ({self.seating.short(seat)})" for seat, card in played]
        self.lines.say(f"Count {game.count}: {listed(said)}.")

    def _scores_if_changed(self, view: PlayerView) -> str:
        scores = tuple(view.scores)
        if scores == self._scores_said:
            return ""
        self._scores_said = scores
        return self._scores_line(view) + " "

    def _hand(self, hand: Sequence[Card], choosable: frozenset[Card] = frozenset()) -> str:
        said = []
        for number, card in enumerate(hand, 1):
            note = "" if not choosable or card in choosable else " (too high)"
            said.append(f"{number} {self.glyphs.card(card)}{note}")
        return ", ".join(said)

    # -- the player's decisions

    def choose_cards(
        self, hand: tuple[Card, ...], choosable: frozenset[Card], want: int
    ) -> tuple[Card, ...]:
        view = self.view
        assert view is not None
        discard = view.phase is Phase.DISCARD
        scores = self._scores_if_changed(view)
        if discard:
            many = "one card" if want == 1 else f"{_NUMBERS[want]} cards"
            prompt = (
                f"{scores}Hand {view.hand_number}: lay away {many} for {self.crib_owner()} crib. "
                f"Your cards: {self._hand(hand)}. Type {many} or their numbers; "
                "h for a hint, s for the scores, ? for help."
            )
            if want == 1:
                prompt = prompt.replace("or their numbers", "or its number")
        else:
            where = "your lead" if not view.pile else f"count {view.count}"
            prompt = (
                f"{scores}Your play, {where}, {self.crib_owner()} crib. Your cards: {self._hand(hand, choosable)}. "
                "Type a card or its number; h for a hint, s for the scores, ? for help."
            )
        while True:
            text = self.ask_line(prompt, hints=True)
            try:
                return parse_choice(text, hand, want)
            except CribbageError as err:
                self.log.say(str(err), Tone.ERROR)

    def choose_cut(self, view: PlayerView) -> int:
        positions = view.cut_range
        assert positions is not None
        if self.options.random_cut:
            return self.rng.choice(positions)
        low, high = positions[0], positions[-1]
        what = "the deal" if view.phase is Phase.CUT_FOR_DEAL else "the starter"
        prompt = (
            f"Cut the pack for {what}. Type a number from {low} to {high}, "
            "or just Enter for the middle; ? for help."
        )
        while True:
            text = self.ask_line(prompt)
            if not text:
                return (low + high) // 2
            if not text.isdigit():
                self.log.say(f"Type a number from {low} to {high}, or just Enter.", Tone.ERROR)
                continue
            try:
                check_cut(view.pack_size, int(text))
            except IllegalPlayError as err:
                self.log.say(str(err), Tone.ERROR)
                continue
            return int(text)

    def ask_count(self, view: PlayerView) -> int:
        counting = view.counting
        crib = counting is not None and counting.crib
        cards = () if counting is None else counting.cards
        starter = (
            ""
            if view.starter is None
            else f" with the starter, the {self.glyphs.card(view.starter)}"
        )
        prompt = (
            f"Count your {'crib' if crib else 'hand'}: {self.glyphs.cards(cards)}{starter}. "
            "Type the points (19 for nothing); c for the coach, s for the scores, ? for help."
        )
        while True:
            text = self.ask_line(prompt)
            if text.isdigit() and len(text) <= 2:
                return int(text)
            self.log.say("Type the points as a number (19 if the hand has nothing).", Tone.ERROR)

    # -- a table with people

    def idle(self) -> None:
        """Wait a moment for the table's news; the commands work meanwhile."""
        table = self.game_table
        if not table.live:
            raise RuntimeError("The table waits for nobody, yet nothing is to be done.")
        waiting = "" if self.awaiting else self.waiting_line()  # not for the own action's echo
        if waiting and waiting != self._waiting_said:
            self._waiting_said = waiting
            self.lines.say(waiting)
        try:
            text = self.lines.read(_POLL)
        except EndOfInput:
            self._quit()
        for news in table.chatter():
            self.take(news)
        if text is None or not text.strip():
            return
        word, _, rest = text.strip().partition(" ")
        command = _ALIASES.get(word.lower(), word)
        if command == "q" and not rest:
            self._quit()
        if not self._command(command, rest, hints=False):
            self.log.say("Nothing is asked of you now: ? lists what you may type.", Tone.ERROR)

    def take(self, news: News) -> None:
        if isinstance(news, Update):
            self._waiting_said = ""
        super().take(news)

    def rejoin(self) -> None:
        """The table is gone: join it again (r), or quit (q)."""
        while True:
            text = self.ask_line(
                "The table is gone. Type r to join it again, q to quit; ? for help."
            )
            if text.lower() not in ("r", "rejoin"):
                continue
            self.log.say("Joining the table again...")
            problem = self.game_table.rejoin()
            if problem is None:
                self.gone = self.awaiting = False
                self.log.say("You are back at the table.", Tone.RESULT)
                return
            self.log.say(problem, Tone.ERROR)


def run_plain(
    options: Options,
    storage: Storage,
    *,
    glyphs: Glyphs = WORDS,
    fresh: bool = False,
    lines: Lines | None = None,
) -> int:
    """Play in plain lines on `lines` (standard input and output by default), with the
    save in `storage` as the curses game keeps it (`saving.play_kept`); return the exit
    status (0)."""
    from .saving import play_kept

    lines = lines or Lines(sys.stdin, sys.stdout)

    def face(options: Options, recorder: Recorder | None, hooks: Hooks) -> GameUI:
        return PlainUI(options, lines, glyphs=glyphs, recorder=recorder, hooks=hooks)

    try:
        return play_kept(LineScreen(lines), options, storage, glyphs=glyphs, fresh=fresh, face=face)
    except Quit:  # at the question before the game: the save stays as it was
        return 0


def run_plain_table(
    table: Opening,
    options: Options,
    *,
    ascii_only: bool = False,
    title: str,
    particulars: Callable[[], Sequence[str]],
    can_start: bool,
    hooks: Hooks | None = None,
    notes: Sequence[str] = (),
    starter: str = "the host",
) -> int:
    """`run_table` in plain lines on standard input and output, with the same arguments:
    a seat of a table with people, from its lobby to the last game, cards in words unless
    `ascii_only`; return the exit status."""
    lines = Lines(sys.stdin, sys.stdout)
    started, said, first = plain_lobby(
        table,
        lines,
        title=title,
        particulars=particulars,
        can_start=can_start,
        notes=notes,
        starter=starter,
    )
    if not started:
        table.leave()
        return 0
    glyphs = ASCII if ascii_only else WORDS
    ui = PlainUI(options, lines, glyphs=glyphs, table=table, hooks=hooks)
    log = ui.log
    assert isinstance(log, _Printed)
    log.muted = True  # said already, in the lobby
    for line in said:
        log.add(line)
    log.muted = False
    if first is not None and first.missed:
        ui.missed(first)
    return ui.run()


def plain_lobby(
    table: Opening,
    lines: Lines,
    *,
    title: str,
    particulars: Callable[[], Sequence[str]],
    can_start: bool,
    notes: Sequence[str] = (),
    starter: str = "the host",
) -> tuple[bool, list[Line], Update | None]:
    """`lobby.lobby` in plain lines: wait for the game at `table` to start; the same
    answer (whether it started, the messages seen, the first news of the game)."""
    hosting = table if isinstance(table, Hosting) else None
    log: list[Line] = []

    def say(text: str, tone: Tone = Tone.INFO) -> None:
        log.append(Line(text, tone))
        lines.say(text)

    lines.say(f"{title}.")
    for particular in particulars():
        lines.say(particular)
    for note in notes:
        say(note, Tone.ERROR)
    seats_said: Seats | None = None
    keys = ["s or Enter starts the game"] if can_start else []
    if hosting is not None:
        keys.append(f"{CODE_KEY} draws a new join code")
    if table.config.players > 2 and table.place is not None:
        keys.append(
            "a seat's number " + ("and another swap them" if hosting else "moves you there")
        )
    keys += [f"{TALK_KEY} TEXT says TEXT", "q leaves", "? for help"]
    prompt = (
        ("" if can_start else f"Waiting for {starter} to start the game. ")
        + "Type: "
        + "; ".join(keys)
        + "."
    )
    lines.say(prompt)
    state = LobbyState()
    while True:
        if table.seats is not None and table.seats != seats_said:
            again = seats_said is not None  # after the first: what may be typed, again
            seats_said = table.seats
            for seat_line in _seat_lines(table, seats_said):
                lines.say(seat_line)
            if again and not seats_said.started:
                lines.say(prompt)
        while (news := table.news()) is not None:
            match news:
                case Update():
                    return True, log, news
                case Said():
                    say(news.line, Tone.TALK)
                case Notice(told) | Refused(told):
                    say(told)
                case Closed():
                    say("The table has closed.", Tone.ERROR)
                    return False, log, None
                case _:
                    pass
        try:
            text = lines.read(_POLL)
        except EndOfInput:
            return False, log, None
        if text is None:
            continue
        word, _, rest = text.strip().partition(" ")
        command = _ALIASES.get(word.lower(), word)
        if command == "q" and not rest:
            return False, log, None
        if command in ("", "s", "start") and can_start:
            table.start()
            resumed = table.seats is not None and table.seats.started
            say("Going on..." if resumed else "Starting the game...", Tone.RESULT)
        elif command == TALK_KEY and rest.strip():
            table.say(rest.strip())
        elif command == CODE_KEY and hosting is not None:
            hosting.change_code()
        elif command.isdigit() and command.isascii():
            seat = int(command) - 1
            swaps = hosting is not None and state.swapping is None and seat != table.place
            if swaps and 0 <= seat < table.config.players:
                lines.say(f"Swap {SEAT_PLACES[table.config.players][seat]} with which seat?")
            seat_key(table, hosting, state, seat)  # as the lobby's screen moves people
        else:  # help, or what the lobby does not take: what may be typed, again
            lines.say(prompt)


def _seat_lines(table: Opening, seats: Seats) -> list[str]:
    """The seats, a line each, as the lobby shows them."""
    places = SEAT_PLACES[table.config.players]
    me = table.place
    said = ["Seats:"]
    for number, place in enumerate(places):
        info = seats.seats[(number - (me or 0)) % len(places)]  # the player's frame: me is 0
        said.append(f"  {number + 1} {place}: {seat_words(info, you=number == me)}")
    return said
