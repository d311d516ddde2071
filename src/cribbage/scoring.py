"""Counting the show and pegging the play, itemized for players and fast for the computer.

Two layers share one set of rules:

* `score_hand` and `score_play` take `Card` objects and return a `Score` whose items say
  what scored and with which cards (enough to announce "fifteen two, fifteen four, and a
  pair is six" or to explain a miscount).
* `hand_points` and `peg_points` take small integers (card indices, ranks) and return only
  the total. They are what hot loops call. Fifteens, pairs and runs of a five-card show depend
  only on the five ranks, so they come from a table keyed by the rank multiset (6,175
  entries, built once); flush and nobs are cheap checks on top.

Tests check that both layers agree on every hand.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final

from .cards import COUNTING_VALUES, Card, Rank, format_cards
from .memo import Table
from .pegging import LIMIT

__all__ = [
    "RANK_KEY",
    "Score",
    "ScoreItem",
    "ScoreKind",
    "announce",
    "announce_sentence",
    "count_points",
    "enumerate_show_scores",
    "hand_points",
    "number_word",
    "pair_and_run_points",
    "peg_points",
    "play_combination",
    "rank_points",
    "rank_table",
    "score_hand",
    "score_play",
    "three_card_points",
]


class ScoreKind(Enum):
    """What a group of cards (or an event) scored for."""

    FIFTEEN = "fifteen"
    THIRTY_ONE = "thirty-one"
    PAIR = "pair"
    RUN = "run"
    FLUSH = "flush"
    NOBS = "his nobs"


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """One scoring combination: its kind, the cards that make it, and its points."""

    kind: ScoreKind
    cards: tuple[Card, ...]
    points: int

    def __str__(self) -> str:
        return f"{self.kind.value} ({format_cards(self.cards)}) for {self.points}"


class Score:
    """An itemized score; `total` is the sum of the items' points.

    A show's score (`score_hand`) knows its total at once, from the tables of
    `hand_points`, and lists its items only when they are asked for, so that counting many
    hands stays quick. Scores are equal when their items are.

    >>> Score().total, Score() == Score(())
    (0, True)
    """

    __slots__ = ("_items", "_shown", "_total")

    def __init__(self, items: tuple[ScoreItem, ...] = ()) -> None:
        self._items: tuple[ScoreItem, ...] | None = tuple(items)
        self._total = sum(item.points for item in self._items)
        self._shown: tuple[tuple[Card, ...], Card, bool] | None = None

    @classmethod
    def _of_show(cls, total: int, cards: tuple[Card, ...], starter: Card, crib: bool) -> Score:
        score = cls.__new__(cls)
        score._items = None
        score._total = total
        score._shown = (cards, starter, crib)
        return score

    @property
    def items(self) -> tuple[ScoreItem, ...]:
        """What scored, item by item, in the order a player counts them."""
        if self._items is None:
            assert self._shown is not None
            self._items = _show_items(*self._shown)
        return self._items

    @property
    def total(self) -> int:
        """The points scored."""
        return self._total

    def of_kind(self, kind: ScoreKind) -> tuple[ScoreItem, ...]:
        """The items of one kind, in order."""
        return tuple(item for item in self.items if item.kind is kind)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Score):
            return self._total == other._total and self.items == other.items
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.items)

    def __repr__(self) -> str:
        return f"Score(items={self.items!r})"

    def __str__(self) -> str:
        return announce(self)

    def __reduce__(self) -> tuple[type[Score], tuple[tuple[ScoreItem, ...]]]:
        return Score, (self.items,)


# --- the show, itemized -------------------------------------------------------------------


def score_hand(hand: Sequence[Card], starter: Card, *, crib: bool = False) -> Score:
    """Count a hand (four cards, or three in five-card cribbage) with the starter in the show.

    Fifteens (2 each), pairs (2 each; three of a kind is three pairs), runs of three or more
    (each distinct run counts, so double, triple and quadruple runs come out right), a flush
    (a point a card when the hand's cards share a suit, one more with the starter; a crib
    scores only the flush of all its cards and the starter), and his nobs (1 for the jack
    of the starter's suit in the hand).

    Raises:
        ValueError: `hand` is not three or four distinct cards (a crib four), or holds the
            starter.

    >>> from cribbage.cards import parse_cards
    >>> *hand, starter = parse_cards(["5h", "5c", "5s", "jd", "5d"])
    >>> score_hand(hand, starter).total
    29
    >>> *three, starter = parse_cards(["4h", "5h", "6h", "kc"])  # five-card cribbage
    >>> announce(score_hand(three, starter))
    'fifteen two, fifteen four, a run of three is seven, and a flush of three is ten'
    """
    cards = tuple(hand)
    if len(cards) == 4:
        a, b, c, d = (card.index for card in cards)
        s = starter.index
        if len({a, b, c, d, s}) == 5:
            return Score._of_show(hand_points(a, b, c, d, s, crib), cards, starter, crib)
    elif len(cards) == 3 and not crib:
        a, b, c = (card.index for card in cards)
        s = starter.index
        if len({a, b, c, s}) == 4:
            return Score._of_show(three_card_points(a, b, c, s), cards, starter, crib)
    raise ValueError(
        "A crib to count is four different cards besides the starter."
        if crib
        else "A hand to count is three or four different cards besides the starter."
    )


_SUBSETS: Final = {
    n: tuple(c for size in range(2, n + 1) for c in itertools.combinations(range(n), size))
    for n in (4, 5)
}


def _fifteens_of(values: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The positions of every combination of `values` that adds up to fifteen."""
    return tuple(c for c in _SUBSETS[len(values)] if sum(values[i] for i in c) == 15)


_FIFTEENS: Final[Table[tuple[tuple[int, ...], ...]]] = Table(_fifteens_of, 1 << 17)
"""`_fifteens_of` by the values in order: 10**5 keys of five cards at most."""


def _show_items(cards: tuple[Card, ...], starter: Card, crib: bool) -> tuple[ScoreItem, ...]:
    """The items of a show (see `score_hand`): fifteens, runs, pairs, flush, his nobs."""
    shown = cards + (starter,)
    items = [
        ScoreItem(ScoreKind.FIFTEEN, tuple(shown[i] for i in combo), 2)
        for combo in _FIFTEENS[(tuple(card.value for card in shown),)]
    ]
    items.extend(_runs(shown))
    n = len(shown)
    items.extend(
        ScoreItem(ScoreKind.PAIR, (shown[i], shown[j]), 2)
        for i in range(n - 1)
        for j in range(i + 1, n)
        if shown[i].rank is shown[j].rank
    )
    suit = cards[0].suit
    if all(card.suit is suit for card in cards):
        if starter.suit is suit:
            items.append(ScoreItem(ScoreKind.FLUSH, shown, n))
        elif not crib:
            items.append(ScoreItem(ScoreKind.FLUSH, cards, n - 1))
    for card in cards:
        if card.rank is Rank.JACK and card.suit is starter.suit:
            items.append(ScoreItem(ScoreKind.NOBS, (card,), 1))
    return tuple(items)


def _runs(shown: tuple[Card, ...]) -> list[ScoreItem]:
    """Every distinct longest run among the cards, one item per way of forming it."""
    held = 0
    for card in shown:
        held |= 1 << card.rank
    if not held & held >> 1 & held >> 2:
        return []  # no three ranks in a row
    by_rank: dict[int, list[Card]] = {}
    for card in sorted(shown, key=_index_of):
        by_rank.setdefault(card.rank, []).append(card)
    runs: list[ScoreItem] = []
    rank = 1
    while rank <= 13:
        if rank not in by_rank:
            rank += 1
            continue
        end = rank
        while end + 1 in by_rank:
            end += 1
        length = end - rank + 1
        if length >= 3:
            for combo in itertools.product(*(by_rank[r] for r in range(rank, end + 1))):
                runs.append(ScoreItem(ScoreKind.RUN, combo, length))
        rank = end + 1
    return runs


def _index_of(card: Card) -> int:
    return card.index


# --- the play, itemized ---------------------------------------------------------------------


def score_play(sequence: Sequence[Card]) -> Score:
    """Score the last card of `sequence`, the cards of the current count in the order played.

    15 or 31 for two; a pair 2, three of a kind (pair royal) 6, four (double pair royal) 12,
    counting only cards of the same rank played consecutively; a run of three or more among
    the most recent cards, in any order. A go and the last card are not counted here.

    Raises:
        ValueError: `sequence` is empty or counts past 31.

    >>> from cribbage.cards import parse_cards
    >>> score_play(parse_cards(["4h", "6c", "5d"])).total
    5
    """
    cards = tuple(sequence)
    if not cards:
        raise ValueError("There is no card to score.")
    count = sum(card.value for card in cards)
    if count > LIMIT:
        raise ValueError(f"The count {count} is past {LIMIT}.")
    items: list[ScoreItem] = []
    points = count_points(count)
    if points:
        kind = ScoreKind.THIRTY_ONE if count == LIMIT else ScoreKind.FIFTEEN
        items.append(ScoreItem(kind, cards, points))
    same, run = play_combination(tuple(card.rank for card in cards))
    if same >= 2:
        items.append(ScoreItem(ScoreKind.PAIR, cards[-same:], same * (same - 1)))
    elif run:
        items.append(ScoreItem(ScoreKind.RUN, cards[-run:], run))
    return Score(tuple(items))


def play_combination(ranks: Sequence[int]) -> tuple[int, int]:
    """The pair and the run the last card of a count makes: (cards of its rank at the end,
    the length of the longest run of three or more at the end, else 0).

    Only cards played one after another count: a pair (or three or four of a kind) is the
    cards of the last card's rank at the end, and a run the longest tail of different ranks
    that fit together, in any order. A pair at the end leaves no run.

    >>> play_combination((7, 7, 7)), play_combination((9, 4, 6, 3, 5)), play_combination((3, 5, 8))
    ((3, 0), (1, 4), (1, 0))
    """
    last = ranks[-1]
    n = len(ranks)
    same = 1
    while same < n and ranks[-same - 1] == last:
        same += 1
    if same >= 2:
        return same, 0
    run = 0
    low = high = last
    held = 1 << last
    for k in range(2, n + 1):
        rank = ranks[-k]
        if held >> rank & 1:
            break
        held |= 1 << rank
        if rank < low:
            low = rank
        elif rank > high:
            high = rank
        if k >= 3 and high - low == k - 1:
            run = k
    return 1, run


def pair_and_run_points(ranks: Sequence[int]) -> int:
    """Points for the pair or run the last card of a count makes (no fifteen or 31).

    >>> pair_and_run_points((7, 7, 7)), pair_and_run_points((4, 6, 5))
    (6, 3)
    """
    same, run = play_combination(ranks)
    return same * (same - 1) if same >= 2 else run


def count_points(count: int) -> int:
    """Two for bringing the count to fifteen or thirty-one, else nothing.

    >>> count_points(15), count_points(31), count_points(21)
    (2, 2, 0)
    """
    return 2 if count == 15 or count == 31 else 0


def peg_points(ranks: Sequence[int]) -> int:
    """Points for the last card of a count, from the ranks played since the count began.

    The same rules as `score_play`, on plain ranks (1..13), for the computer.

    >>> peg_points((5, 5, 5)), peg_points((5, 10)), peg_points((4, 6, 5))
    (8, 2, 5)
    """
    count = sum(COUNTING_VALUES[rank] for rank in ranks)
    return count_points(count) + pair_and_run_points(ranks)


# --- the show, fast -------------------------------------------------------------------------

RANK_KEY: Final[tuple[int, ...]] = tuple(1 << (3 * (index >> 2)) for index in range(52))
"""Per card index, the addend of a rank-multiset key: 3 bits a rank, order free."""

_JACK_OF: Final = (Rank.JACK - 1) * 4  # index of the jack of clubs; + suit for others


def _rank_only_points(ranks: tuple[int, ...]) -> int:
    """Fifteens, pairs and runs of five ranks (no suits)."""
    values = [COUNTING_VALUES[rank] for rank in ranks]
    points = 0
    for size in range(2, 6):
        for combo in itertools.combinations(values, size):
            if sum(combo) == 15:
                points += 2
    counts = Counter(ranks)
    points += sum(n * (n - 1) for n in counts.values())
    rank = 1
    while rank <= 13:
        if rank not in counts:
            rank += 1
            continue
        end = rank
        ways = counts[rank]
        while end + 1 in counts:
            end += 1
            ways *= counts[end]
        if end - rank + 1 >= 3:
            points += (end - rank + 1) * ways
        rank = end + 1
    return points


def _build_rank_table() -> dict[int, int]:
    """Fifteens, pairs and runs of every multiset of five ranks (a show) and of four (a
    five-card cribbage hand and starter); the two kinds of key never meet, as their counts
    add up to 5 and 4."""
    table: dict[int, int] = {}
    for size in (4, 5):
        for ranks in itertools.combinations_with_replacement(range(1, 14), size):
            if size == 5 and ranks[0] == ranks[4]:
                continue  # five of a kind: not in a deck
            key = sum(1 << (3 * (rank - 1)) for rank in ranks)
            table[key] = _rank_only_points(ranks)
    return table


_RANK_TABLE: Final[dict[int, int]] = {}


def rank_table() -> dict[int, int]:
    """Fifteens, pairs and runs by the rank-multiset key (`RANK_KEY` sums), for the computer's
    innermost loops: `rank_table()[key]` is `rank_points(key)` without the call.

    Built on the first call, so that commands that count nothing (`--help`, `--version`)
    never pay for it. It is a plain dict, whose lookups Python makes quickest.
    """
    if not _RANK_TABLE:
        _RANK_TABLE.update(_build_rank_table())
    return _RANK_TABLE


def rank_points(key: int) -> int:
    """Fifteens, pairs and runs of five (or four) cards, from the sum of their `RANK_KEY`
    entries."""
    return (_RANK_TABLE or rank_table())[key]


def hand_points(a: int, b: int, c: int, d: int, starter: int, crib: bool = False) -> int:
    """The show total of four cards and a starter, all given as card indices (0..51).

    The same rules as `score_hand(...).total`, for hot loops.

    >>> hand_points(18, 16, 19, 41, 17)  # 5H 5C 5S JD with the 5D turned
    29
    """
    key = RANK_KEY
    points = (_RANK_TABLE or rank_table())[key[a] + key[b] + key[c] + key[d] + key[starter]]
    suit = a & 3
    if b & 3 == suit and c & 3 == suit and d & 3 == suit:
        if starter & 3 == suit:
            points += 5
        elif not crib:
            points += 4
    jack = _JACK_OF + (starter & 3)
    if a == jack or b == jack or c == jack or d == jack:
        points += 1
    return points


def three_card_points(a: int, b: int, c: int, starter: int) -> int:
    """The show total of a five-card cribbage hand (three cards) and the starter, as card
    indices: `score_hand(...).total` for hot loops.

    >>> three_card_points(12, 16, 20, 51)  # 4C 5C 6C with the KS: two fifteens, a run, a flush
    10
    """
    key = RANK_KEY
    points = (_RANK_TABLE or rank_table())[key[a] + key[b] + key[c] + key[starter]]
    suit = a & 3
    if b & 3 == suit and c & 3 == suit:
        points += 4 if starter & 3 == suit else 3
    jack = _JACK_OF + (starter & 3)
    if a == jack or b == jack or c == jack:
        points += 1
    return points


def enumerate_show_scores() -> tuple[list[int], list[int]]:  # pragma: no mutate block
    """How often each show score 0..29 occurs over all 12,994,800 hands with a starter.

    Every four-card hand with every one of the 48 other cards as starter is scored twice by
    `hand_points`, as a hand and as a crib; returns the two lists of counts by score. It
    takes several seconds: it is the exhaustive check of the scorer (tests, benchmarks).
    Mutation testing leaves it unchanged: it is itself the check (docs/mutation.md).
    """
    hand_counts = [0] * 30
    crib_counts = [0] * 30
    starters = range(52)
    for a, b, c, d in itertools.combinations(range(52), 4):
        for s in starters:
            if s in (a, b, c, d):
                continue
            hand_counts[hand_points(a, b, c, d, s)] += 1
            crib_counts[hand_points(a, b, c, d, s, True)] += 1
    return hand_counts, crib_counts


# --- words ----------------------------------------------------------------------------------

_NUMBER_WORDS: Final = (
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
    "twenty-one",
    "twenty-two",
    "twenty-three",
    "twenty-four",
    "twenty-five",
    "twenty-six",
    "twenty-seven",
    "twenty-eight",
    "twenty-nine",
    "thirty",
    "thirty-one",
)


def number_word(n: int) -> str:
    """A number from 0 to 31 in words; larger numbers as digits.

    >>> number_word(15), number_word(40)
    ('fifteen', '40')
    """
    return _NUMBER_WORDS[n] if 0 <= n < len(_NUMBER_WORDS) else str(n)


def announce(score: Score) -> str:
    """The show count in the game's words, as a player says it aloud.

    Fifteens first ("fifteen two, fifteen four"), then pairs, runs, flush and nobs, each
    saying the running total ("a pair is six"). A hand with nothing is "nineteen", the traditional way to show a zero hand.

    >>> from cribbage.cards import parse_cards
    >>> *hand, starter = parse_cards(["5h", "tc", "5s", "2d", "ac"])
    >>> announce(score_hand(hand, starter))
    'fifteen two, fifteen four, and a pair is six'
    """
    parts: list[tuple[str, int]] = [("fifteen", 2) for _ in score.of_kind(ScoreKind.FIFTEEN)]
    pairs = Counter(item.cards[0].rank for item in score.of_kind(ScoreKind.PAIR))
    for rank, n in sorted(pairs.items()):
        name = {1: "a pair", 3: "three of a kind", 6: "four of a kind"}[n]
        parts.append((name if len(pairs) == 1 else f"{name} of {rank.plural}", 2 * n))
    runs = score.of_kind(ScoreKind.RUN)
    if runs:
        name = {1: "a run", 2: "a double run", 3: "a triple run", 4: "a quadruple run"}[len(runs)]
        parts.append((f"{name} of {number_word(len(runs[0].cards))}", sum(r.points for r in runs)))
    for item in score.of_kind(ScoreKind.FLUSH):
        parts.append((f"a flush of {number_word(item.points)}", item.points))
    parts.extend(("one for his nobs", 1) for _ in score.of_kind(ScoreKind.NOBS))
    if not parts:
        return "nineteen (nothing)"
    phrases: list[str] = []
    running = 0
    for i, (phrase, points) in enumerate(parts):
        running += points
        if phrase == "fifteen":
            phrases.append(f"fifteen {number_word(running)}")
        else:
            last = i == len(parts) - 1 and phrases
            phrases.append(f"{'and ' if last else ''}{phrase} is {number_word(running)}")
    return ", ".join(phrases)


def announce_sentence(score: Score) -> str:
    """`announce` written as a sentence, with a capital and a full stop.

    >>> from cribbage.cards import parse_cards
    >>> *hand, starter = parse_cards(["5h", "tc", "5s", "2d", "ac"])
    >>> announce_sentence(score_hand(hand, starter))
    'Fifteen two, fifteen four, and a pair is six.'
    """
    words = announce(score)
    return words[:1].upper() + words[1:] + "."
