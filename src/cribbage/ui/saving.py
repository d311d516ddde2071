"""The game with its save: resumed at start, saved after every action, counted when it ends.

`play_kept` is what `cribbage` runs on the terminal. It takes the save for this copy of the
game (`Storage.claim`), offers to resume a saved match ("Resume the saved game? (Y/n)"; when
the command line named another game, "Resume the three-handed game instead of a new
four-handed partners game? (y/N)", Enter starting the game asked for),
and plays through `GameUI` with a `Keeper` in its hooks: after every action the keeper
hands the match to `Storage.save`, which also counts a finished game and files a finished
match. Whatever the storage has to say (a save that could not be resumed, a disk that is
full, a game open elsewhere) is one sentence in the message log, and play goes on.

A resumed match keeps its own rules (the game and how many play, target, match, skunks,
counting) and the computer's level it was started with; the command line's display options
(quiet, ASCII, autoplay, random cut, delay, the keypad's keys) are taken as given now. The
rules come from the save's record, so a save written before there were other games than the
two-handed one resumes as it always did.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Final, TypeAlias

from ..computer import LEVELS
from ..glyphs import UNICODE, Glyphs
from ..match import FirstDealer
from ..record import Recorder
from ..rules import Counting, GameConfig, Seat
from ..stats import summary_line
from ..storage import Options as SavedOptions
from ..storage import SavedMatch, Storage, new_match_id
from ..variants import Variant, variant_of
from .game import GameUI, Hooks, Options, Quit
from .keys import ENTER, ESCAPE, F10
from .screen import Screen
from .words import Tone

__all__ = [
    "KEPT",
    "RESUME_QUESTION",
    "Face",
    "Keeper",
    "play_kept",
    "resumed_options",
    "saved_options",
]

Face: TypeAlias = Callable[[Options, Recorder | None, Hooks], GameUI]
"""What plays a match kept in the storage, built from the options, the saved match's
recorder (None: a new match) and the keeper's hooks: the curses screen by default, or
the game in plain lines (`plain.PlainUI`)."""

RESUME_QUESTION: Final = "Resume the saved game? (Y/n)"
KEPT: Final = "The game is kept: start cribbage again to resume it."


def saved_options(options: Options) -> SavedOptions:
    """What a save remembers of the player's options besides the rules in its record."""
    return {
        "level": options.level,
        "explain": options.explain,
        "target": options.target,
        "games": options.games,
        "counting": options.counting.value,
        "muggins": options.muggins,
        "seed": options.seed,
    }


def resumed_options(options: Options, match: SavedMatch) -> tuple[Options, list[str]]:
    """The options a resumed `match` is played with, and what differs from `options`.

    The match's rules come from its record and its level from its save, whatever the
    command line says now; an option the save does not name, or names wrongly, is taken
    from `options`.
    """
    game, config = match.record.game_config, match.record.match_config
    level = match.options.get("level")
    explain = match.options.get("explain")
    resumed = replace(
        options,
        target=game.target,
        games=config.games if config.games is not None else options.games,
        points=config.points,
        values=config.values,
        first_dealer=config.first_dealer,
        players=game.players,
        partners=game.partners,
        five_card=game.five_card,
        lurch=game.skunk_line is not None or game.double_skunk_line is not None,
        penalty=game.overcount,
        counting=game.counts[Seat.HUMAN],
        muggins=game.muggins,
        level=level if isinstance(level, str) and level in LEVELS else options.level,
        explain=explain if isinstance(explain, bool) else options.explain,
    )
    differences: list[str] = []
    variant = variant_of(game)
    if variant is not variant_of(options.game_config()):
        differences.append(f"the game is {variant.phrase}")
    if resumed.level != options.level:
        differences.append(f"the computer plays at {resumed.level}")
    if resumed.target != options.target:
        differences.append(f"the game is to {resumed.target}")
    if resumed.points is not None and (resumed.points, resumed.values) != (
        options.points,
        options.values,
    ):
        scale = "-".join(str(value) for value in resumed.values)
        differences.append(f"the match goes to {resumed.points} match points ({scale})")
    elif resumed.points is None and (resumed.games, options.points) != (options.games, None):
        differences.append(f"the match is {resumed.games} game{'' if resumed.games == 1 else 's'}")
    if resumed.first_dealer is not options.first_dealer:
        differences.append(
            f"the first dealer of a later game is the {_FIRST[resumed.first_dealer]}"
        )
    if resumed.lurch != options.lurch:
        differences.append("a loser is lurched" if resumed.lurch else "skunks are BSD's")
    if (resumed.counting, resumed.muggins) != (options.counting, options.muggins):
        if resumed.counting is Counting.AUTOMATIC:
            differences.append("hands are counted for you")
        else:
            differences.append(f"you count your hands{' with muggins' if resumed.muggins else ''}")
    if resumed.penalty is not options.penalty and resumed.counting is Counting.CLAIMED:
        differences.append(f"the penalty for an over-count is {resumed.penalty.value}")
    if resumed.explain != options.explain:
        differences.append(f"explanations are {'on' if resumed.explain else 'off'}")
    return resumed, differences


_FIRST = {
    FirstDealer.LOSER: "loser of the game before",
    FirstDealer.ALTERNATE: "next player round the table",
    FirstDealer.SAME: "first game's first dealer",
}


class Keeper:
    """Saves the match after every action and adds the running record to the end of a game.

    Build it, give `hooks` to the `GameUI`, then `attach` the UI so that what the storage
    says reaches the message log.
    """

    def __init__(self, storage: Storage, options: SavedOptions) -> None:
        self.storage = storage
        self.options = dict(options)
        self.match: SavedMatch | None = None
        self.ui: GameUI | None = None
        self.hooks = Hooks(on_step=self.on_step, end_notes=self.end_notes, on_hint=self.on_hint)

    def attach(self, ui: GameUI) -> None:
        """Speak through `ui`'s message log from now on."""
        self.ui = ui

    def on_step(self, recorder: Recorder) -> None:
        """Save the match after an action (a new match, after "Another game?", gets a new id)."""
        if self.match is None or self.match.recorder is not recorder:
            self.match = SavedMatch(new_match_id(), recorder, dict(self.options))
        message = self.storage.save(self.match)
        if message:
            self.say(message)
        kept = (
            self.storage.owns_save and not recorder.state.over and self.storage.save_path.exists()
        )
        self.hooks.quit_note = KEPT if kept else None

    def on_hint(self, level: str) -> None:
        """Count a hint in the statistics of `level`, in the game being played."""
        variant = Variant.TWO_HANDED
        if self.ui is not None:
            variant = variant_of(self.ui.game_table.config)
        message = self.storage.count_hint(level, variant)
        if message:
            self.say(message)

    def end_notes(self, config: GameConfig) -> list[str]:
        """The player's running record in this game at this level, for the end-of-game box."""
        level = self.match.level if self.match is not None else str(self.options.get("level"))
        stats, message = self.storage.statistics()
        if message:
            self.say(message)
        variant = variant_of(config)
        return ["", summary_line(stats, level, variant)]  # the box wraps it

    def say(self, message: str) -> None:
        if self.ui is not None:
            self.ui.log.say(message, Tone.ERROR)


def retell(ui: GameUI) -> None:
    """Put the messages of the match so far back in the log, and the table as it stands."""
    ui.retell(ui.recorder.events)


def ask_resume(ui: GameUI, instead: tuple[str, str] | None = None) -> bool | None:
    """Ask whether to resume the match on the table: True, False for a new game, None to quit.

    When the command line asked for another game, `instead` names the saved game and the
    one asked for ('three-handed game', 'game at easy'): the question names both and Enter
    starts the game asked for.
    """
    if instead is None:
        question, keys = RESUME_QUESTION, "Enter or y resumes   n starts a new game   q quit"
    else:
        state = ui.recorder.state
        saved, asked = instead
        where = f", at hand {state.game.hand_number}" if state.game.hand_number else ""
        match = f" of game {state.number}" if state.number > 1 and where else ""
        ui.log.say(f"A {saved} is saved{where}{match}.", Tone.RESULT)
        question = f"Resume the {saved} instead of a new {asked}? (y/N)"
        keys = f"y resumes it   Enter or n starts the {asked}   q quit"
    ui.set_prompt(question, keys)
    ui.yes_no = True
    try:
        while True:
            key = ui.read_key()
            if key in ("y", "Y") or (key == ENTER and instead is None):
                return True
            if key in ("n", "N", ENTER):
                return False
            if key in ("q", "Q", F10, ESCAPE):
                try:
                    ui.confirm_quit()
                except Quit:
                    return None
    finally:
        ui.yes_no = False
        ui.set_prompt("", "")


def _other_game(options: Options, resumed: Options, saved: SavedMatch) -> tuple[str, str] | None:
    """The saved game and the one the command line asked for, in words, when it named
    another game or level than the saved one's (else None). A level is said only between
    games of one kind, to keep the question on a line."""
    asked, kept = variant_of(options.game_config()), variant_of(saved.record.game_config)
    if options.game_named and asked is not kept:
        return kept.game, asked.game
    if options.level_named and resumed.level != options.level:
        return f"game at {resumed.level}", f"game at {options.level}"
    return None


def play_kept(
    screen: Screen,
    options: Options,
    storage: Storage,
    *,
    glyphs: Glyphs = UNICODE,
    fresh: bool = False,
    farewell: list[str] | None = None,
    face: Face | None = None,
) -> int:
    """Play on `screen` with the save in `storage`; `fresh` (`--new`) backs the save up first.

    Returns the exit status (0). When the player leaves a match unfinished and saved, the
    sentence saying so is added to `farewell`, to be printed once the terminal is restored.
    `face`, when given, plays instead of a `GameUI` on `screen`.
    """

    def face_for(options: Options, recorder: Recorder | None, hooks: Hooks) -> GameUI:
        if face is not None:
            return face(options, recorder, hooks)
        return GameUI(screen, options, glyphs=glyphs, recorder=recorder, hooks=hooks)

    notes: list[str | None] = []
    if not storage.knows_the_player():
        options = replace(options, newcomer=True)
    claimed = storage.claim()
    saved: SavedMatch | None = None
    if claimed is not None:
        notes.append(claimed)
    elif fresh:
        notes.append(storage.back_up())
    else:
        saved, message = storage.load()
        notes.append(message)
    if saved is not None:
        resumed, differences = resumed_options(options, saved)
        keeper = Keeper(storage, saved.options)
        ui = face_for(resumed, saved.recorder, keeper.hooks)
        keeper.attach(ui)
        retell(ui)
        _say_all(ui, notes)
        answer = ask_resume(ui, _other_game(options, resumed, saved))
        if answer is None:
            return 0
        if answer:
            keeper.match = saved
            keeper.hooks.quit_note = KEPT
            ui.log.say("The saved game goes on.", Tone.RESULT)
            if differences:
                ui.log.say(f"It keeps the options it was started with: {', '.join(differences)}.")
            return _play(ui, keeper, farewell)
        notes = [storage.back_up()]
    keeper = Keeper(storage, saved_options(options))
    ui = face_for(options, None, keeper.hooks)
    keeper.attach(ui)
    _say_all(ui, notes)
    return _play(ui, keeper, farewell)


def _play(ui: GameUI, keeper: Keeper, farewell: list[str] | None) -> int:
    status = ui.run()
    if keeper.hooks.quit_note and farewell is not None:
        farewell.append(keeper.hooks.quit_note)
    return status


def _say_all(ui: GameUI, notes: list[str | None]) -> None:
    for note in notes:
        if note:
            ui.log.say(note, Tone.ERROR)
