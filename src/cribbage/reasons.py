"""Reasons in cards: what the figures of a hint or of the coach rest on, as claims about cards.

The figures of a discard or a play (`cribbage.computer`) say how much; the claims here say why,
in what the cards make: what the kept cards score whatever the starter and which starters add
the most (`cribbage.scoring.score_hand`), what the cards laid away make in a crib, what a card
pegs in the play and what it leaves the next player (`cribbage.scoring.score_play`).

Each claim is a fact worked out here from the engine, never a tip: a test checks every kind
against the engine over many deals. When two options are compared, a claim is made only when
it agrees in sign with the figures it explains (a crib claim with the crib figures, a pegging
claim with the pegging figures), so the words never contradict the table under them.

Nothing here prints or draws; `cribbage.ui.words` and `cribbage.calculator` turn the claims
into sentences.

>>> from cribbage.cards import parse_cards
>>> from cribbage.computer import discard_options
>>> best, other = discard_options(parse_cards("5h 5c 6d jd kd 2s".split()), dealer=True)[:2]
>>> for claim in discard_reasons(best, other).claims:
...     print(type(claim).__name__, [str(card) for card in claim.keep])
KeptScore ['5C', '5H', 'JD', 'KD']
StarterAdds ['5C', '5H', 'JD', 'KD']
KeptScore ['5C', '5H', '6D', 'KD']
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Literal, TypeAlias

from .cards import DECK, Card, Rank
from .pegging import LIMIT
from .scoring import Score, ScoreItem, ScoreKind, score_hand, score_play

if TYPE_CHECKING:  # the figures' types only: the reasons need not load the computer's tables
    from .computer import DiscardOption, PlayOption

__all__ = [
    "TEN_VALUE",
    "CribGets",
    "DiscardClaim",
    "DiscardReasons",
    "HoldsBack",
    "Invites",
    "KeepsForPlay",
    "KeptScore",
    "NoReplyPegs",
    "Pegs",
    "PlayClaim",
    "PlayReasons",
    "PlaysAfterTen",
    "StarterAdds",
    "crib_features",
    "discard_reasons",
    "kept_score",
    "play_features",
    "play_reasons",
    "reply_threat",
    "shown",
    "starter_adds",
]

TEN_VALUE: Final = 10
"""The reply a player most often meets: sixteen cards of the pack count ten."""


# -- the discard


@dataclass(frozen=True, slots=True)
class KeptScore:
    """The cards kept score `items` (`points` in all) whatever the starter: the items of
    their show that hold no starter."""

    keep: tuple[Card, ...]
    items: tuple[ScoreItem, ...]

    @property
    def points(self) -> int:
        return sum(item.points for item in self.items)


@dataclass(frozen=True, slots=True)
class StarterAdds:
    """Every unseen starter of `ranks` adds from `points` to `most` to the show of `keep` (more
    than `points` only in a suit that makes a flush or his nobs), and every other unseen starter
    adds less than `points`; `starters` of the `unseen` starters are of those ranks."""

    keep: tuple[Card, ...]
    ranks: tuple[Rank, ...]
    points: int
    most: int
    starters: int
    unseen: int


CribFeature: TypeAlias = Literal["fifteen", "pair", "five"]


@dataclass(frozen=True, slots=True)
class CribGets:
    """The cards `thrown` give the crib `what`: two cards that make fifteen, a pair, or a five.
    `own` when the crib counts for the player (or the player's side)."""

    keep: tuple[Card, ...]
    thrown: tuple[Card, ...]
    what: CribFeature
    own: bool


PlayFeature: TypeAlias = Literal["lead", "pair", "answer"]


@dataclass(frozen=True, slots=True)
class KeepsForPlay:
    """The kept cards hold `cards` for the play: `lead`, a card under five to lead (no card
    makes fifteen on it); `pair`, a pair (three of a kind if the next player pairs one);
    `answer`, a five (fifteen on any ten)."""

    keep: tuple[Card, ...]
    cards: tuple[Card, ...]
    what: PlayFeature


DiscardClaim: TypeAlias = KeptScore | StarterAdds | CribGets | KeepsForPlay


@dataclass(frozen=True, slots=True)
class DiscardReasons:
    """Why `best` is laid away, against `other` (None: on its own).

    Attributes:
        hand: what the kept cards make (the best's, then the other's when it differs).
        crib: what a discard gives the crib, where the crib figures differ that way.
        pegging: what kept cards hold for the play, where the pegging figures differ that way.
    """

    best: DiscardOption
    other: DiscardOption | None
    hand: tuple[KeptScore | StarterAdds, ...]
    crib: tuple[CribGets, ...]
    pegging: tuple[KeepsForPlay, ...]

    @property
    def claims(self) -> tuple[DiscardClaim, ...]:
        return (*self.hand, *self.crib, *self.pegging)


def _unseen(seen: Collection[Card]) -> tuple[Card, ...]:
    return tuple(card for card in DECK if card not in seen)


def kept_score(keep: Sequence[Card], unseen: Sequence[Card]) -> KeptScore | None:
    """What `keep` scores whatever the starter (one of `unseen`): the items of a show with a
    starter that adds nothing (his nobs is the starter's suit, so never among them); None when
    every starter adds something.

    >>> from cribbage.cards import parse_cards
    >>> cards = parse_cards("5c 5h jd kd".split())
    >>> kept_score(cards, _unseen(cards)).points  # four fifteens and a pair
    10
    """
    kept = tuple(keep)
    if not unseen:
        return None
    base = min(score_hand(kept, starter).total for starter in unseen)
    for starter in unseen:
        score = score_hand(kept, starter)
        items = score.items
        if score.total == base and all(
            starter not in item.cards and item.kind is not ScoreKind.NOBS for item in items
        ):
            return KeptScore(kept, items)
    return None


def starter_adds(keep: Sequence[Card], unseen: Sequence[Card]) -> StarterAdds | None:
    """The ranks of starter that add the most to `keep`'s show, rank by rank (the least any card
    of a rank adds), when no card of another rank adds as much; None when no starter adds
    anything.

    >>> from cribbage.cards import parse_cards
    >>> cards = parse_cards("5c 5h jd kd 6d 2s".split())
    >>> adds = starter_adds(cards[:4], _unseen(cards))
    >>> [rank.word for rank in adds.ranks], adds.points, adds.most, adds.starters
    (['five'], 10, 11, 2)
    """
    kept = tuple(keep)
    if not unseen:
        return None
    base = min(score_hand(kept, starter).total for starter in unseen)
    gains = {starter: score_hand(kept, starter).total - base for starter in unseen}
    least: dict[Rank, int] = {}
    for starter, gain in gains.items():
        least[starter.rank] = min(gain, least.get(starter.rank, gain))
    points = max(least.values())
    if points <= 0:
        return None
    ranks = tuple(sorted(rank for rank, gain in least.items() if gain == points))
    if any(gain >= points for starter, gain in gains.items() if starter.rank not in ranks):
        return None  # a flush or his nobs lifts a card of another rank as high
    ours = [gain for starter, gain in gains.items() if starter.rank in ranks]
    return StarterAdds(kept, ranks, points, max(ours), len(ours), len(unseen))


def crib_features(thrown: Sequence[Card]) -> tuple[CribFeature, ...]:
    """What cards laid away make in a crib: two that make fifteen or a pair (each pair of them
    counted as a show counts it), or a five.

    >>> from cribbage.cards import parse_cards
    >>> crib_features(parse_cards(["5h", "td"])), crib_features(parse_cards(["7h", "7d"]))
    (('fifteen', 'five'), ('pair',))
    """
    cards = tuple(thrown)
    features: list[CribFeature] = []
    made = {
        item.kind
        for a in range(len(cards))
        for b in range(a + 1, len(cards))
        for item in score_play((cards[a], cards[b])).items
    }
    if ScoreKind.FIFTEEN in made:
        features.append("fifteen")
    if ScoreKind.PAIR in made:
        features.append("pair")
    if any(card.rank is Rank.FIVE for card in cards):
        features.append("five")
    return tuple(features)


def play_features(keep: Sequence[Card]) -> dict[PlayFeature, tuple[Card, ...]]:
    """What kept cards hold for the play (see `KeepsForPlay`), with the cards.

    >>> from cribbage.cards import parse_cards
    >>> sorted(play_features(parse_cards("3c 5h 5d kd".split())).items())  # doctest: +NORMALIZE_WHITESPACE
    [('answer', (Card(Rank.FIVE, Suit.HEARTS), Card(Rank.FIVE, Suit.DIAMONDS))),
     ('lead', (Card(Rank.THREE, Suit.CLUBS),)),
     ('pair', (Card(Rank.FIVE, Suit.HEARTS), Card(Rank.FIVE, Suit.DIAMONDS)))]
    """
    cards = tuple(keep)
    features: dict[PlayFeature, tuple[Card, ...]] = {}
    low = tuple(card for card in cards if card.value < 5)
    if low:
        features["lead"] = low
    paired = tuple(card for card in cards if sum(c.rank == card.rank for c in cards) >= 2)
    if paired:
        features["pair"] = paired
    fives = tuple(card for card in cards if card.rank is Rank.FIVE)
    if fives:
        features["answer"] = fives
    return features


def _rounded(value: float) -> float:
    """A figure as shown (two decimals)."""
    return round(value, 2)


def discard_reasons(
    best: DiscardOption, other: DiscardOption | None = None, *, seen: Collection[Card] = ()
) -> DiscardReasons:
    """Why `best` is laid away, in cards, against `other` when given.

    The starters are the cards not dealt to the player (nor in `seen`, cards known besides).
    The crib is the player's own when `best`'s crib figure is not negative. A crib or pegging
    claim is made only where the figures shown differ the way it points.
    """
    dealt = set(best.keep) | set(best.discard) | set(seen)
    unseen = _unseen(dealt)
    hand: list[KeptScore | StarterAdds] = []
    mine = kept_score(best.keep, unseen)
    if mine is not None:
        hand.append(mine)
    adds = starter_adds(best.keep, unseen)
    if adds is not None:
        hand.append(adds)
    crib: list[CribGets] = []
    pegging: list[KeepsForPlay] = []
    if other is not None:
        theirs = kept_score(other.keep, unseen)
        if theirs is not None and (mine is None or theirs.points != mine.points):
            hand.append(theirs)
        crib.extend(_crib_claims(best, other))
        pegging.extend(_pegging_claims(best, other))
    elif best.crib < 0 and not crib_features(best.discard):
        pass  # nothing given away to say
    else:
        own = best.crib >= 0
        crib.extend(
            CribGets(best.keep, best.discard, what, own)
            for what in crib_features(best.discard)
            if own
        )
    return DiscardReasons(best, other, tuple(hand), tuple(crib), tuple(pegging))


def _crib_claims(best: DiscardOption, other: DiscardOption) -> list[CribGets]:
    """What the discards give the crib, where the crib figures shown differ that way: in one's
    own crib, what the higher figure's cards make that the other's do not; in another's crib,
    what the lower (more given away) figure's cards make that the other's do not."""
    if _rounded(best.crib) == _rounded(other.crib):
        return []
    own = best.crib >= 0
    higher, lower = (best, other) if best.crib > other.crib else (other, best)
    giver, spare = (higher, lower) if own else (lower, higher)
    spared = crib_features(spare.discard)
    return [
        CribGets(giver.keep, giver.discard, what, own)
        for what in crib_features(giver.discard)
        if what not in spared
    ]


def _pegging_claims(best: DiscardOption, other: DiscardOption) -> list[KeepsForPlay]:
    """What the kept cards hold for the play, where the pegging figures shown differ that way:
    what the higher figure's kept cards hold that the other's do not."""
    if _rounded(best.pegging) == _rounded(other.pegging):
        return []
    higher, lower = (best, other) if best.pegging > other.pegging else (other, best)
    spared = play_features(lower.keep)
    return [
        KeepsForPlay(higher.keep, cards, what)
        for what, cards in play_features(higher.keep).items()
        if what not in spared
    ]


# -- the play


@dataclass(frozen=True, slots=True)
class Pegs:
    """`card` played on `pile` (the cards of the count) pegs `score` at once."""

    pile: tuple[Card, ...]
    card: Card
    score: Score


@dataclass(frozen=True, slots=True)
class Invites:
    """After `card` on `pile`, the next player's card of any of `ranks` (all of them that may be
    unseen) pegs `score`, the most any unseen card pegs there."""

    pile: tuple[Card, ...]
    card: Card
    ranks: tuple[Rank, ...]
    score: Score

    @property
    def count(self) -> int:
        """The count `card` leaves."""
        return sum(c.value for c in self.pile) + self.card.value


@dataclass(frozen=True, slots=True)
class NoReplyPegs:
    """After `card` on `pile`, no unseen card pegs anything at once."""

    pile: tuple[Card, ...]
    card: Card


@dataclass(frozen=True, slots=True)
class PlaysAfterTen:
    """After `card` on `pile` and any ten the next player lays on it, `answer` (one of the cards
    still held) can still be played on the same count; `score` is what it pegs there after
    every ten alike (nothing when that depends on the ten's rank)."""

    pile: tuple[Card, ...]
    card: Card
    answer: Card
    score: Score


@dataclass(frozen=True, slots=True)
class HoldsBack:
    """After `card`, the player still holds `held` (every other card of the hand) for the rest
    of the play: what the search of the play weighs when nothing at once tells the cards apart."""

    pile: tuple[Card, ...]
    card: Card
    held: tuple[Card, ...]


PlayClaim: TypeAlias = Pegs | Invites | NoReplyPegs | PlaysAfterTen | HoldsBack


@dataclass(frozen=True, slots=True)
class PlayReasons:
    """Why `best` is played, against `other` (None: on its own): `claims` in the order said."""

    best: PlayOption
    other: PlayOption | None
    claims: tuple[PlayClaim, ...]


def reply_threat(
    pile: Sequence[Card], card: Card, unseen: Collection[Card]
) -> tuple[Invites, ...] | NoReplyPegs | None:
    """What the next player's card may peg after `card` on `pile`: the most any unseen card pegs,
    one claim for each way of pegging it (31, a pair ...) with the ranks that do; None when
    `card` ends the count at 31 (the next card leads).

    >>> from cribbage.cards import parse_cards
    >>> pile, card = parse_cards(["kh", "4c"]), Card.parse("7d")
    >>> for threat in reply_threat(pile, card, _unseen(pile + (card,))):
    ...     print(threat.count, [rank.word for rank in threat.ranks], threat.score.total)
    21 ['ten', 'jack', 'queen', 'king'] 2
    21 ['seven'] 2
    """
    played = (*pile, card)
    count = sum(c.value for c in played)
    if count >= LIMIT:
        return None
    by_rank: dict[Rank, Score] = {}
    for reply in unseen:
        if count + reply.value <= LIMIT and reply.rank not in by_rank:
            by_rank[reply.rank] = score_play((*played, reply))
    most = max((score.total for score in by_rank.values()), default=0)
    if most == 0:
        return NoReplyPegs(tuple(pile), card)
    ways: dict[tuple[ScoreKind, ...], list[Rank]] = {}
    counted = (ScoreKind.FIFTEEN, ScoreKind.THIRTY_ONE)
    # fifteen and 31 first: what any card of a value makes, before a pair or a run
    for rank in sorted(
        by_rank, key=lambda r: (all(i.kind not in counted for i in by_rank[r].items), r)
    ):
        score = by_rank[rank]
        if score.total == most:
            ways.setdefault(tuple(item.kind for item in score.items), []).append(rank)
    return tuple(
        Invites(tuple(pile), card, tuple(ranks), by_rank[ranks[0]]) for ranks in ways.values()
    )


def _after_ten(
    pile: Sequence[Card], card: Card, held: Sequence[Card], unseen: Collection[Card]
) -> PlaysAfterTen | None:
    """A card of `held` that can still be played after `card` and any ten (the best-pegging
    one), when a ten may follow at all."""
    count = sum(c.value for c in pile) + card.value
    tens = [c for c in unseen if c.value == TEN_VALUE]
    if not tens or count + TEN_VALUE >= LIMIT:
        return None
    room = LIMIT - count - TEN_VALUE
    answers = [c for c in held if c.value <= room]
    if not answers:
        return None
    ten = min(tens)
    best = max(answers, key=lambda a: (score_play((*pile, card, ten, a)).total, -a.value))
    score = score_play((*pile, card, ten, best))
    by_ten = {score_play((*pile, card, other, best)).total for other in tens}
    return PlaysAfterTen(tuple(pile), card, best, score if len(by_ten) == 1 else Score())


def play_reasons(
    best: PlayOption,
    other: PlayOption | None,
    *,
    pile: Sequence[Card],
    hand: Sequence[Card],
    seen: Collection[Card],
) -> PlayReasons:
    """Why `best` is played on `pile` from `hand` (the cards held before it), against `other`.

    `seen` is every card the player knows the place of (its own, the starter, the cards
    played); the next player may hold any other. Against `other`, a claim is made only where
    it points the way the figures do: what the best pegs now, what the other card gives the
    next player that the best does not, or what the best leaves to play after a ten that the
    other does not; failing all of these, the cards it keeps for later, where the search of the
    rest of the play tells the two apart. On its own, what the best pegs and leaves.
    """
    count_pile = tuple(pile)
    unseen = _unseen(set(seen) | set(hand) | set(count_pile))
    claims: list[PlayClaim] = []
    now = score_play((*count_pile, best.card))
    if now.total:
        claims.append(Pegs(count_pile, best.card, now))
    threat = reply_threat(count_pile, best.card, unseen)
    if other is None or other.card.rank == best.card.rank:
        claims.extend(_claims_of(threat))
        return PlayReasons(best, other, tuple(claims))
    theirs_now = score_play((*count_pile, other.card))
    if theirs_now.total > now.total:
        claims.append(Pegs(count_pile, other.card, theirs_now))
    their_threat = reply_threat(count_pile, other.card, unseen)
    if _threat(their_threat) > _threat(threat):
        claims.extend(_claims_of(their_threat))
        claims.extend(_claims_of(threat))
    rest = [c for c in hand if c != best.card]
    other_rest = [c for c in hand if c != other.card]
    mine_after = _after_ten(count_pile, best.card, rest, unseen)
    if mine_after is not None and _after_ten(count_pile, other.card, other_rest, unseen) is None:
        claims.append(mine_after)
    if not claims and rest and _shown_apart(best, other):
        claims.append(HoldsBack(count_pile, best.card, tuple(rest)))
    return PlayReasons(best, other, tuple(claims))


def _shown_apart(best: PlayOption, other: PlayOption) -> bool:
    """True when the figures shown tell the two cards apart (the chance of winning where it is
    shown, else the points)."""
    if best.win is not None and other.win is not None:
        return round(100 * best.win, 1) != round(100 * other.win, 1)
    return _rounded(best.points) != _rounded(other.points)


def _claims_of(threat: tuple[Invites, ...] | NoReplyPegs | None) -> tuple[PlayClaim, ...]:
    if threat is None:
        return ()
    return (threat,) if isinstance(threat, NoReplyPegs) else threat


def _threat(threat: tuple[Invites, ...] | NoReplyPegs | None) -> int:
    """The most the next card pegs (0: nothing, or a new count)."""
    return threat[0].score.total if isinstance(threat, tuple) and threat else 0


def shown(claim: KeptScore) -> Score:
    """The items of a `KeptScore` as a score (for the game's words)."""
    return Score(claim.items)
