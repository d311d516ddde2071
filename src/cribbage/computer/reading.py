"""Reading the opponent: how far it plays by a rule, and how it leads, from what it played.

Players are not all alike, and a player who plays by a fixed rule can be played against:
the search that expects the opponent's best reply to every card (`PegSearch`) gives away
what a rule gives up. So the expert asks, of each opponent, how likely it is to play by the
classic level's rule (`cribbage.computer.classic.classic_play_index`, the rule of BSD's
computer and a common way of playing: take the points, else play high, but not to 5, 10 or
21). It weighs two accounts of every card the opponent has played in the game:

* by the rule: the rule's card, or, `TREMBLE` of the time, another card (so that one stray
  card does not rule a player out for good);
* any legal rank alike.

Every card the opponent kept in an earlier deal was played, so each of its plays there is
judged with its whole hand known (`rule_share`). In this deal, its hand is known only with a
guess at the cards it still holds (`likelihoods`): the play weighs each guess by both
accounts, and takes the chance of the rule from both together (`Settings.read`). Starting
from `PRIOR`, a few deals of the classic level's play make the rule nearly sure, and a few of
a player who does otherwise make it nearly out of the question.

With `Settings.styles` the same is asked of each rule of `RULES` (the classic level's, and
plain habits': the points, else the highest card) at once, against a player of no rule
(`rule_shares`), and the play expects the replies of the likeliest. With
`Settings.lead_styles` the opponent's leads are read too (`lead_mix`): as the expert's, the
classic level's, its highest card, its lowest or any card, each weighed by the leads of the
earlier deals, where its hand is known.

With `Settings.takes` its plays of this deal say something of the cards it still holds
whatever way it plays: few players pass up points they could take. So a guess at its hand
under which it passed up more points than the card it played made (`passed_up`) is weighed
down by how often it has passed up points in the earlier deals (`pass_up_rate`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Final

from ..cards import COUNTING_VALUES, Card
from ..memo import Table
from ..pegging import LIMIT, fits
from .classic import classic_lead, classic_play_index
from .search import Ranks, Reply, moves, pegs_at_once, reply_table, scoring_tail
from .tables import RANK_LETTERS, ranks_text, read_table

__all__ = [
    "LEAD_PRIOR",
    "LEAD_STYLES",
    "PRIOR",
    "RULES",
    "SURE",
    "TAKE_PRIOR",
    "TREMBLE",
    "Turn",
    "highest_play_index",
    "lead_likelihood",
    "lead_mix",
    "likelihoods",
    "may_matter",
    "opponent_turns",
    "pass_up_rate",
    "passed_up",
    "points_passed_up",
    "rule_share",
    "rule_shares",
    "rules_likelihoods",
]

PRIOR: Final = 0.2
"""The chance that an opponent plays by the rule, before any of its cards is seen. Against
an opponent that plays like the expert, it is under a hundredth after two or three deals;
the reading costs nothing measurable there (the expert won 49.9% of 4,000 duplicate games
against itself without it)."""

TREMBLE: Final = 0.03
"""How often a player of the rule is taken to play another card than the rule's (that share
spread over the other legal ranks)."""

SURE: Final = 0.99
"""A chance of the rule beyond this (or of the other account, below `1 - SURE`) is taken as
certain: the play then searches one account only."""


@dataclass(frozen=True, slots=True)
class Turn:
    """One card the opponent played, with what it was played on.

    Attributes:
        rank: the rank it played.
        tail: the scoring tail of the count it played on (`scoring_tail`).
        count: that count.
        later: the ranks it played after this card in the deal.
    """

    rank: int
    tail: Ranks
    count: int
    later: Ranks


def opponent_turns(history: Sequence[tuple[str, Card]]) -> tuple[Turn, ...]:
    """The opponent's plays in one deal's `history` (every card played, in order, each with
    who played it, "me" or "opponent"), with the count each was played on.

    >>> from cribbage.cards import parse_cards
    >>> k, q, five = parse_cards(["kc", "qd", "5h"])
    >>> [(t.rank, t.tail, t.count, t.later) for t in opponent_turns([("opponent", k), ("me", q), ("opponent", five)])]
    [(13, (), 0, (5,)), (5, (13, 12), 20, ())]
    """
    turns: list[tuple[int, Ranks, int]] = []
    tail: Ranks = ()
    count = 0
    for who, card in history:
        if count == LIMIT or not fits(count, card.value):
            tail, count = (), 0
        rank = int(card.rank)
        if who == "opponent":
            turns.append((rank, tail, count))
        tail = scoring_tail(tail + (rank,))
        count += card.value
    ranks = [rank for rank, _, _ in turns]
    return tuple(
        Turn(rank, tail, count, tuple(ranks[k + 1 :]))
        for k, (rank, tail, count) in enumerate(turns)
    )


def highest_play_index(hand: Ranks, played: Ranks, count: int) -> int:
    """The position in `hand` (ranks, ascending) of the card a player of plain habits plays
    (as `classic_play_index` takes its position): the most points at once, else, of the
    cards that fit, the highest, to lead as to answer.

    >>> highest_play_index((2, 4, 13), (), 0), highest_play_index((5, 6, 9, 13), (10,), 10)
    (2, 0)
    """
    room = LIMIT - count
    best, best_points = -1, -1
    for i, rank in enumerate(hand):
        if COUNTING_VALUES[rank] <= room:
            points = pegs_at_once(played, count, rank)
            if points >= best_points:  # the last, the highest, of the most
                best, best_points = i, points
    return best


RULES: Final[tuple[Reply, ...]] = (classic_play_index, highest_play_index)
"""The rules an opponent's replies are read by with `Settings.styles`: the classic level's,
and plain habits' (`highest_play_index`)."""


def likelihoods(
    turns: Sequence[Turn], held: Ranks, rule: Reply = classic_play_index
) -> tuple[float, float]:
    """How likely the opponent's plays (`turns`) were if it also held `held` (ranks) after
    them: by `rule` (`TREMBLE` of the time another rank), and with any legal rank alike.
    A play with one legal rank says nothing; it counts 1 in both.

    >>> from cribbage.cards import parse_cards
    >>> turns = opponent_turns([("opponent", parse_cards(["9s"])[0])])  # it led a nine
    >>> likelihoods(turns, (5, 6, 13)), likelihoods(turns, (4, 6, 13))  # the rule leads 9, 4
    ((0.97, 0.25), (0.01, 0.25))
    """
    [(by_rules, by_any)] = rules_likelihoods(turns, [held], [rule])
    return by_rules[0], by_any


def rules_likelihoods(
    turns: Sequence[Turn], holdings: Iterable[Ranks], rules: Sequence[Reply]
) -> Iterator[tuple[list[float], float]]:
    """`likelihoods` for each of `holdings`, by each of `rules` at once: each turn's hand
    and its legal ranks are found once for all the rules."""
    tables = [reply_table(rule) for rule in rules]
    told = [((turn.rank, *turn.later), turn.tail, turn.count, turn.rank) for turn in turns]
    for held in holdings:
        by_rules = [1.0] * len(tables)
        by_any = 1.0
        for before, tail, count, rank in told:
            hand = tuple(sorted(before + held))
            legal = len(moves(hand, count))  # one position for each legal rank
            if legal < 2:
                continue
            for k, table in enumerate(tables):
                chosen = hand[table[hand, tail, count]]
                by_rules[k] *= 1 - TREMBLE if chosen == rank else TREMBLE / (legal - 1)
            by_any /= legal
        yield by_rules, by_any


def rule_share(
    past: Sequence[Sequence[tuple[str, Card]]],
    prior: float = PRIOR,
    rule: Reply = classic_play_index,
) -> float:
    """The chance that the opponent plays by the rule, from `prior` and its plays in earlier
    deals (`past`: each deal's history, as `opponent_turns` takes it). A deal in which it did
    not play four cards (its hand not wholly known) is passed over.

    >>> from cribbage.cards import parse_cards
    >>> cards = parse_cards("4d th 9s 8h js 2c qd kc".split())  # its 4, 9 and 8 are the rule's
    >>> deal = list(zip("opponent me opponent opponent me opponent me me".split(), cards))
    >>> round(rule_share([]), 2), round(rule_share([deal]), 2), round(rule_share([deal] * 3), 4)
    (0.2, 0.85, 0.9996)
    """
    if not 0.0 < prior < 1.0:
        return prior
    odds = math.log(prior / (1 - prior))
    odds += sum(_EVIDENCE[tuple(history), rule] for history in past)
    odds = max(-40.0, min(40.0, odds))
    return 1 / (1 + math.exp(-odds))


def rule_shares(
    past: Sequence[Sequence[tuple[str, Card]]],
    rules: Sequence[Reply] = RULES,
    prior: float = PRIOR,
) -> tuple[float, ...]:
    """The chance that the opponent plays by each of `rules`, from its plays in earlier
    deals (`past`, as `rule_share` takes it): each rule `prior` before any card is seen,
    the rest for a player of no rule (any legal rank alike), and each deal's plays weighing
    every account by how likely it made them. The chances of the rules and of no rule add up
    to 1, so a player of one rule is read as that rule's even where the rules agree.

    >>> from cribbage.cards import parse_cards
    >>> cards = parse_cards("4d th 9s 8h js 2c qd kc".split())  # its 4, 9 and 8 are classic
    >>> deal = list(zip("opponent me opponent opponent me opponent me me".split(), cards))
    >>> [round(share, 3) for share in rule_shares([deal] * 2)]
    [0.994, 0.0]
    """
    logs = [math.log(prior) + sum(_EVIDENCE[tuple(h), rule] for h in past) for rule in rules]
    logs.append(math.log(max(1e-9, 1 - prior * len(rules))))  # no rule: evidence 0
    top = max(logs)
    odds = [math.exp(value - top) for value in logs]
    total = sum(odds)
    return tuple(value / total for value in odds[:-1])


def _evidence(history: tuple[tuple[str, Card], ...], rule: Reply) -> float:
    """How much likelier `rule` makes the opponent's plays of a finished deal than any
    rank alike, as a logarithm (0 when its hand is not wholly known)."""
    turns = opponent_turns(history)
    if len(turns) != 4:
        return 0.0
    by_rule, by_any = likelihoods(turns, (), rule)
    return math.log(by_rule / by_any)


_EVIDENCE: Final[Table[float]] = Table(_evidence, 10_000)
"""`_evidence` by deal: every decision of a game reads the same earlier deals again."""


def may_matter(share: float, plays: int) -> bool:
    """Whether the opponent's first `plays` cards of a deal could make the rule's chance,
    `share` before them, more than `1 - SURE`: each card played by the rule makes it at most
    (1 - TREMBLE) times the number of its legal ranks likelier (four at most for the first
    card of a deal, one fewer for each after it), and a card with no choice not at all.

    >>> may_matter(0.2, 0), may_matter(1e-3, 3), may_matter(1e-3, 0)
    (True, True, False)
    """
    if share <= 0.0:
        return False
    odds = share / (1 - share) if share < 1.0 else math.inf
    for played in range(plays):  # a card with no choice of rank counts 1 (`likelihoods`)
        odds *= max(1.0, (1 - TREMBLE) * (4 - played))
    return odds > (1 - SURE) / SURE


LEAD_STYLES: Final = ("expert", "classic", "highest", "lowest", "any")
"""How a pone may choose its lead, read with `Settings.lead_styles` (`lead_likelihood`)."""

LEAD_PRIOR: Final = (0.3, 0.3, 0.1, 0.1, 0.2)
"""Each lead style's chance before any lead of the opponent is seen (`lead_mix`); the
expert's, the classic level's and any card's in the shares of `cribbage.computer.play.LEAD_MIX`
but for the fifth left to the highest and the lowest card."""


@cache
def _expert_leads() -> dict[str, dict[str, float]]:
    """The share of deals the expert led each rank in, by its four kept ranks (`leads.json`)."""
    data = read_table("leads.json")
    contexts = int(data["contexts"])
    return {
        kept: {letter: int(n) / contexts for letter, n in leads.items()}
        for kept, leads in data["leads"].items()
    }


@cache
def lead_likelihood(style: str, kept: Ranks, rank: int) -> float:
    """How likely a pone of `style` (`LEAD_STYLES`) leads `rank` from its four `kept` ranks
    (ascending): as the expert would (the share of deals it led it in, `leads.json`), as the
    classic level would (`classic_lead`), its highest or lowest card, or any card of the four
    alike; every style but the last only `1 - TREMBLE` of the time, else any card.

    >>> [round(lead_likelihood(style, (2, 4, 9, 13), 13), 4) for style in LEAD_STYLES]
    [0.0883, 0.0075, 0.9775, 0.0075, 0.25]
    """
    share = kept.count(rank) / 4
    if style == "any":
        return share
    if style == "expert":
        chosen = _expert_leads()[ranks_text(kept)].get(RANK_LETTERS[rank - 1], 0.0)
    elif style == "classic":
        chosen = float(classic_lead(kept) == rank)
    elif style == "highest":
        chosen = float(kept[-1] == rank)
    elif style == "lowest":
        chosen = float(kept[0] == rank)
    else:
        raise ValueError(f"Unknown lead style {style!r}.")
    return (1 - TREMBLE) * chosen + TREMBLE * share


def lead_mix(
    past: Sequence[Sequence[tuple[str, Card]]], prior: Sequence[float] = LEAD_PRIOR
) -> tuple[float, ...]:
    """The chance of each lead style (`LEAD_STYLES`), from `prior` and the opponent's leads
    in the earlier deals (`past`, as `rule_share` takes it) where it led and played its four
    cards (so that its hand is known), rounded to thousandths (the shares vary from deal to
    deal, not within one).

    >>> from cribbage.cards import parse_cards
    >>> cards = parse_cards("kd 5h 9s 4c 8h 3c 2d ac".split())  # it led its highest card
    >>> deal = list(zip("opponent me opponent me opponent me opponent me".split(), cards))
    >>> lead_mix([]), lead_mix([deal] * 2)
    ((0.3, 0.3, 0.1, 0.1, 0.2), (0.0, 0.0, 0.884, 0.0, 0.116))
    """
    logs = [math.log(p) if p > 0 else -math.inf for p in prior]
    for history in past:
        if not history or history[0][0] != "opponent":
            continue
        kept = tuple(sorted(int(card.rank) for who, card in history if who == "opponent"))
        if len(kept) != 4:
            continue
        rank = int(history[0][1].rank)
        for k, style in enumerate(LEAD_STYLES):
            logs[k] += math.log(lead_likelihood(style, kept, rank))
    top = max(logs)
    odds = [math.exp(value - top) for value in logs]
    total = sum(odds)
    return tuple(round(value / total, 3) for value in odds)


TAKE_PRIOR: Final = (0.5, 4.5)
"""The opponent's turns with points to take before any is seen (`pass_up_rate`): half a turn
passed up against four and a half taken, a tenth of the time."""


def _most_points(hand: Ranks, tail: Ranks, count: int) -> int:
    """The most a card of `hand` pegs at once on `count` (0 when none fits)."""
    room = LIMIT - count
    return max(
        (pegs_at_once(tail, count, rank) for rank in set(hand) if COUNTING_VALUES[rank] <= room),
        default=0,
    )


_MOST: Final[Table[int]] = Table(_most_points, 100_000)
"""`_most_points` by (hand, tail, count)."""


def passed_up(turns: Sequence[Turn], held: Ranks) -> int:
    """In how many of the opponent's plays (`turns`) it passed up more points than its card
    made, if it also held `held` (ranks) after them.

    >>> from cribbage.cards import parse_cards
    >>> turns = opponent_turns(list(zip(["me", "opponent"], parse_cards(["7d", "9s"]))))
    >>> passed_up(turns, (2, 7)), passed_up(turns, (3, 8)), passed_up(turns, (6, 13))
    (1, 1, 0)
    """
    passed = 0
    for turn in turns:
        hand = tuple(sorted((turn.rank, *turn.later, *held)))
        if _MOST[hand, turn.tail, turn.count] > pegs_at_once(turn.tail, turn.count, turn.rank):
            passed += 1
    return passed


def points_passed_up(history: Sequence[tuple[str, Card]]) -> tuple[int, int]:
    """In a finished deal (`history`, as `opponent_turns` takes it) in which the opponent
    played its four cards: its plays that passed up points, and those that took the most
    there were (plays with no points to take, or no choice of rank, are left out); (0, 0)
    for any other deal.

    >>> from cribbage.cards import parse_cards
    >>> cards = parse_cards("kd 5s 9h 6c 2d 3s ad 2s".split())  # a 5 for 15; a 3, not a pair
    >>> points_passed_up(list(zip("me opponent me opponent me opponent me opponent".split(), cards)))
    (1, 1)
    """
    turns = opponent_turns(history)
    if len(turns) != 4:
        return 0, 0
    passed = taken = 0
    for turn in turns:
        hand = tuple(sorted((turn.rank, *turn.later)))
        if len(moves(hand, turn.count)) < 2:  # no choice of rank
            continue
        most = _MOST[hand, turn.tail, turn.count]
        if most > pegs_at_once(turn.tail, turn.count, turn.rank):
            passed += 1
        elif most > 0:
            taken += 1
    return passed, taken


_TAKEN: Final[Table[tuple[int, int]]] = Table(points_passed_up, 10_000)
"""`points_passed_up` by deal."""


def pass_up_rate(
    past: Sequence[Sequence[tuple[str, Card]]], prior: tuple[float, float] = TAKE_PRIOR
) -> float:
    """How often the opponent passes up points it could take, from `prior` (turns passed up,
    turns taken) and its plays in the earlier deals (`past`, as `rule_share` takes it).

    >>> from cribbage.cards import parse_cards
    >>> cards = parse_cards("kd 5s 9h 6c 2d 2s ad 3s".split())  # it takes a 15 and a pair
    >>> deal = list(zip("me opponent me opponent me opponent me opponent".split(), cards))
    >>> pass_up_rate([]), round(pass_up_rate([deal] * 3), 3)
    (0.1, 0.045)
    """
    passed, taken = prior
    for history in past:
        more_passed, more_taken = _TAKEN[tuple(history),]
        passed += more_passed
        taken += more_taken
    return passed / (passed + taken)
