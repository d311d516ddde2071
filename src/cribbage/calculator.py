"""The hand calculators: `cribbage --count` (a show count laid out item by item) and
`cribbage --discard` (the 15 ways to lay away two of six cards, ranked by the expert; or,
given five cards, the ways to lay away one of them with three or four players, or two in
five-card cribbage).

Cards are drawn with the game's glyphs: by default ASCII (`5H`, `10C`), as for a file or a
pipe; the command gives Unicode ones (`5♥`) on a terminal that shows them."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from .cards import Card, parse_cards
from .errors import InvalidCardError
from .glyphs import ASCII, Glyphs
from .rules import GameConfig
from .scoring import Score, announce_sentence, score_hand
from .text import LINE_WIDTH

__all__ = ["PLAY_NOT_RECKONED", "breakdown_lines", "count_text", "discard_table", "discard_text"]

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
    two-handed game of six cards only) and in all. The total also holds his heels (the same
    for every discard), so a note gives it.

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
    lines = [
        f"{'lay away':<{lay_w}} {'keep':<{keep_w}} {'hand':>6} {'crib':>6} {pegging}{'total':>6}"
    ]
    for option, discard, keep in zip(options, laid, kept, strict=True):
        pegs = f"{option.pegging:8.2f} " if six else ""
        lines.append(
            f"{discard:<{lay_w}} {keep:<{keep_w}} "
            f"{option.hand:6.2f} {option.crib:6.2f} {pegs}{option.total:6.2f}"
        )
    heels = options[0].heels
    lines.append(f"The totals hold his heels, {heels:+.2f} (a jack may be cut as the starter).")
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

    >>> print(discard_text("5h 5c 6d jd kd 2s".split(), dealer=True).splitlines()[2])
    2S 6D     5C 5H JD KD   12.39   3.80     0.69  17.01
    >>> print(discard_text("5h 5c 6d jd kd".split(), dealer=True, config=GameConfig(players=3)).splitlines()[2])
    6D        5C 5H JD KD   12.34   4.55  17.02
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
