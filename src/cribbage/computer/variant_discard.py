"""The discard in the other games: one of five cards with three or four players, two of five
in five-card cribbage, valued exactly.

For each way to lay away, the kept cards' show is averaged over every starter the player
cannot see (47 of them: five cards are in its hand), and the crib over every way the cards it
cannot see may complete it: the others' discards (and, three-handed, the card from the pack)
with the starter, all taken as any of the unseen cards. Fifteens, pairs and runs depend only
on ranks, and the starter is one more card of the crib for them, so the completions are
grouped by the ranks of the unknown cards (at most 1,820 groups of four, each weighed by how
many card combinations it stands for); the five-card flush and his nobs are counted from the
suits.

Points are weighed by whose they are (`side_weight`): one's own side's count for themselves,
a partnership's opponents' against it in full, and with three or four players each for
themselves an opponent's against it in part (divided among the opponents, since a point to
one of them is not a point to the others). The crib is its owner's and his heels the
dealer's. The pegging of the kept cards is not reckoned here.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from math import comb
from typing import Final

from ..cards import Card, Rank
from ..rules import GameConfig
from ..scoring import RANK_KEY, hand_points, rank_table, three_card_points
from .discard import DiscardOption
from .play import opponent_holdings
from .sums import rank_key

__all__ = ["side_weight", "variant_discard_options"]

_JACK: Final = int(Rank.JACK)


def side_weight(config: GameConfig, seat: int, other: int) -> float:
    """What a point to seat `other` is worth to `seat`: 1 for its own side, -1 for the other
    partnership, and -1/(n-1) for one of n-1 opponents who each play for themselves.

    >>> side_weight(GameConfig(players=4, partners=True), 0, 2), side_weight(GameConfig(players=3), 0, 1)
    (1.0, -0.5)
    """
    if config.side_of(seat) == config.side_of(other):
        return 1.0
    return -1.0 / (config.sides - 1)


def variant_discard_options(
    hand: Sequence[Card], config: GameConfig, seat: int, dealer: int, *, bsd: bool = False
) -> tuple[DiscardOption, ...]:
    """Every way for `seat` to lay away `config.discards` of its five cards, best first, by
    expected points of the deal for its side (see the module notes).

    `bsd` reckons as the BSD computer does in the two-handed game (the `classic` level): a
    kept four scored as a crib (no four-card flush) and the crib rounded to whole points.

    Raises:
        ValueError: not five different cards, or a game where six are dealt.

    >>> from cribbage.cards import parse_cards
    >>> best = variant_discard_options(parse_cards("5h 5c 5s jd kc".split()), GameConfig(players=3), 0, 2)[0]
    >>> [str(card) for card in best.discard], round(best.hand, 2)
    (['KC'], 16.47)
    """
    cards = tuple(sorted(hand))
    size = config.hand_size
    if size != 5 or len(cards) != 5 or len(set(cards)) != 5:
        raise ValueError("A discard in this game is chosen from five different cards.")
    laid = config.discards
    unknown = 4 - laid  # the crib's cards nobody at this seat has seen, besides the starter
    indices = [card.index for card in cards]
    unseen = [index for index in range(52) if index not in indices]
    total = len(unseen)
    counts = [0] * 14
    by_suit = [0] * 4
    for index in unseen:
        counts[(index >> 2) + 1] += 1
        by_suit[index & 3] += 1
    # every multiset of ranks the unknown cards can make, with the card combinations for it
    groups = [
        (rank_key(ranks), ways)
        for ranks, ways in opponent_holdings(counts, unknown + 1, 1, (), None)
    ]
    combos = comb(total, unknown + 1)
    crib_weight = side_weight(config, seat, dealer)
    jacks = counts[_JACK]
    heels = crib_weight * 2 * jacks / total
    # his nobs from a jack among the unknown crib cards (the same whatever is laid away)
    nobs_unknown = sum(
        unknown / total * (by_suit[index & 3] - 1) / (total - 1)
        for index in unseen
        if (index >> 2) + 1 == _JACK
    )
    options = []
    for away in itertools.combinations(range(5), laid):
        keep = tuple(cards[k] for k in range(5) if k not in away)
        thrown = tuple(cards[k] for k in away)
        kept = [card.index for card in keep]
        if len(kept) == 4:
            a, b, c, d = kept
            shows = sum(hand_points(a, b, c, d, s, bsd) for s in unseen)
        else:
            a, b, c = kept
            shows = sum(three_card_points(a, b, c, s) for s in unseen)
        base = sum(RANK_KEY[card.index] for card in thrown)
        table = rank_table()
        crib = sum(ways * table[base + key] for key, ways in groups) / combos
        suit = thrown[0].suit
        if all(card.suit == suit for card in thrown):
            crib += 5 * comb(by_suit[suit], unknown + 1) / combos
        crib += nobs_unknown
        crib += sum(by_suit[card.suit] / total for card in thrown if card.rank == _JACK)
        crib = crib_weight * (round(crib) if bsd else crib)
        hand_value = shows / total
        options.append(
            DiscardOption(
                discard=thrown,
                keep=keep,
                hand=hand_value,
                crib=crib,
                heels=heels,
                pegging=0.0,
                total=hand_value + crib + heels,
            )
        )
    order = sorted(range(len(options)), key=lambda k: (-options[k].total, k))
    return tuple(options[k] for k in order)
