"""The game with its save: resumed at start, saved after every action, counted when it ends.

`play_kept` is what `cribbage` runs on the terminal. It takes the save for this copy of the
game (`Storage.claim`), offers to resume a saved match ("Resume the saved game? (Y/n)"; when
the command line named an option that changes the game, `GAME_OPTIONS`, with another value
than the save's, "Resume the game to 121 instead of a new game to 61? (y/N)", Enter
starting the game asked for), and plays through `GameUI` with a `Keeper` in its hooks: after every action the keeper
hands the match to `Storage.save`, which also counts a finished game and files a finished
match. Whatever the storage has to say (a save that could not be resumed, a disk that is
full, a game open elsewhere) is one sentence in the message log, and play goes on. A new
game of a player the data directory has never seen, started without `--level`, is first
asked which computer to play (`GameUI.choose_level`); the level chosen is saved with it, and
the end of a game suggests the next stronger level once the player wins most games at one
(`stats.suggested_level`). The level chosen there, or last named with `--level` for a new
game, is remembered (`Storage.choose_level`): a later new game without `--level` is played
at it, and against the expert when none was ever chosen (`Storage.chosen_level`).

A resumed match keeps its own rules (the game and how many play, target, match, skunks,
counting) and the computer's level it was started with: the options of `GAME_OPTIONS`. The
command line's display options (quiet, ASCII, autoplay, random cut, delay, the keypad's keys,
the coach) are taken as given now, and so is the seed, which seeds new matches only (a saved
match deals on from its own). The
rules come from the save's record, so a save written before there were other games than the
two-handed one resumes as it always did.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Final, TypeAlias

from ..computer import LEVELS
from ..glyphs import UNICODE, Glyphs
from ..match import FirstDealer
from ..record import Recorder
from ..rules import Counting, GameConfig, Seat
from ..stats import suggestion_line, summary_line
from ..storage import Options as SavedOptions
from ..storage import SavedMatch, Storage, new_match_id
from ..variants import Variant, variant_of
from .draw import MIN_COLS
from .game import GameUI, Hooks, Options, Quit
from .keys import ENTER, ESCAPE, F10
from .level import asks_level
from .screen import Screen
from .words import Tone

__all__ = [
    "GAME_OPTIONS",
    "INSTEAD_QUESTION",
    "KEPT",
    "RESUME_QUESTION",
    "Face",
    "GameOption",
    "Keeper",
    "named_options",
    "play_kept",
    "resumed_options",
    "saved_options",
]

Face: TypeAlias = Callable[[Options, Recorder | None, Hooks], GameUI]
"""What plays a match kept in the storage, built from the options, the saved match's
recorder (None: a new match) and the keeper's hooks: the curses screen by default, or
the game in plain lines (`plain.PlainUI`)."""

RESUME_QUESTION: Final = "Resume the saved game? (Y/n)"
INSTEAD_QUESTION: Final = "Resume the {saved} instead of a new {asked}? (y/N)"
"""The question when the command line named another game than the saved one."""
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


@dataclass(frozen=True, slots=True)
class GameOption:
    """An option that changes the game: a saved match keeps its own value of it, and a
    command line naming another value is asked about before the save is resumed."""

    name: str
    """Its name in `Options.named`."""
    flags: tuple[str, ...]
    """The command-line options that name it, by their `argparse` names."""
    value: Callable[[Options], object]
    """Its value in a game's options; two games differ in it when these differ."""
    words: Callable[[Options], str]
    """A game with this value, after the noun: 'to 61' ('the game to 61'). The game's own
    kind is the noun itself ('three-handed game'), and a match makes it a match."""
    kept: Callable[[Options], str]
    """A resumed match keeping this value, in a sentence: 'the game is to 61'.

    `words` and `kept` may be empty: the value goes without saying (a penalty where
    hands are counted for you)."""


def _variant(options: Options) -> Variant:
    return variant_of(options.game_config())


def _match(options: Options) -> object:
    if options.points is not None:
        return options.points, options.values
    return options.games


def _match_words(options: Options) -> str:
    if options.points is not None:
        return f"to {options.points} match points"
    return "of one game" if options.games == 1 else f"of {options.games} games"


def _match_kept(options: Options) -> str:
    if options.points is not None:
        scale = "-".join(str(value) for value in options.values)
        return f"the match goes to {options.points} match points ({scale})"
    return f"the match is {options.games} game{'' if options.games == 1 else 's'}"


def _counting(options: Options) -> object:
    return options.counting, options.muggins, options.explain


def _counting_words(options: Options) -> str:
    if options.counting is Counting.AUTOMATIC:
        return "counted for you"
    extras = _counting_extras(options, "-e")  # short, for the question's line
    # 'with muggins' says you count (the computer takes what you miss)
    return extras.strip() if options.muggins else f"you count{extras}"


def _counting_kept(options: Options) -> str:
    if options.counting is Counting.AUTOMATIC:
        return "hands are counted for you"
    return f"you count your hands{_counting_extras(options, 'explanations')}"


def _counting_extras(options: Options, explain: str) -> str:
    """' with muggins', ' with muggins and explanations', ' with explanations' or ''."""
    extras = [
        extra for extra, on in (("muggins", options.muggins), (explain, options.explain)) if on
    ]
    return f" with {' and '.join(extras)}" if extras else ""


def _penalty(options: Options) -> object:
    return options.penalty if options.counting is Counting.CLAIMED else None


def _claimed(options: Options, words: str) -> str:
    """`words` about the penalty, in a game where you count; nothing where you do not."""
    return words if options.counting is Counting.CLAIMED else ""


_FIRST = {
    FirstDealer.LOSER: "loser of the game before",
    FirstDealer.ALTERNATE: "next player round the table",
    FirstDealer.SAME: "first game's first dealer",
}
_FIRST_WORDS = {
    FirstDealer.LOSER: "(loser deals)",
    FirstDealer.ALTERNATE: "(deal rotates)",
    FirstDealer.SAME: "(same dealer)",
}
"""Who deals first in a later game, short enough for the question's line."""

GAME_OPTIONS: Final[tuple[GameOption, ...]] = (
    GameOption(
        "game",
        ("players", "partners", "five_card"),
        _variant,
        lambda options: _variant(options).game,
        lambda options: f"the game is {_variant(options).phrase}",
    ),
    GameOption(
        "target",
        ("game",),
        lambda options: options.target,
        lambda options: f"to {options.target}",
        lambda options: f"the game is to {options.target}",
    ),
    GameOption("match", ("match", "match_points"), _match, _match_words, _match_kept),
    GameOption(
        "first_dealer",
        ("first_dealer",),
        lambda options: options.first_dealer,
        lambda options: _FIRST_WORDS[options.first_dealer],
        lambda options: f"the first dealer of a later game is the {_FIRST[options.first_dealer]}",
    ),
    GameOption(
        "lurch",
        ("lurch",),
        lambda options: options.lurch,
        lambda options: "with the lurch" if options.lurch else "with skunks",
        lambda options: "a loser is lurched" if options.lurch else "skunks are BSD's",
    ),
    GameOption(
        "counting", ("explain", "muggins", "manual"), _counting, _counting_words, _counting_kept
    ),
    GameOption(
        "penalty",
        ("penalty",),
        _penalty,
        lambda options: _claimed(options, f"(penalty {options.penalty.value})"),
        lambda options: _claimed(
            options, f"the penalty for an over-count is {options.penalty.value}"
        ),
    ),
    GameOption(
        "level",
        ("level",),
        lambda options: options.level,
        lambda options: f"at {options.level}",
        lambda options: f"the computer plays at {options.level}",
    ),
)
"""The options that change the game, which a saved match keeps, in the order they are said.

When the command line names one (`Options.named`) with another value than the save's, the
player is asked "Resume the <saved game> instead of a new <game asked for>? (y/N)", each
game said with its values of those options, and Enter starts the game asked for; when it
names none, or only the save's own values, "Resume the saved game? (Y/n)". Options it does
not name are the save's. The seed is not among them: it seeds new matches only."""


def named_options(options: Options) -> frozenset[str]:
    """The names of the `GAME_OPTIONS` the command line named."""
    return frozenset(option.name for option in GAME_OPTIONS if options.names(option.name))


def resumed_options(options: Options, match: SavedMatch) -> tuple[Options, list[str]]:
    """The options a resumed `match` is played with, and what differs from `options`.

    The match's rules come from its record and its level from its save, whatever the
    command line says now; an option the save does not name, or names wrongly, is taken
    from `options`. The differences are said by `GAME_OPTIONS`, whether named or not.
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
    differences = [
        option.kept(resumed)
        for option in GAME_OPTIONS
        if option.value(resumed) != option.value(options) and option.kept(resumed)
    ]
    return resumed, differences


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
        """The player's running record in this game at this level, for the end-of-game box,
        and the next level to try once the player wins most games at this one."""
        level = self.match.level if self.match is not None else str(self.options.get("level"))
        stats, message = self.storage.statistics()
        if message:
            self.say(message)
        variant = variant_of(config)
        notes = ["", summary_line(stats, level, variant)]  # the box wraps them
        suggestion = suggestion_line(stats, level, variant)
        if suggestion is not None:
            notes += ["", suggestion]
        return notes

    def say(self, message: str) -> None:
        if self.ui is not None:
            self.ui.log.say(message, Tone.ERROR)


def retell(ui: GameUI) -> None:
    """Put the messages of the match so far back in the log, and the table as it stands."""
    ui.retell(ui.recorder.events)


def ask_resume(ui: GameUI, instead: tuple[str, str] | None = None) -> bool | None:
    """Ask whether to resume the match on the table: True, False for a new game, None to quit.

    When the command line asked for another game, `instead` names the saved game and the
    one asked for ('three-handed game', 'game at easy'): the question names both, on one
    line of the smallest screen (else the message log does), and Enter starts the game
    asked for.
    """
    if instead is None:
        question, keys = RESUME_QUESTION, "Enter or y resumes   n starts a new game   q quit"
    else:
        state = ui.recorder.state
        saved, asked = instead
        where = f", at hand {state.game.hand_number}" if state.game.hand_number else ""
        match = f" of game {state.number}" if state.number > 1 and where else ""
        question = INSTEAD_QUESTION.format(saved=saved, asked=asked)
        keys = f"y resumes it   Enter or n starts the {asked}   q quit"
        if max(len(question), len(keys)) > MIN_COLS:  # said in the log, which wraps
            ui.log.say(f"A {saved} is saved{where}{match}; you asked for a {asked}.", Tone.RESULT)
            question = "Resume the saved game instead of the one asked for? (y/N)"
            keys = "y resumes it   Enter or n starts the game asked for   q quit"
        else:
            ui.log.say(f"A {saved} is saved{where}{match}.", Tone.RESULT)
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


def _other_game(options: Options, resumed: Options, _saved: SavedMatch) -> tuple[str, str] | None:
    """The saved game and the one the command line asked for, in words, when it named an
    option of `GAME_OPTIONS` with another value than the save's (else None): each game's
    noun ('game', 'three-handed game', 'match') and its values of the options that differ
    ('the game to 121 at expert', 'a new game to 61 at easy'), as many of them as fit the
    question on a line of the smallest screen, in the table's order (the first always)."""
    named = named_options(options)
    differing = [
        option
        for option in GAME_OPTIONS
        if option.name in named and option.value(resumed) != option.value(options)
    ]
    if not differing:
        return None
    for said in range(len(differing), 1, -1):  # as many as fit on the question's line
        saved_words, asked_words = (_game_words(o, differing[:said]) for o in (resumed, options))
        if len(INSTEAD_QUESTION.format(saved=saved_words, asked=asked_words)) <= MIN_COLS:
            return saved_words, asked_words
    return _game_words(resumed, differing[:1]), _game_words(options, differing[:1])


def _game_words(options: Options, differing: list[GameOption]) -> str:
    """A game said with its values of `differing`: 'three-handed match of 3 games at easy'."""
    noun = "game"
    words: list[str] = []
    for option in differing:
        if option.name == "game":
            noun = option.words(options)
        elif option.words(options):
            words.append(option.words(options))
    if any(option.name == "match" for option in differing):
        noun = noun.removesuffix("game") + "match"
    return " ".join([noun, *words])


def play_kept(
    screen: Screen,
    options: Options,
    storage: Storage,
    *,
    glyphs: Glyphs = UNICODE,
    fresh: bool = False,
    farewell: list[str] | None = None,
    remember_level: bool = True,
    face: Face | None = None,
) -> int:
    """Play on `screen` with the save in `storage`; `fresh` (`--new`) backs the save up first.

    A new game without `--level` (`Options.names("level")`) is played at the level the player
    last chose; the level a new game is started at with `--level`, or chosen when asked, is
    remembered for the next ones; when `remember_level` is False (the game after the lessons,
    whose level is the lessons' choice, not the player's), only by a player who never chose
    one, whose first game it is.

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
    elif not options.names("level"):
        remembered, message = storage.chosen_level()
        notes.append(message)
        options = replace(options, level=remembered)
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
    if asks_level(options):  # on a table of its own, as the game asked for stands before it
        level = face_for(options, None, Hooks()).choose_level()
        if level is None:
            return 0
        # the box pointed to the lessons: the welcome does not again
        options = replace(options, level=level, newcomer=False)
        notes.append(storage.choose_level(level))
    elif options.names("level") and (remember_level or not storage.has_chosen_level()):
        notes.append(storage.choose_level(options.level))
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
