"""Sparring partners of other styles for the expert: `python benchmarks/sparring.py expert ismcts:passes=500`.

Three players that are not levels, registered for tournaments under names of their own
(`cribbage.computer.strategy.register`), so that the expert is measured against ways of
playing it was not built to read. All play the two-handed six-card game.

* `ismcts`: a single-observer information-set Monte Carlo tree search (SO-ISMCTS, after the
  published algorithm of Cowling, Powley and Whitehouse). Each pass deals the cards its seat
  cannot see at random, consistent with what it saw (a card it passed over on a go is known
  to be too high for the count it could not play on), walks one tree of both players' choices
  from its own, the opponent's discard included, choosing among the moves this deal allows
  by UCB with availability counts, adds one node, plays the deal out at random, and credits
  the result along the way to each player. The result is the deal's points, its own less
  the opponent's, divided by 30 and kept within 0.9 either way; a deal in which a side
  reaches the target is a win (1) or a loss (-1). It plays the move tried most. Settings:
  `passes` (per decision, default 1000) and `c` (the exploration constant, default 0.7).
* `habits`: plays by habits unlike the expert's and the classic level's: keeps the four cards
  with the best average show over the starters it cannot see, whatever it gives the crib;
  leads its highest card; takes the most points it can at once, else plays its highest card.
* `greedy`: takes what it sees at once: keeps the four cards that score the most as they
  stand, before the starter (among equal keeps, any), and plays the card that pegs the most
  at once (among equal cards, any). It is the yardstick of the published study: a search
  is measured by how it fares against it.

Running this file registers them and runs `cribbage.tournament` with the same arguments.
"""

from __future__ import annotations

import itertools
import math
import random
import sys
from collections.abc import Callable, Sequence
from typing import Final

from cribbage.cards import COUNTING_VALUES, DECK, Card
from cribbage.computer import DiscardOption, PlayOption
from cribbage.computer.easy import four_card_points
from cribbage.computer.play import least_values
from cribbage.computer.strategy import Strategy, register, six_card_pair
from cribbage.memo import Table
from cribbage.rules import Phase
from cribbage.scoring import hand_points, peg_points
from cribbage.tournament import main as tournament_main
from cribbage.view import PlayerView

CARD: Final = {card.index: card for card in DECK}
RANK: Final = tuple(index // 4 + 1 for index in range(52))
VALUE: Final = tuple(COUNTING_VALUES[rank] for rank in RANK)
JACK: Final = 11
BITS: Final = tuple(n.bit_length() for n in range(64))
"""The bits drawn to pick one of n (as the standard library's `random` draws them)."""
_PEGGED: Final = Table(lambda *ranks: peg_points(ranks), limit=500_000)
"""The points of the last card of a count, by the ranks of the count (`peg_points`)."""
SCALE: Final = 30.0
"""A deal's point difference is divided by this to make a result between -1 and 1."""


def _settings(text: str, known: dict[str, type]) -> dict[str, float]:
    """`name=value,...` for the settings in `known` (their types), as a sentence if wrong."""
    found: dict[str, float] = {}
    for part in filter(None, text.split(",")):
        name, _, value = part.partition("=")
        if name not in known:
            raise ValueError(f"Unknown setting {name!r}; the settings are {', '.join(known)}.")
        try:
            found[name] = known[name](value)
        except ValueError:
            raise ValueError(f"{name} must be a number, not {value!r}.") from None
    return found


def _two_handed(view: PlayerView) -> None:
    if not six_card_pair(view):
        raise ValueError("The sparring partners play the two-handed six-card game only.")


# -- one deal, fast --------------------------------------------------------------------------


class Deal:
    """The rest of one two-handed deal, on card indices: both hands, the crib, the starter,
    the play and the show; points are kept as the first seat's less the second's."""

    __slots__ = (
        "count",
        "crib",
        "dealer",
        "diff",
        "hands",
        "kept",
        "last",
        "need_discard",
        "pile",
        "ranks",
        "scores",
        "starter",
        "target",
        "to_move",
        "winner",
    )

    def __init__(
        self,
        hands: list[list[int]],
        crib: list[int],
        starter: int,
        dealer: int,
        scores: list[int],
        target: int,
    ) -> None:
        self.hands = hands
        self.crib = crib
        self.starter = starter
        self.dealer = dealer
        self.scores = scores
        self.target = target
        self.need_discard = [len(hand) > 4 for hand in hands]
        self.kept: list[list[int]] = [[], []]
        self.pile: list[int] = []
        self.ranks: list[int] = []
        self.count = 0
        self.last: int | None = None
        self.to_move = 1 - dealer
        self.winner: int | None = None
        self.diff = 0

    def copy(self) -> Deal:
        other = Deal.__new__(Deal)
        other.hands = [list(hand) for hand in self.hands]
        other.crib = list(self.crib)
        other.starter = self.starter
        other.dealer = self.dealer
        other.scores = list(self.scores)
        other.target = self.target
        other.need_discard = list(self.need_discard)
        other.kept = [list(hand) for hand in self.kept]
        other.pile = list(self.pile)
        other.ranks = list(self.ranks)
        other.count = self.count
        other.last = self.last
        other.to_move = self.to_move
        other.winner = self.winner
        other.diff = self.diff
        return other

    def peg(self, seat: int, points: int) -> None:
        if points and self.winner is None:
            self.scores[seat] += points
            self.diff += points if seat == 0 else -points
            if self.scores[seat] >= self.target:
                self.winner = seat

    @property
    def over(self) -> bool:
        need = self.need_discard
        return self.winner is not None or (
            not need[0] and not need[1] and not self.hands[0] and not self.hands[1]
        )

    def mover(self) -> int:
        """The seat to decide now: the discards first (seat 0's, the searching seat's, then
        the other's), then the play."""
        if self.need_discard[0]:
            return 0
        if self.need_discard[1]:
            return 1
        return self.to_move

    def actions(self) -> list[int]:
        """The moves of the seat to decide: a discard as a pair of indices packed into one
        number (`a * 52 + b`, a < b), or a card to play."""
        need = self.need_discard
        seat = 0 if need[0] else 1 if need[1] else self.to_move
        hand = self.hands[seat]
        if need[seat]:
            return [a * 52 + b for a, b in itertools.combinations(sorted(hand), 2)]
        room = 31 - self.count
        return [card for card in hand if VALUE[card] <= room]

    def do(self, action: int) -> None:
        need = self.need_discard
        seat = 0 if need[0] else 1 if need[1] else self.to_move
        if need[seat]:
            a, b = divmod(action, 52)
            hand = self.hands[seat]
            hand.remove(a)
            hand.remove(b)
            self.crib += (a, b)
            self.kept[seat] = list(hand)
            self.need_discard[seat] = False
            if not any(self.need_discard) and RANK[self.starter] == JACK:
                self.peg(self.dealer, 2)  # his heels
            return
        self.hands[seat].remove(action)
        self.pile.append(action)
        ranks = self.ranks
        ranks.append(RANK[action])
        self.count += VALUE[action]
        self.last = seat
        points = _PEGGED[tuple(ranks)]
        if points:
            self.peg(seat, points)
        self._pass_on(1 - seat)

    def _pass_on(self, seat: int) -> None:
        """Give the turn to `seat`, or, if it cannot play, to whoever can; end the count
        (one for the go or the last card) when nobody can; show the hands when all are played."""
        hands = self.hands
        while self.winner is None:
            if not hands[0] and not hands[1]:
                if self.count != 31 and self.last is not None:
                    self.peg(self.last, 1)  # last card
                self._show()
                return
            if self.count == 31:
                self._new_count(seat)
                continue
            room = 31 - self.count
            for turn in (seat, 1 - seat):
                for card in hands[turn]:
                    if VALUE[card] <= room:
                        self.to_move = turn
                        return
            if self.last is not None:
                self.peg(self.last, 1)  # one for the go
            self._new_count(1 - self.last if self.last is not None else seat)

    def _new_count(self, seat: int) -> None:
        self.pile = []
        self.ranks = []
        self.count = 0
        self.to_move = seat
        if not self.hands[seat]:
            self.to_move = 1 - seat

    def _show(self) -> None:
        pone, dealer = 1 - self.dealer, self.dealer
        for seat, cards, crib in (
            (pone, self.kept[pone], False),
            (dealer, self.kept[dealer], False),
            (dealer, self.crib, True),
        ):
            a, b, c, d = cards
            self.peg(seat, hand_points(a, b, c, d, self.starter, crib))

    def result(self, seat: int) -> float:
        """The outcome for `seat`, from -1 to 1."""
        if self.winner is not None:
            return 1.0 if self.winner == seat else -1.0
        diff = self.diff if seat == 0 else -self.diff
        return max(-0.9, min(0.9, diff / SCALE))

    def play_out(self, rng: random.Random) -> None:
        """Play the rest of the deal at random (as `rng.choice` would, from the same bits)."""
        getrandbits = rng.getrandbits
        while not self.over:
            actions = self.actions()
            n = len(actions)
            k = BITS[n]
            r = getrandbits(k)
            while r >= n:
                r = getrandbits(k)
            self.do(actions[r])


def _shuffle(cards: list[int], getrandbits: Callable[[int], int]) -> None:
    """Shuffle `cards` in place as `random.shuffle` does, from the same bits, faster."""
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = BITS[n]
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


class Deals:
    """The ways the cards a view cannot see may lie, consistent with what it saw: what the
    view fixes is worked out once, and each `draw` deals the rest at random. The seat of the
    view is seat 0 of a deal, and it is that seat's decision."""

    def __init__(self, view: PlayerView) -> None:
        me, them = view.seat, 1 - view.seat
        seen = {card.index for card in view.seen}
        self.unseen = [index for index in range(52) if index not in seen]
        self.held = view.hand_sizes[them]
        self.least = 1
        if view.phase is Phase.PLAY and view.history:
            self.least = least_values(view.history, 2, me, not view.pile)[them]
        self.thrown = 2 if view.discarded[them] else 0
        self.discards = [card.index for card in view.discards]
        self.starter = view.starter.index if view.starter is not None else None
        self.mine = [card.index for card in view.hand]
        self.dealer = 0 if view.dealer == me else 1
        self.scores = [view.my_score, view.best_other_score]
        self.target = view.target
        self.play = view.phase is Phase.PLAY
        self.kept = [card.index for card in view.kept]
        self.played = [card.index for seat, card in view.history if seat == them]
        self.pile = [card.index for card in view.pile]
        self.count = view.count
        self.last = None if not view.pile else 0 if view.history[-1][0] == me else 1

    def draw(self, rng: random.Random) -> Deal:
        """One deal of the unseen cards."""
        getrandbits = rng.getrandbits
        unseen = list(self.unseen)
        held, least = self.held, self.least
        for _ in range(20):  # a hand that could not have played on a go is drawn again
            _shuffle(unseen, getrandbits)
            if least == 1 or all(VALUE[card] >= least for card in unseen[:held]):
                break
        theirs = unseen[:held]
        end = held + self.thrown
        crib = self.discards + unseen[held:end]
        starter = self.starter if self.starter is not None else unseen[end]
        deal = Deal(
            [list(self.mine), theirs], crib, starter, self.dealer, list(self.scores), self.target
        )
        if self.thrown:
            deal.kept[1] = list(theirs)
        if self.play:
            deal.kept[0] = list(self.kept)
            deal.kept[1] = theirs + self.played
            deal.pile = list(self.pile)
            deal.ranks = [RANK[card] for card in self.pile]
            deal.count = self.count
            deal.last = self.last
            deal.to_move = 0
        return deal


def _deal_for(view: PlayerView, rng: random.Random) -> Deal:
    """One way the cards `view` cannot see may lie (`Deals.draw`)."""
    return Deals(view).draw(rng)


# -- the search ------------------------------------------------------------------------------


class Node:
    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0


def search(view: PlayerView, passes: int, c: float, rng: random.Random) -> dict[int, Node]:
    """The root's children after `passes` passes: each move of the seat's, with its visits
    and its total result."""
    root = Node()
    sqrt, log = math.sqrt, math.log
    deals = Deals(view)
    getrandbits = rng.getrandbits
    for _ in range(passes):
        deal = deals.draw(rng)
        node = root
        path: list[tuple[Node, int]] = []
        while not deal.over:
            seat = deal.mover()
            actions = deal.actions()
            children = node.children
            untried = []
            for action in actions:
                child = children.get(action)
                if child is None:
                    untried.append(action)
                else:
                    child.avail += 1
            if untried:
                n = len(untried)
                k = BITS[n]
                r = getrandbits(k)
                while r >= n:
                    r = getrandbits(k)
                action = untried[r]  # as rng.choice would, from the same bits
                child = Node()
                children[action] = child
                deal.do(action)
                path.append((child, seat))
                break
            best_action, best_child, best_value = actions[0], children[actions[0]], -math.inf
            for action in actions:
                child = children[action]
                visits = child.visits
                value = child.total / visits + c * sqrt(log(child.avail) / visits)
                if value > best_value:
                    best_action, best_child, best_value = action, child, value
            deal.do(best_action)
            path.append((best_child, seat))
            node = best_child
        deal.play_out(rng)
        outcome = deal.result(0)
        for child, seat in path:
            child.visits += 1
            child.total += outcome if seat == 0 else -outcome
    return root.children


class Ismcts(Strategy):
    """The SO-ISMCTS sparring partner (see the module's notes)."""

    name = "ismcts"

    def __init__(self, seed: int, passes: int, c: float) -> None:
        super().__init__(seed)
        self.passes, self.c = passes, c

    def _children(self, view: PlayerView, what: str) -> dict[int, Node]:
        _two_handed(view)
        rng = self.rng(what, view.seat, view.hand, view.history, view.starter, view.scores)
        return search(view, self.passes, self.c, rng)

    def discard_options_for(self, view: PlayerView) -> tuple[DiscardOption, ...]:
        children = self._children(view, "discard")
        hand = {card.index for card in view.hand}
        options = []
        for action, child in children.items():
            a, b = divmod(action, 52)
            keep = tuple(CARD[index] for index in sorted(hand - {a, b}))
            mean = child.total / child.visits * SCALE
            option = DiscardOption((CARD[a], CARD[b]), keep, 0.0, 0.0, 0.0, 0.0, mean)
            options.append((child.visits, mean, option))
        options.sort(key=lambda item: (-item[0], -item[1]))
        return tuple(option for _, _, option in options)

    def play_options_for(self, view: PlayerView) -> tuple[PlayOption, ...]:
        legal = view.legal
        if len(legal) == 1:
            return (PlayOption(legal[0], 0.0),)
        children = self._children(view, "play")
        ranked = sorted(
            legal,
            key=lambda card: (
                -children[card.index].visits if card.index in children else 0,
                card,
            ),
        )
        return tuple(
            PlayOption(
                card,
                children[card.index].total / children[card.index].visits * SCALE
                if card.index in children
                else 0.0,
            )
            for card in ranked
        )

    def play_for(self, view: PlayerView) -> Card:
        return self.play_options_for(view)[0].card


def make_ismcts(seed: int, settings: str) -> Strategy:
    found = _settings(settings, {"passes": int, "c": float})
    passes, c = int(found.get("passes", 1000)), found.get("c", 0.7)
    if passes < 1:
        raise ValueError("passes must be at least 1.")
    return Ismcts(seed, passes, c)


# -- habits ----------------------------------------------------------------------------------


def _average_show(keep: Sequence[int], unseen: Sequence[int]) -> float:
    a, b, c, d = keep
    return sum(hand_points(a, b, c, d, starter) for starter in unseen) / len(unseen)


class Habits(Strategy):
    """The player of habits (see the module's notes)."""

    name = "habits"

    def discard_options_for(self, view: PlayerView) -> tuple[DiscardOption, ...]:
        _two_handed(view)
        hand = sorted(card.index for card in view.hand)
        unseen = [index for index in range(52) if index not in hand]
        options = []
        for keep in itertools.combinations(hand, 4):
            show = _average_show(keep, unseen)
            thrown = tuple(CARD[index] for index in hand if index not in keep)
            kept = tuple(CARD[index] for index in keep)
            options.append(DiscardOption(thrown, kept, show, 0.0, 0.0, 0.0, show))
        options.sort(key=lambda option: (-option.total, option.discard))
        return tuple(options)

    def play_options_for(self, view: PlayerView) -> tuple[PlayOption, ...]:
        _two_handed(view)
        pile = [card.rank.value for card in view.pile]
        scored = [(peg_points([*pile, card.rank.value]), card) for card in view.legal]
        scored.sort(key=lambda item: (-item[0], -item[1].value, -item[1].rank))
        return tuple(PlayOption(card, float(points)) for points, card in scored)

    def play_for(self, view: PlayerView) -> Card:
        return self.play_options_for(view)[0].card


def make_habits(seed: int, settings: str) -> Strategy:
    if settings:
        raise ValueError("The habits player takes no settings.")
    return Habits(seed)


# -- greedy ----------------------------------------------------------------------------------


class Greedy(Strategy):
    """The greedy player (see the module's notes)."""

    name = "greedy"

    def discard_options_for(self, view: PlayerView) -> tuple[DiscardOption, ...]:
        _two_handed(view)
        hand = list(view.hand)
        options = []
        for keep in itertools.combinations(hand, 4):
            points = float(four_card_points(keep))
            thrown = tuple(card for card in hand if card not in keep)
            options.append(DiscardOption(thrown, keep, points, 0.0, 0.0, 0.0, points))
        self.rng("discard", view.seat, view.hand, view.scores).shuffle(options)  # equal: any
        options.sort(key=lambda option: -option.total)
        return tuple(options)

    def play_options_for(self, view: PlayerView) -> tuple[PlayOption, ...]:
        _two_handed(view)
        pile = [card.rank.value for card in view.pile]
        scored = [(peg_points([*pile, card.rank.value]), card) for card in view.legal]
        self.rng("play", view.seat, view.hand, view.history).shuffle(scored)  # alike: any
        scored.sort(key=lambda item: -item[0])
        return tuple(PlayOption(card, float(points)) for points, card in scored)

    def play_for(self, view: PlayerView) -> Card:
        return self.play_options_for(view)[0].card


def make_greedy(seed: int, settings: str) -> Strategy:
    if settings:
        raise ValueError("The greedy player takes no settings.")
    return Greedy(seed)


register("ismcts", make_ismcts)
register("habits", make_habits)
register("greedy", make_greedy)


if __name__ == "__main__":
    sys.exit(tournament_main(sys.argv[1:]))
