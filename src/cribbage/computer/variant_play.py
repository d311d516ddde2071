"""The play in the other games: three or four seats, partners, and five-card cribbage's single
count.

The others' cards are unknown, but not entirely: nobody holds a card this seat has seen, and
a seat that could not play at some count holds nothing small enough for it (see
`least_values`). The computer deals the unseen cards to the other seats at random, as many
as each holds and within those bounds, a number of times (24 deals with the default
`Settings.samples` of 60, 10 for the first plays with three or four players), solves the
rest of the play for each deal with every hand known (`cribbage.computer.search.TableSearch`:
a partner plays with it, the others against it), and values each legal card by the
average. The points are weighed as the
discard weighs them (`cribbage.computer.variant_discard.side_weight`). The score is not
reckoned (no play for the win near the end, as in the two-handed game), nor how likely the
others were to keep the cards they may hold: every deal within the bounds is as likely.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from ..cards import DECK, Card
from ..view import PlayerView
from .play import PlayOption, least_values
from .search import Ranks, TableSearch, collection_paused
from .settings import EXPERT, Settings
from .variant_discard import side_weight

__all__ = ["FULL_SEARCH", "deal_unseen", "search_for", "variant_play_options"]


def deal_unseen(
    unseen: Sequence[Card],
    sizes: Sequence[int],
    least: Sequence[int],
    rng: random.Random,
) -> tuple[Ranks, ...]:
    """One random deal of the `unseen` cards: `sizes[s]` of them to each seat (0 for this
    seat's own), each card at least `least[s]` in value where the cards allow; as ranks in
    ascending order, one tuple a seat."""
    pool = list(unseen)
    rng.shuffle(pool)
    hands: list[Ranks] = [()] * len(sizes)
    for seat in sorted(range(len(sizes)), key=lambda s: -least[s]):
        size = sizes[seat]
        if not size:
            continue
        fitting = [card for card in pool if card.value >= least[seat]]
        taken = fitting[:size]
        if len(taken) < size:  # the bounds cannot all hold: the rest from any cards
            taken += [card for card in pool if card not in taken][: size - len(taken)]
        for card in taken:
            pool.remove(card)
        hands[seat] = tuple(sorted(int(card.rank) for card in taken))
    return tuple(hands)


FULL_SEARCH: Final = 8
"""With more cards than this still held round the table, the search looks only to the end
of the current count (see `TableSearch.to_count_end`); with this many or fewer, to the end
of the play."""


EARLY: Final = 11
"""With more cards than this still held (the first plays with three or four players), 10
deals are searched instead of 24: they are the slowest to search and the least certain
anyway."""


def search_for(view: PlayerView, search: TableSearch | None = None) -> TableSearch:
    """`search` when it solves positions of `view`'s game from its seat's side, as far as
    this point of the play needs (its remembered positions serve again), else a new search
    that does."""
    config = view.config
    weights = tuple(side_weight(config, view.seat, s) for s in range(view.players))
    to_count_end = sum(view.hand_sizes) > FULL_SEARCH
    if (
        search is None
        or search.weights != weights
        or search.single_count != config.five_card
        or search.to_count_end != to_count_end
    ):
        search = TableSearch(weights, single_count=config.five_card, to_count_end=to_count_end)
    return search


def variant_play_options(
    view: PlayerView,
    *,
    settings: Settings = EXPERT,
    rng: random.Random | None = None,
    search: TableSearch | None = None,
) -> tuple[PlayOption, ...]:
    """Each legal card of `view`'s seat with its value, best first: the expected points to
    the end of the play, its side's less the others' (see the module notes).

    `search` may be a search kept from earlier decisions with the same weights.

    Raises:
        ValueError: the seat has no card to play now.
    """
    with collection_paused():
        return _variant_options(view, settings, rng, search)


def _variant_options(
    view: PlayerView, settings: Settings, rng: random.Random | None, search: TableSearch | None
) -> tuple[PlayOption, ...]:
    legal = view.legal
    if not legal:
        raise ValueError("No card in the hand can be played on this count.")
    seat, players = view.seat, view.players
    seen = view.seen
    unseen = [card for card in DECK if card not in seen]
    sizes = [0 if s == seat else view.hand_sizes[s] for s in range(players)]
    least = least_values(view.history, players, seat, not view.pile and bool(view.history))
    search = search_for(view, search)
    rng = rng or random.Random(0)
    held = sum(view.hand_sizes)
    samples = max(1, settings.samples // 6 if held > EARLY else settings.samples * 2 // 5)
    if sum(sizes) == 0:
        samples = 1  # nothing is hidden
    deals: dict[tuple[Ranks, ...], int] = {}
    for _ in range(samples):
        others = deal_unseen(unseen, sizes, least, rng)
        deals[others] = deals.get(others, 0) + 1
    mine = tuple(sorted(int(card.rank) for card in view.hand))
    count_ranks = tuple(int(card.rank) for card in view.pile)
    ranks = sorted({int(card.rank) for card in legal})
    points = dict.fromkeys(ranks, 0.0)
    for others, times in deals.items():
        hands = others[:seat] + (mine,) + others[seat + 1 :]
        for rank in ranks:
            points[rank] += times * search.move(hands, count_ranks, view.count, seat, rank)
    options = [PlayOption(card, points[int(card.rank)] / samples) for card in legal]
    order = sorted(range(len(options)), key=lambda k: (-options[k].points, k))
    return tuple(options[k] for k in order)
