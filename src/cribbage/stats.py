"""Statistics of finished games, per game and computer level, tallied from game records.

Each game is kept apart (`cribbage.variants.Variant`): the two-handed game's statistics are
`Statistics.levels`, as they always were, and three-handed, four-handed, partners and
five-card cribbage each have a table of their own in `Statistics.variants`. In those, "you"
is your own seat (a game won is one your side won) and "the others" sums every other seat,
so their averages are per hand, per crib and per player and deal.

Pure data and arithmetic: `cribbage.storage` decides when a game is counted, and
`cribbage.storage.statistics` reads and writes the statistics file. A game is counted at
most once: `Statistics.counted` keeps the ids of the games (and matches) already added, so
counting the same record twice adds nothing.

Points come from the engine's `Scored` events, by `Reason`: hand and crib points are those
pegged in the show (a claimed count pegs what was claimed), pegging points are those of the
play, go, last card and his heels; over-count and muggins penalties are left out. Averages
are per hand shown, per crib shown and, for pegging, per deal.

>>> from cribbage.record import Recorder
>>> stats = Statistics()
>>> stats.count_match("m1", tally_match(Recorder.start(seed=1).record), "expert")
False
>>> stats.count_hint("expert"); stats.levels["expert"].hints
1
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final

from .cards import Card, format_cards
from .choices import LEVELS
from .events import Event, GameOver, GameResult, Reason, Scored, Shown
from .glyphs import ASCII, Glyphs
from .match import MatchConfig, MatchOver
from .record import Record, replay_steps
from .rules import GameConfig, Seat
from .variants import Variant, variant_of

__all__ = [
    "MAX_COUNTED",
    "BestHand",
    "GameTally",
    "LevelStats",
    "MatchTally",
    "SideStats",
    "Statistics",
    "Tallier",
    "is_level_name",
    "render_statistics",
    "suggested_level",
    "suggestion_line",
    "summary_line",
    "tally_match",
]

"""Levels in the order the report shows them; any other level name follows, sorted."""

SUGGEST_AFTER: Final = 5
"""Games finished at a level, in one game (two-handed, three-handed...), before a stronger
level is suggested."""
SUGGEST_ABOVE: Final = 60
"""The share of those games won, in per cent, that a player must pass for a stronger level to
be suggested (more than 60 %: 4 of 5, 7 of 10)."""

MAX_COUNTED: Final = 1000
"""How many counted game ids the statistics remember (only a recent game can come back)."""

_PEGGING: Final = frozenset({Reason.PLAY, Reason.GO, Reason.LAST_CARD, Reason.HEELS})


@dataclass(frozen=True, slots=True)
class BestHand:
    """A hand of four cards that scored `points` with `starter` in the show."""

    points: int
    cards: tuple[Card, ...]
    starter: Card

    def __str__(self) -> str:
        return f"{self.points} ({format_cards(self.cards)}, starter {self.starter})"

    def drawn(self, glyphs: Glyphs) -> str:
        """The hand with its cards as `glyphs` draw them: '29 (5♥ 5♣ 5♠ J♦, starter 5♦)'."""
        return f"{self.points} ({glyphs.cards(self.cards)}, starter {glyphs.card(self.starter)})"


@dataclass(frozen=True, slots=True)
class GameTally:
    """What one finished game adds to the statistics; tuples are indexed by seat."""

    number: int
    """The game's number in its match, from 1."""
    winner: int
    """The side that won (yours is side 0)."""
    result: GameResult
    deals: int
    sides: tuple[SideStats, ...]
    """Each seat's show and pegging points in this game."""
    best_hand: BestHand | None
    """The player's best hand (not crib) of the game, if a hand of theirs was shown."""
    your_result: GameResult | None = None
    """With more than two sides, when yours lost: how soundly, by your own score (you may be
    skunked while the best loser is not). None: as `result` says."""


@dataclass(frozen=True, slots=True)
class MatchTally:
    """The finished games of a match record, and its winner once the match is over."""

    games: tuple[GameTally, ...]
    winner: int | None
    counts_as_match: bool
    """True for a match of more than one game: only those count as matches won or lost."""
    variant: Variant = Variant.TWO_HANDED
    """The game played, whose statistics these go to."""


class _GameCounter:
    """Running totals of the game being tallied."""

    def __init__(self, players: int) -> None:
        self.sides = tuple(SideStats() for _ in range(players))
        self.best_hand: BestHand | None = None

    def add_scored(self, event: Scored) -> None:
        side = self.sides[event.seat]
        if event.reason is Reason.HAND:
            side.hand_points += event.points
        elif event.reason is Reason.CRIB:
            side.crib_points += event.points
        elif event.reason in _PEGGING:
            side.pegging_points += event.points

    def add_shown(self, event: Shown) -> None:
        side = self.sides[event.seat]
        if event.crib:
            side.cribs += 1
        else:
            side.hands += 1
        points = event.score.total
        if (
            event.seat == Seat.HUMAN
            and not event.crib
            and (self.best_hand is None or points > self.best_hand.points)
        ):
            self.best_hand = BestHand(points, event.cards, event.starter)

    def finish(
        self, number: int, over: GameOver, deals: int, yours: GameResult | None
    ) -> GameTally:
        return GameTally(
            number=number,
            winner=over.winner,
            result=over.result,
            deals=deals,
            sides=self.sides,
            best_hand=self.best_hand,
            your_result=yours,
        )


def tally_match(record: Record) -> MatchTally:
    """Replay `record` and tally each finished game (a game still in play adds nothing).

    Raises:
        InvalidRecordError: the record does not replay.
    """
    tallier = Tallier(record.game_config, record.match_config)
    for state, events in replay_steps(record):
        tallier.add(events, state.number, state.game.hand_number)
    return tallier.tally()


class Tallier:
    """Tallies a match from its events, step by step, as seat 0 (`Seat.HUMAN`) saw them: from
    a record (`tally_match`), or as a seat of a table hosted elsewhere is told them, in its
    own frame."""

    def __init__(self, rules: GameConfig, match: MatchConfig) -> None:
        self.rules = rules
        self.match = match
        self.games: list[GameTally] = []
        self.winner: int | None = None
        self._counter = _GameCounter(rules.players)

    def add(self, events: Iterable[Event | MatchOver], number: int, deals: int) -> None:
        """The events of one step; the match is then at game `number`, after `deals` deals."""
        rules = self.rules
        mine = rules.side_of(Seat.HUMAN)
        for event in events:
            if isinstance(event, Scored):
                self._counter.add_scored(event)
            elif isinstance(event, Shown):
                self._counter.add_shown(event)
            elif isinstance(event, GameOver):
                yours = None
                if event.winner != mine and rules.sides > 2:
                    yours = rules.result_for(event.scores[mine])
                self.games.append(self._counter.finish(number, event, deals, yours))
                self._counter = _GameCounter(rules.players)
            elif isinstance(event, MatchOver):
                self.winner = event.winner

    def tally(self) -> MatchTally:
        """The games finished so far, and the match's winner once it is over."""
        return MatchTally(
            tuple(self.games), self.winner, self.match.games != 1, variant_of(self.rules)
        )


@dataclass(slots=True)
class SideStats:
    """Show and pegging totals at one level: of the player, or of the other seats together."""

    hand_points: int = 0
    hands: int = 0
    crib_points: int = 0
    cribs: int = 0
    pegging_points: int = 0

    def add(self, other: SideStats) -> None:
        """Add `other`'s totals to these."""
        for name in _SIDE_FIELDS:
            setattr(self, name, getattr(self, name) + getattr(other, name))


_SIDE_FIELDS: Final = ("hand_points", "hands", "crib_points", "cribs", "pegging_points")


@dataclass(slots=True)
class LevelStats:
    """Everything counted against the computer at one level, from the player's side."""

    games_won: int = 0
    games_lost: int = 0
    matches_won: int = 0
    matches_lost: int = 0
    skunks_given: int = 0
    skunks_taken: int = 0
    double_skunks_given: int = 0
    double_skunks_taken: int = 0
    """A double skunk counts here only, not also as a skunk."""
    deals: int = 0
    streak: int = 0
    """Games won in a row up to now."""
    longest_streak: int = 0
    hints: int = 0
    you: SideStats = field(default_factory=SideStats)
    computer: SideStats = field(default_factory=SideStats)
    """The computer's seat, or with more players every other seat together."""
    best_hand: BestHand | None = None

    @property
    def games(self) -> int:
        """Games finished at this level."""
        return self.games_won + self.games_lost

    def add_game(self, game: GameTally) -> None:
        """Count one finished game."""
        won = game.winner == Seat.HUMAN  # your side is side 0, whoever your partner is
        if won:
            self.games_won += 1
            self.streak += 1
            self.longest_streak = max(self.longest_streak, self.streak)
        else:
            self.games_lost += 1
            self.streak = 0
        result = game.result if won or game.your_result is None else game.your_result
        if result is GameResult.SKUNK:
            if won:
                self.skunks_given += 1
            else:
                self.skunks_taken += 1
        elif result is GameResult.DOUBLE_SKUNK:
            if won:
                self.double_skunks_given += 1
            else:
                self.double_skunks_taken += 1
        self.deals += game.deals
        self.you.add(game.sides[Seat.HUMAN])
        for other in game.sides[Seat.COMPUTER :]:
            self.computer.add(other)
        best = game.best_hand
        if best is not None and (self.best_hand is None or best.points > self.best_hand.points):
            self.best_hand = best

    def add_match(self, won: bool) -> None:
        """Count one finished match of more than one game."""
        if won:
            self.matches_won += 1
        else:
            self.matches_lost += 1


@dataclass(slots=True)
class Statistics:
    """The statistics file's contents: per game and level, and the ids of what was counted."""

    levels: dict[str, LevelStats] = field(default_factory=dict)
    """The two-handed game's, by level."""
    counted: list[str] = field(default_factory=list)
    """Ids of counted games (`<match id>/<game number>`) and matches (`<match id>/match`)."""
    variants: dict[Variant, dict[str, LevelStats]] = field(default_factory=dict)
    """Every other game's, by level (never the two-handed game, which is `levels`)."""

    def table(self, variant: Variant = Variant.TWO_HANDED) -> dict[str, LevelStats]:
        """The statistics of `variant`, by level (created empty when new)."""
        if variant is Variant.TWO_HANDED:
            return self.levels
        return self.variants.setdefault(variant, {})

    def tables(self) -> list[tuple[Variant, dict[str, LevelStats]]]:
        """The statistics of each game with a finished game, in the order of `Variant`."""
        found = {Variant.TWO_HANDED: self.levels, **self.variants}
        return [
            (variant, found[variant])
            for variant in Variant
            if any(stats.games for stats in found.get(variant, {}).values())
        ]

    def level(self, name: str, variant: Variant = Variant.TWO_HANDED) -> LevelStats:
        """The statistics of level `name` in `variant`, created empty when new."""
        return self.table(variant).setdefault(name, LevelStats())

    def count_match(self, match_id: str, tally: MatchTally, level: str) -> bool:
        """Add the games (and the match) of `tally` not counted yet, to its game's statistics
        at `level`; True if anything was added."""
        added = False
        variant = tally.variant
        for game in tally.games:
            added |= self._count_once(f"{match_id}/{game.number}", level, variant, game)
        if tally.winner is not None and tally.counts_as_match:
            won = tally.winner == Seat.HUMAN
            added |= self._count_once(f"{match_id}/match", level, variant, won)
        return added

    def count_hint(self, level: str, variant: Variant = Variant.TWO_HANDED) -> None:
        """Count one hint asked for at `level` in `variant`."""
        self.level(level, variant).hints += 1

    def _count_once(self, key: str, level: str, variant: Variant, what: GameTally | bool) -> bool:
        if key in self.counted:
            return False
        stats = self.level(level, variant)
        if isinstance(what, GameTally):
            stats.add_game(what)
        else:
            stats.add_match(what)
        self.counted.append(key)
        del self.counted[:-MAX_COUNTED]
        return True


def is_level_name(name: object) -> bool:
    """True for a name the statistics can file a level under: short, printable text.

    >>> is_level_name("expert"), is_level_name(""), is_level_name("x" * 41)
    (True, False, False)
    """
    return isinstance(name, str) and 0 < len(name) <= 40 and name.isprintable()


# --- reports --------------------------------------------------------------------------------


def _ordered_levels(table: dict[str, LevelStats]) -> list[str]:
    known = [name for name in LEVELS if name in table]
    return known + sorted(name for name in table if name not in LEVELS)


def _ratio(points: int, times: int) -> str:
    return f"{points / times:.1f}" if times else "-"


def _pair(first: object, second: object) -> str:
    return f"{first} / {second}"


def render_statistics(stats: Statistics, glyphs: Glyphs = ASCII) -> str:
    """The statistics as text tables, one column per level and one table per game played,
    for `cribbage --stats`, with cards as `glyphs` draw them. When only the two-handed game
    has been played, its table is all there is, without a heading, as it always was.

    >>> print(render_statistics(Statistics()))
    No games finished yet.
    """
    tables = stats.tables()
    if not tables:
        return "No games finished yet."
    if [variant for variant, _ in tables] == [Variant.TWO_HANDED]:
        return "\n".join(_table_lines(stats.levels, Variant.TWO_HANDED, glyphs))
    parts = [
        "\n".join([variant.title, *_table_lines(table, variant, glyphs)])
        for variant, table in tables
    ]
    return "\n\n".join(parts)


def _table_lines(table: dict[str, LevelStats], variant: Variant, glyphs: Glyphs) -> list[str]:
    """One game's table: a column per level with a finished game."""
    names = [name for name in _ordered_levels(table) if table[name].games]
    levels = [table[name] for name in names]
    others = variant.players - 1  # the computer's pegging is per player and deal
    who = "computer" if others == 1 else "each other player"
    rows: list[tuple[str, list[str]]] = [
        ("", names),
        ("Games won / lost", [_pair(s.games_won, s.games_lost) for s in levels]),
        ("Games won", [f"{100 * s.games_won // s.games}%" for s in levels]),
        ("Matches won / lost", [_pair(s.matches_won, s.matches_lost) for s in levels]),
        ("Skunks given / taken", [_pair(s.skunks_given, s.skunks_taken) for s in levels]),
        (
            "Double skunks given / taken",
            [_pair(s.double_skunks_given, s.double_skunks_taken) for s in levels],
        ),
        ("Longest winning streak", [str(s.longest_streak) for s in levels]),
        ("Current winning streak", [str(s.streak) for s in levels]),
        (f"Average, you / {who}:", ["" for _ in levels]),
        (
            "  hand",
            [
                _pair(
                    _ratio(s.you.hand_points, s.you.hands),
                    _ratio(s.computer.hand_points, s.computer.hands),
                )
                for s in levels
            ],
        ),
        (
            "  crib",
            [
                _pair(
                    _ratio(s.you.crib_points, s.you.cribs),
                    _ratio(s.computer.crib_points, s.computer.cribs),
                )
                for s in levels
            ],
        ),
        (
            "  pegging per deal",
            [
                _pair(
                    _ratio(s.you.pegging_points, s.deals),
                    _ratio(s.computer.pegging_points, s.deals * others),
                )
                for s in levels
            ],
        ),
        ("Hints used", [str(s.hints) for s in levels]),
    ]
    width = max(12, *(len(cell) + 2 for _, cells in rows for cell in cells))
    lines = [
        (label.ljust(28) + "".join(cell.rjust(width) for cell in cells)).rstrip()
        for label, cells in rows
    ]
    for name, level in zip(names, levels, strict=True):
        if level.best_hand is not None:
            lines.append(f"Best hand at {name}: {level.best_hand.drawn(glyphs)}")
    return lines


def summary_line(stats: Statistics, level: str, variant: Variant = Variant.TWO_HANDED) -> str:
    """One line on the player's record at `level` in `variant`, for the end-of-game screen.

    >>> stats = Statistics()
    >>> easy = stats.level("easy")
    >>> easy.games_won, easy.games_lost, easy.streak, easy.longest_streak = 3, 1, 2, 2
    >>> summary_line(stats, "easy")
    'At easy you have won 3 games and lost 1; winning streak 2 (longest 2).'
    >>> summary_line(stats, "easy", Variant.THREE_HANDED)
    'At easy (three-handed) you have won 0 games and lost 0; winning streak 0 (longest 0).'
    """
    table = stats.levels if variant is Variant.TWO_HANDED else stats.variants.get(variant, {})
    level_stats = table.get(level, LevelStats())
    where = level if variant is Variant.TWO_HANDED else f"{level} ({variant.phrase})"
    return (
        f"At {where} you have won {level_stats.games_won} "
        f"game{'' if level_stats.games_won == 1 else 's'} and lost {level_stats.games_lost}; "
        f"winning streak {level_stats.streak} (longest {level_stats.longest_streak})."
    )


def suggested_level(
    stats: Statistics, level: str, variant: Variant = Variant.TWO_HANDED
) -> str | None:
    """The next stronger level to try, once the player wins most games at `level` in `variant`:
    at least `SUGGEST_AFTER` games finished there and more than `SUGGEST_ABOVE` per cent of
    them won. None before that, at the strongest level, and at a level of no known strength.

    >>> stats = Statistics()
    >>> easy = stats.level("easy")
    >>> easy.games_won, easy.games_lost = 3, 2
    >>> print(suggested_level(stats, "easy"))
    None
    >>> easy.games_won = 4
    >>> suggested_level(stats, "easy"), suggested_level(stats, "easy", Variant.THREE_HANDED)
    ('classic', None)
    """
    if level not in LEVELS or level == LEVELS[-1]:
        return None
    table = stats.levels if variant is Variant.TWO_HANDED else stats.variants.get(variant, {})
    played = table.get(level, LevelStats())
    if played.games < SUGGEST_AFTER or played.games_won * 100 <= SUGGEST_ABOVE * played.games:
        return None
    return LEVELS[LEVELS.index(level) + 1]


def suggestion_line(
    stats: Statistics, level: str, variant: Variant = Variant.TWO_HANDED
) -> str | None:
    """A sentence for the end-of-game screen suggesting the next stronger level, when
    `suggested_level` finds one; else None.

    >>> stats = Statistics()
    >>> stats.level("easy").games_won, stats.level("easy").games_lost = 7, 3
    >>> suggestion_line(stats, "easy")
    'You have won 7 of your 10 games at easy: try cribbage --level classic.'
    """
    stronger = suggested_level(stats, level, variant)
    if stronger is None:
        return None
    table = stats.levels if variant is Variant.TWO_HANDED else stats.variants[variant]
    played = table[level]
    where = level if variant is Variant.TWO_HANDED else f"{level} ({variant.phrase})"
    return (
        f"You have won {played.games_won} of your {played.games} games at {where}: "
        f"try cribbage --level {stronger}."
    )
