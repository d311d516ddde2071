"""The hand calculators: `cribbage --count` (a show count laid out item by item) and
`cribbage --discard` (the 15 ways to lay away two of six cards, ranked by the expert; or,
given five cards, the ways to lay away one of them with three or four players, or two in
five-card cribbage).

Cards are drawn with the game's glyphs: by default ASCII (`5H`, `10C`), as for a file or a
pipe; the command gives Unicode ones (`5♥`) on a terminal that shows them."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Final

from .cards import Card, parse_cards
from .errors import InvalidCardError
from .glyphs import ASCII, Glyphs
from .reasons import (
    CribGets,
    DiscardReasons,
    KeepsForPlay,
    KeptScore,
    StarterAdds,
    discard_reasons,
)
from .rules import GameConfig
from .scoring import Score, ScoreItem, ScoreKind, announce_sentence, number_word, score_hand
from .text import LINE_WIDTH

__all__ = [
    "PLAY_NOT_RECKONED",
    "breakdown_lines",
    "count_text",
    "discard_reason_texts",
    "discard_table",
    "discard_text",
    "made_words",
    "ranks_words",
    "shown_figures",
]

PLAY_NOT_RECKONED = "The play is not reckoned in these figures."
"""Said under the discard figures of the games whose discards leave the pegging out (all but
the two-handed game of six cards); the hint and the coach say it too."""


def breakdown_lines(score: Score, glyphs: Glyphs = ASCII) -> list[str]:
    """One line per scoring combination: its points, what it is, and its cards.

    >>> from cribbage.cards import parse_cards
    >>> from cribbage.glyphs import UNICODE
    >>> *hand, starter = parse_cards(["7h", "8c", "ks", "2d", "ac"])
    >>> breakdown_lines(score_hand(hand, starter)), breakdown_lines(score_hand(hand, starter), UNICODE)
    (['   2  fifteen     7H 8C'], ['   2  fifteen     7♥ 8♣'])
    """
    return [
        f"  {item.points:2}  {item.kind.value:<10}  {glyphs.cards(item.cards)}"
        for item in score.items
    ]


def count_text(texts: Sequence[str], *, crib: bool = False, glyphs: Glyphs = ASCII) -> str:
    """The count of four cards and a starter, given as card texts, laid out for a terminal.

    Raises:
        InvalidCardError: not five cards, a text that names no card, or a card named twice.

    >>> print(count_text(["5h", "tc", "5s", "2d", "ac"]))
    Hand 5H 10C 5S 2D, starter AC
       2  fifteen     5H 10C
       2  fifteen     10C 5S
       2  pair        5H 5S
       6  total
    Fifteen two, fifteen four, and a pair is six.
    """
    if len(texts) != 5:
        raise InvalidCardError(
            f"Give four cards and then the starter (five cards), not {len(texts)}."
        )
    cards = parse_cards(texts)
    hand: tuple[Card, ...] = cards[:4]
    starter = cards[4]
    score = score_hand(hand, starter, crib=crib)
    title = f"{'Crib' if crib else 'Hand'} {glyphs.cards(hand)}, starter {glyphs.card(starter)}"
    lines = [
        title,
        *breakdown_lines(score, glyphs),
        f"  {score.total:2}  total",
        *textwrap.wrap(announce_sentence(score), LINE_WIDTH),  # words whole on any terminal
    ]
    return "\n".join(lines)


def shown_figures(
    hand: float, crib: float, pegging: float | None, heels: float, total: float
) -> tuple[float, ...]:
    """A discard's figures as shown, to two decimals: the hand, the crib, the pegging (left out
    when None), his heels and the total, so that the columns shown add up to the total shown.

    The total and his heels are rounded as usual; the other columns are rounded so that they
    make up the rest, the cent left over going to the column that most nearly rounded the
    other way (as shares that must add up to a hundred are rounded). Each is within a cent of
    its usual rounding.

    >>> shown_figures(1.004, 1.004, 1.004, 0.0, 3.012)  # each 1.00, yet the total 3.01
    (1.01, 1.0, 1.0, 0.0, 3.01)
    """
    parts = [hand, crib] + ([] if pegging is None else [pegging])
    cents = [100 * part for part in parts]
    shown = [round(cent) for cent in cents]
    heels_cents, total_cents = round(100 * heels), round(100 * total)
    while (gap := total_cents - heels_cents - sum(shown)) != 0:
        step = 1 if gap > 0 else -1
        k = max(range(len(shown)), key=lambda i: step * (cents[i] - shown[i]))
        shown[k] += step
    figures = [cent / 100 for cent in shown]
    if pegging is None:
        return (figures[0], figures[1], heels_cents / 100, total_cents / 100)
    return (*figures, heels_cents / 100, total_cents / 100)


def made_words(items: Sequence[ScoreItem]) -> str:
    """What some cards score, in a player's words: 'two fifteens and a pair (6)'.

    >>> from cribbage.cards import parse_cards
    >>> cards = parse_cards(["5h", "5c", "5s", "jd", "2c"])
    >>> made_words(score_hand(cards[:4], cards[4]).items)
    'four fifteens and three of a kind (14)'
    >>> made_words(())
    'nothing'
    """
    if not items:
        return "nothing"
    phrases: list[str] = []
    fifteens = sum(1 for item in items if item.kind is ScoreKind.FIFTEEN)
    if fifteens:
        phrases.append("a fifteen" if fifteens == 1 else f"{number_word(fifteens)} fifteens")
    pairs: dict[int, int] = {}
    for item in items:
        if item.kind is ScoreKind.PAIR:
            pairs[item.cards[0].rank] = pairs.get(item.cards[0].rank, 0) + 1
    kinds = {1: "a pair", 3: "three of a kind", 6: "four of a kind"}
    phrases.extend(kinds[count] for count in pairs.values())
    runs: dict[int, int] = {}
    for item in items:
        if item.kind is ScoreKind.RUN:
            runs[item.points] = runs.get(item.points, 0) + 1
    ways = {1: "a", 2: "a double", 3: "a triple", 4: "a double double"}
    phrases.extend(f"{ways[n]} run of {number_word(length)}" for length, n in runs.items())
    phrases.extend(
        f"a {item.kind.value}" for item in items if item.kind in (ScoreKind.FLUSH, ScoreKind.NOBS)
    )
    said = phrases[0] if len(phrases) == 1 else f"{', '.join(phrases[:-1])} and {phrases[-1]}"
    return f"{said} ({sum(item.points for item in items)})"


def ranks_words(ranks: Sequence[int]) -> str:
    """Cards of some ranks, as a player names one of them: 'a five', 'an ace or a ten or a
    face card' (every ten-card rank is said at once).

    >>> ranks_words([5, 10, 11, 12, 13]), ranks_words([1, 8]), ranks_words([11])
    ('a five or a ten or a face card', 'an ace or an eight', 'a jack')
    >>> ranks_words([2, 3, 4])
    'a two, a three or a four'
    """
    from .cards import Rank

    tens = {10, 11, 12, 13}
    named = [int(rank) for rank in ranks]
    phrases = []
    for rank in named:
        if tens <= set(named) and rank in tens:
            if rank == 10:
                phrases.append("a ten or a face card")
            continue
        word = Rank(rank).word
        phrases.append(f"{'an' if word[0] in 'ae' else 'a'} {word}")
    return phrases[0] if len(phrases) == 1 else f"{', '.join(phrases[:-1])} or {phrases[-1]}"


def _kept_words(claim: KeptScore) -> str:
    return f"{made_words(claim.items)} whatever the starter"


def _adds_words(claim: StarterAdds) -> str:
    points = number_word(claim.points)
    if claim.most > claim.points:
        points += f" to {number_word(claim.most)}"
    low = [rank for rank in claim.ranks if rank < 10]
    high = [rank for rank in claim.ranks if rank >= 10]
    if len(low) + (1 if len(high) == 4 else len(high)) > _RANKS_NAMED:  # too many to name
        return f"{claim.starters} of the {claim.unseen} starters add {points}"
    return (
        f"{ranks_words(claim.ranks)} adds {points} "
        f"({claim.starters} of the {claim.unseen} starters)"
    )


_RANKS_NAMED: Final = 4
"""The most ranks of starter named one by one (a ten and the face cards count as one)."""
_CRIB_GIFTS: Final = {"fifteen": "two cards that make fifteen", "pair": "a pair", "five": "a five"}
_PLAY_HOLDS: Final = {
    "lead": "a card under five (a lead no card makes fifteen on)",
    "pair": "a pair (three of a kind if the next player pairs one)",
    "answer": "a five (fifteen on any ten)",
}


def _and(phrases: Sequence[str]) -> str:
    return phrases[0] if len(phrases) == 1 else f"{', '.join(phrases[:-1])} and {phrases[-1]}"


def discard_reason_texts(
    reasons: DiscardReasons, glyphs: Glyphs = ASCII, *, own_crib: str = "your own crib"
) -> list[str]:
    """The reasons for a discard (`cribbage.reasons.discard_reasons`) as sentences: what each
    discard keeps, what the crib gets, what the kept cards hold for the play. `own_crib` names
    the crib when it is the player's side's. Against another discard, the column whose
    figures differ the most is explained first.

    >>> from cribbage.computer import discard_options
    >>> best, other = discard_options(parse_cards("5h 5c 6d jd kd 2s".split()), dealer=True)[:2]
    >>> for text in discard_reason_texts(discard_reasons(best, other)):
    ...     print(text)
    Laying away 2S 6D keeps 5C 5H JD KD: four fifteens and a pair (10) whatever the starter; a five adds ten to eleven (2 of the 46 starters).
    Laying away 2S JD keeps 5C 5H 6D KD: two fifteens and a pair (6) whatever the starter.
    """
    hand: list[str] = []
    by_keep: dict[tuple[Card, ...], list[str]] = {}
    for claim in reasons.hand:
        words = _kept_words(claim) if isinstance(claim, KeptScore) else _adds_words(claim)
        by_keep.setdefault(claim.keep, []).append(words)
    options = [reasons.best] if reasons.other is None else [reasons.best, reasons.other]
    discards = {option.keep: option.discard for option in options}
    for keep, said in by_keep.items():
        hand.append(
            f"Laying away {glyphs.cards(discards[keep])} keeps {glyphs.cards(keep)}: "
            f"{'; '.join(said)}."
        )
    crib: list[str] = []
    gifts: dict[tuple[Card, ...], list[CribGets]] = {}
    for gift in reasons.crib:
        gifts.setdefault(gift.thrown, []).append(gift)
    for thrown, given in gifts.items():
        what = _and([_CRIB_GIFTS[gift.what] for gift in given])
        if given[0].own:
            crib.append(f"Laying away {glyphs.cards(thrown)} lays {what} in {own_crib}.")
        else:
            crib.append(f"Laying away {glyphs.cards(thrown)} gives the dealer {what}.")
    pegging: list[str] = []
    holds: dict[tuple[Card, ...], list[KeepsForPlay]] = {}
    for held in reasons.pegging:
        holds.setdefault(held.keep, []).append(held)
    for keep, kept in holds.items():
        what = _and([_PLAY_HOLDS[held.what] for held in kept])
        pegging.append(f"Laying away {glyphs.cards(discards[keep])} keeps for the play {what}.")
    other = reasons.other
    if other is None:
        return [*hand, *crib, *pegging]
    best = reasons.best
    groups = [
        (abs(best.hand - other.hand), 0, hand),
        (abs(best.crib - other.crib), 1, crib),
        (abs(best.pegging - other.pegging), 2, pegging),
    ]
    return [text for _, _, texts in sorted(groups, key=lambda g: (-g[0], g[1])) for text in texts]


def discard_table(
    hand: Sequence[Card],
    *,
    dealer: bool,
    glyphs: Glyphs = ASCII,
    config: GameConfig | None = None,
    dealing: int | None = None,
) -> list[str]:
    """Every discard of a hand, best first, as the expert values them at the start of a
    game: expected points of the kept hand (over the starters it cannot see), of the crib
    (negative when it is the opponents'), of the pegging (own minus the opponent's, in the
    two-handed game of six cards only), of his heels (a jack cut as the starter: the same for
    every discard) and in all; the reasons, in cards, for the best against the next come
    first (`cribbage.reasons.discard_reasons`).

    `config` is the game (the two-handed game of six cards by default); `dealing`, in the
    other games, the seat that deals (yours is seat 0; by default you, or with `dealer`
    false the player on your right, whose pone you are).

    Raises:
        ValueError: not the number of different cards the game deals.
    """
    from .computer import Computer  # the calculator stays importable without the tables
    from .computer.variant_discard import variant_discard_options

    config = config or GameConfig()
    six = config.hand_size == 6
    if six:
        options = Computer("expert", seed=0).discard_options(hand, dealer=dealer)
    else:
        if dealing is None:
            dealing = 0 if dealer else config.players - 1
        options = variant_discard_options(hand, config, 0, dealing)
    laid = [glyphs.cards(option.discard) for option in options]
    kept = [glyphs.cards(option.keep) for option in options]
    lay_w = max(9, *map(len, laid))  # wider only for tens ('10C 10D')
    keep_w = max(12, *map(len, kept))
    pegging = f"{'pegging':>8} " if six else ""
    own = "your own crib" if dealing in (None, 0) else "your side's crib"
    reasons = discard_reasons(options[0], options[1] if len(options) > 1 else None)
    lines = [
        line
        for text in discard_reason_texts(reasons, glyphs, own_crib=own)
        for line in textwrap.wrap(text, LINE_WIDTH, subsequent_indent="  ")
    ]
    lines.append(
        f"{'lay away':<{lay_w}} {'keep':<{keep_w}} {'hand':>6} {'crib':>6} {pegging}"
        f"{'heels':>6} {'total':>6}"
    )
    for option, discard, keep in zip(options, laid, kept, strict=True):
        figures = shown_figures(
            option.hand, option.crib, option.pegging if six else None, option.heels, option.total
        )
        widths = (6, 6, 8, 6, 6) if six else (6, 6, 6, 6)
        row = " ".join(
            f"{figure:{width}.2f}" for figure, width in zip(figures, widths, strict=True)
        )
        lines.append(f"{discard:<{lay_w}} {keep:<{keep_w}} {row}")
    if not six:
        lines.append(PLAY_NOT_RECKONED)
    return lines


def _roles(config: GameConfig, dealer: bool | None) -> list[tuple[str, int]]:
    """The tables `discard_text` prints: a heading and the seat that deals."""
    right = config.players - 1  # the player on your right deals: you are the pone
    crib = "the dealer's crib" if config.players == 2 else "an opponent's crib"
    roles = [("as dealer (your crib)", 0), (f"as pone ({crib})", right)]
    if config.partners:
        roles.insert(1, ("your partner dealing (your side's crib)", 2))
    if dealer is None:
        return roles
    return [roles[0]] if dealer else [roles[-1]]


def discard_text(
    texts: Sequence[str],
    *,
    dealer: bool | None = None,
    glyphs: Glyphs = ASCII,
    config: GameConfig | None = None,
) -> str:
    """Every discard of a hand, given as card texts, ranked by the expert's expected value:
    as dealer, as pone, or (`dealer` None) both (and with partners, your partner dealing),
    the dealer's table first. `config` is the game (the two-handed game of six cards by
    default).

    Raises:
        InvalidCardError: not the cards the game deals, a text that names no card, or a card
            named twice.

    >>> def best_row(text: str) -> str:  # the line under the table's heading
    ...     lines = text.splitlines()
    ...     return next(lines[n + 1] for n, line in enumerate(lines) if line.startswith("lay"))
    >>> print(best_row(discard_text("5h 5c 6d jd kd 2s".split(), dealer=True)))
    2S 6D     5C 5H JD KD   12.39   3.80     0.69   0.13  17.01
    >>> print(best_row(discard_text("5h 5c 6d jd kd".split(), dealer=True, config=GameConfig(players=3))))
    6D        5C 5H JD KD   12.34   4.55   0.13  17.02
    """
    config = config or GameConfig()
    size = config.hand_size
    if len(texts) != size:
        if len(texts) == 5 and size == 6:
            raise InvalidCardError(
                "Five cards are dealt in five-card cribbage and with three or four players: "
                "add --five-card or --players 3 or 4."
            )
        dealt = "six" if size == 6 else "five"
        raise InvalidCardError(
            f"Give the {dealt} cards dealt to choose a discard from, not {len(texts)}."
        )
    cards = parse_cards(texts)
    sections: list[str] = []
    for whose, dealing in _roles(config, dealer):
        table = discard_table(
            cards, dealer=dealing == 0, glyphs=glyphs, config=config, dealing=dealing
        )
        sections.append("\n".join([f"Hand {glyphs.cards(cards)}, {whose}", *table]))
    return "\n\n".join(sections)
