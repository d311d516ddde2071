"""The expert's discard: every way to lay away two cards, valued exactly.

For each of the 15 discards: the kept four's show averaged over the 46 starters (four-card
flushes count), plus the crib averaged over every completion (own crib) or minus it (the
opponent's), his heels for the dealer, and the expected pegging of the kept ranks. Near the
end of the game the options are ranked by the chance of winning instead (see
`cribbage.computer.endgame`); the expected points stay in each option as the tie-break.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..cards import Card, Rank
from .endgame import discard_win_chances, is_aware
from .search import collection_paused
from .settings import EXPERT, Settings
from .sums import DISCARD_PAIRS, UNIFORM, CribSums, PairWeights, hand_counts, hand_sums
from .tables import Role, pegging_values, throw_weights

__all__ = ["DiscardOption", "discard_options", "evaluate_discards", "make_option", "rank_options"]


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """One way to lay away two cards, with what the computer expects of it.

    Attributes:
        discard: the cards laid away (two in the two-handed games, else one).
        keep: the cards kept (four, or three in five-card cribbage).
        hand: the kept cards' expected show, over the starters the player cannot see.
        crib: the crib's expected show: positive for one's own crib, negative for the
            opponent's.
        heels: his heels (2 when the starter is a jack): positive for the dealer, negative
            for the pone; the same for every discard of one hand.
        pegging: expected pegging of the kept ranks, own points minus the opponent's (0 when
            not used).
        total: the sum of the four above, the expected points of the deal.
        win: the chance of winning the game, when the score made it matter (else None).
    """

    discard: tuple[Card, ...]
    keep: tuple[Card, ...]
    hand: float
    crib: float
    heels: float
    pegging: float
    total: float
    win: float | None = None


def make_option(
    cards: Sequence[Card],
    i: int,
    j: int,
    *,
    hand: float,
    crib: float = 0.0,
    heels: float = 0.0,
    pegging: float = 0.0,
) -> DiscardOption:
    """The option of laying away the cards at positions `i` and `j` of six `cards`."""
    keep = [cards[k] for k in range(6) if k != i and k != j]
    return DiscardOption(
        discard=(cards[i], cards[j]),
        keep=(keep[0], keep[1], keep[2], keep[3]),
        hand=hand,
        crib=crib,
        heels=heels,
        pegging=pegging,
        total=hand + crib + heels + pegging,
    )


def evaluate_discards(
    hand6: Sequence[Card],
    *,
    dealer: bool,
    throws: PairWeights = UNIFORM,
    pegging: dict[tuple[int, ...], float] | None = None,
    cribs: CribSums | None = None,
    hands: Sequence[int] | None = None,
) -> tuple[DiscardOption, ...]:
    """The 15 discards of `hand6` in position order, valued in expected points.

    `throws` weighs the opponent's crib cards by rank pair (uniform: at random); `pegging`
    maps four kept ranks (ascending) to their expected pegging for this role. `cribs` may
    pass the crib sums of these cards and throws, and `hands` their `hand_sums`, already
    computed.

    Raises:
        ValueError: not six different cards.
    """
    cards = tuple(hand6)
    if len(cards) != 6 or len(set(cards)) != 6:
        raise ValueError("A discard is chosen from six different cards.")
    indices = tuple(card.index for card in cards)
    if hands is None:
        hands = hand_sums(indices)
    if cribs is None:
        cribs = CribSums(indices, throws)
    sign = 1 if dealer else -1
    unseen_jacks = 4 - sum(card.rank is Rank.JACK for card in cards)
    heels = sign * 2 * unseen_jacks / 46
    options = []
    for (i, j), hand_total in zip(DISCARD_PAIRS, hands, strict=True):
        peg = 0.0
        if pegging is not None:
            peg = pegging[tuple(sorted(cards[k].rank.value for k in range(6) if k not in (i, j)))]
        crib = sign * cribs.total(i, j) / cribs.weight
        options.append(
            make_option(cards, i, j, hand=hand_total / 46, crib=crib, heels=heels, pegging=peg)
        )
    return tuple(options)


def rank_options(options: Sequence[DiscardOption]) -> tuple[DiscardOption, ...]:
    """Best first: by chance of winning where known, then expected points, then position.

    Chances within a billionth of each other are taken as equal (the same figure summed in
    another order), so that expected points, not rounding, decide between them."""

    def key(k: int) -> tuple[float, float, int]:
        win = options[k].win
        return (-round(win or 0.0, 9), -options[k].total, k)

    return tuple(options[k] for k in sorted(range(len(options)), key=key))


def discard_options(
    hand: Sequence[Card],
    *,
    dealer: bool,
    my_score: int = 0,
    opp_score: int = 0,
    target: int = 121,
    settings: Settings = EXPERT,
) -> tuple[DiscardOption, ...]:
    """All 15 ways to lay away two of six cards, best first, as the expert values them.

    The expert lays away the first. The six cards are taken in sorted order, so the answer
    does not depend on the order they are given in.

    Raises:
        ValueError: not six different cards.

    >>> from cribbage.cards import parse_cards
    >>> best = discard_options(parse_cards("5h 5c 5s jd 5d ac".split()), dealer=False)[0]
    >>> [str(card) for card in best.discard], round(best.hand, 2)
    (['AC', 'JD'], 22.61)
    """
    with collection_paused():  # as in the play's search: many small objects, no cycles
        return _discard_options(hand, dealer, my_score, opp_score, target, settings)


def _discard_options(
    hand: Sequence[Card],
    dealer: bool,
    my_score: int,
    opp_score: int,
    target: int,
    settings: Settings,
) -> tuple[DiscardOption, ...]:
    cards = tuple(sorted(hand))
    if len(cards) != 6 or len(set(cards)) != 6:
        raise ValueError("A discard is chosen from six different cards.")
    opponent: Role = "pone" if dealer else "dealer"
    mine: Role = "dealer" if dealer else "pone"
    throws = throw_weights(opponent) if settings.crib == "opponent" else UNIFORM
    pegging = pegging_values(mine) if settings.pegging else None
    indices = [card.index for card in cards]
    my_need, their_need = target - my_score, target - opp_score
    aware = is_aware(settings, my_need, their_need)
    # Near the end the chances need each discard's whole distributions, not only their
    # totals: the crib's come with its totals, and the hand's are counted once.
    cribs = CribSums(indices, throws)
    counts = hand_counts(indices) if aware else None
    hands = None if counts is None else [sum(p * n for p, n in c.items()) for c in counts]
    options = evaluate_discards(
        cards, dealer=dealer, throws=throws, pegging=pegging, cribs=cribs, hands=hands
    )
    if counts is not None:
        chances = discard_win_chances(
            cards,
            [o.keep for o in options],
            [o.pegging for o in options],
            cribs,
            DISCARD_PAIRS,
            dealer=dealer,
            my_need=my_need,
            their_need=their_need,
            hands=counts,
        )
        options = tuple(replace(o, win=w) for o, w in zip(options, chances, strict=True))
    return rank_options(options)
