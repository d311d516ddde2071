"""Drawing the game: where everything goes on a screen of a given size, and how it looks.

The two-handed arrangement is BSD's: the computer's hand at the top, the table with the
count in the middle, your hand below it, the crib and the starter beside the dealer's hand,
and on the right the board (two tracks a player, front and back pegs, scores and games won)
above a message history that scrolls. With three or four players the others sit round the
top of the table, two lines each (name, dealer, go or the count of a shown hand, then the
backs of the cards they hold and the cards they have played), the crib and the starter at
the top right of the table, and the board has two tracks a side. The end of a game is a box
over the card area, beside the messages whose last lines say how it ended. A larger
terminal gives the board longer tracks and the messages more room; a smaller one than 80x24
shows a few lines saying so and what to do.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ..cards import Card
from ..glyphs import Glyphs
from ..rules import GameConfig, Phase, Seat, cut_rule
from ..text import listed, wrap
from .screen import Color, Screen, Style
from .seats import Seating, shorten
from .table import Table
from .words import MessageLog, Tone

__all__ = [
    "CARD_WIDTH",
    "MIN_COLS",
    "MIN_ROWS",
    "CutPicture",
    "HandPicture",
    "Layout",
    "Painter",
    "seat_style",
    "won_label",
]

MIN_ROWS: Final = 24
MIN_COLS: Final = 80
CARD_WIDTH: Final = 5
CARD_HEIGHT: Final = 3
LEFT_WIDTH: Final = 43
"""The card area: six cards, then the crib and the starter."""
CRIB_X: Final = 31
_SCROLL_MARKS: Final = {
    (False, False): "",
    (True, False): "PgUp: older",
    (False, True): "PgDn: newer",
    (True, True): "PgUp PgDn",
}
"""On the board's bottom edge: whether older and newer messages are out of sight."""
_SHORTEST_NAME: Final = 6
"""The fewest letters a seat's name is cut to beside the crib before its roles give way."""
STARTER_X: Final = 37
WIDE_LANE: Final = 60
NARROW_LANE: Final = 30
HUMAN_ROWS: Final = 6
"""Your name, a row for chosen cards to rise into, your cards, and the cursor mark."""
OWNER_Y: Final = 4
"""With three or four players: the row naming the crib's owner, under the crib."""
CUT_FOR_DEAL: Final = "Cut for the deal: the lowest card deals."
CUT_FOR_STARTER: Final = "Cut for the starter."


def _board_width(lane: int) -> int:
    """Holes in groups of five, a space between groups, and the frame."""
    return lane + (lane // 5 - 1) + 2


@dataclass(frozen=True, slots=True)
class Layout:
    """Where each part of the screen goes for a terminal of `rows` by `cols`."""

    rows: int
    cols: int
    lane: int
    """Holes in each track of the board."""
    computer_y: int
    table_y: int
    human_y: int
    right_x: int
    right_w: int
    messages_y: int
    messages_h: int
    prompt_y: int
    keys_y: int
    players: int = 2
    others_y: tuple[int, ...] = ()
    """With three or four players, the first of the two rows of each other seat, in turn."""

    @property
    def fits(self) -> bool:
        return self.rows >= MIN_ROWS and self.cols >= MIN_COLS

    @staticmethod
    def for_game(rows: int, cols: int, config: GameConfig) -> Layout:
        """The layout for a screen showing the game `config` describes."""
        return Layout.for_size(rows, cols, config.target, config.players, config.sides)

    @staticmethod
    def for_size(
        rows: int, cols: int, target: int = 121, players: int = 2, sides: int = 2
    ) -> Layout:
        """The layout for a screen; check `fits` before drawing a game on it."""
        right_x = LEFT_WIDTH
        right_w = max(cols - right_x, 0)
        lane = NARROW_LANE
        if target > 2 * NARROW_LANE + 1 and right_w >= _board_width(WIDE_LANE):
            lane = WIDE_LANE
        play_h = rows - 2
        others_y: tuple[int, ...] = ()
        if players == 2:
            blocks = 4 + 8 + 6  # computer's hand; the table with its notes; your hand
            free = max(play_h - blocks, 0)
            gap_top = min(free // 2, 4)
            gap_bottom = min(free - free // 2, 4)
            computer_y = 0
            table_y = computer_y + 4 + gap_top
            human_y = table_y + 8 + gap_bottom
        else:
            others_y = tuple(range(0, 2 * (players - 1), 2))  # two rows a seat
            top = 2 * (players - 1)
            blocks = top + 1 + 5 + 1 + HUMAN_ROWS  # the others; the count and its cards; you
            free = max(play_h - blocks, 0)
            computer_y = 0
            table_y = top + 1 + min(free // 2, 3)
            human_y = table_y + 5 + 1 + min(free - free // 2, 4)
        messages_y = 3 * sides + 1  # the board: a name line and two tracks a side, and its foot
        return Layout(
            rows=rows,
            cols=cols,
            lane=lane,
            computer_y=computer_y,
            table_y=table_y,
            human_y=human_y,
            right_x=right_x,
            right_w=right_w,
            messages_y=messages_y,
            messages_h=max(rows - 2 - messages_y, 0),
            prompt_y=rows - 2,
            keys_y=rows - 1,
            players=players,
            others_y=others_y,
        )


@dataclass(frozen=True, slots=True)
class HandPicture:
    """How your hand is drawn now: the cursor, the cards chosen, the cards that can be chosen."""

    cursor: int | None = None
    chosen: frozenset[Card] = frozenset()
    choosable: frozenset[Card] | None = None
    """None: every card looks normal; else the others are dimmed."""


@dataclass(frozen=True, slots=True)
class CutPicture:
    """The pack spread for a cut, with the cut at `position` (cards in the top packet)."""

    size: int
    position: int
    low: int
    high: int


_BACK: Final = Style(Color.BLUE)
_DIM: Final = Style(dim=True)
_BOLD: Final = Style(bold=True)
_TITLE: Final = Style(bold=True)
_SEAT_COLORS: Final = (Color.GREEN, Color.CYAN, Color.MAGENTA, Color.YELLOW)
_TONES: Final = {
    Tone.INFO: Style(),
    Tone.HUMAN: Style(Color.GREEN),
    Tone.COMPUTER: Style(Color.CYAN),
    Tone.RESULT: Style(Color.YELLOW, bold=True),
    Tone.ERROR: Style(Color.RED, bold=True),
    Tone.TALK: Style(Color.MAGENTA),
}


def note_lines(words: str) -> list[str]:
    """What a hand shown on the table says of its count (`Note.words`), in the lines under
    its cards."""
    return wrap(words[:1].upper() + words[1:], LEFT_WIDTH - 1)


def seat_style(seating: Seating, seat: int) -> Style:
    """How a seat's name and pegs look: you in green, the computer in cyan; with more
    players each its own colour, or with partners a colour a partnership."""
    if seating.partners:
        return Style(_SEAT_COLORS[seating.side_of(seat)], bold=True)
    return Style(_SEAT_COLORS[seat], bold=True)


def won_label(
    count: int, match_points: bool = False, of: int | None = None, *, compact: bool = False
) -> str:
    """What a player has won, for the board: games, or match points when a match is scored
    in them, `of` the match points that win the match when it goes to a number of them;
    `compact`, match points in fewer letters, to leave a long name room beside them.

    >>> won_label(1), won_label(3), won_label(1, True), won_label(4, True)
    ('won 1 game', 'won 3 games', '1 match point', '4 match points')
    >>> won_label(0, True, of=3), won_label(2, True, 15, compact=True)
    ('match 0 of 3', 'match 2/15')
    >>> won_label(1, True, compact=True), won_label(4, True, compact=True)
    ('1 match pt', '4 match pts')
    """
    if match_points and of is not None:
        return f"match {count}/{of}" if compact else f"match {count} of {of}"
    if match_points:
        if compact:
            return f"{count} match pt{'' if count == 1 else 's'}"
        return f"{count} match point{'' if count == 1 else 's'}"
    return f"won {count} game{'' if count == 1 else 's'}"


_TITLE_FRAME: Final = 5
"""The corners and rules of a side's line on the board: '┌─', one '─' at least between the
name and what was won, and '─┐'."""


def _score_title(name: str, score: int) -> str:
    """A side's name and score on its line of the board, a colon between them so that a
    name ending in a number ('Computer 2', 'Ann 2') is not read as one with the score."""
    return f" {name}: {score} "


def _count_notes(seating: Seating, gone: list[int], hidden: int, x: int) -> tuple[str, str]:
    """Who said go, and how many cards of the count are left out before those shown, in
    words that fit on the line from column `x`: the seats' names, or if they are too long
    the labels under the cards ('you, An2 and Co2 said go'), and '+2' for '(+2 before)'."""
    saids = [""]
    if gone:
        names = [seating.object(seat) for seat in gone]
        saids = [f"{listed(names)} said go", f"{listed([seating.label(s) for s in gone])} said go"]
    befores = [f"(+{hidden} before)", f"+{hidden}"] if hidden > 0 else [""]
    for said in saids:
        for before in befores:
            if x + len(said) + 3 * bool(said and before) + len(before) < LEFT_WIDTH:
                return said, before
    return saids[-1], befores[-1]


class Painter:
    """Draws the parts of the game on a `Screen` with one set of glyphs."""

    def __init__(self, screen: Screen, glyphs: Glyphs) -> None:
        self.screen = screen
        self.g = glyphs

    # -- cards

    def card(
        self,
        y: int,
        x: int,
        card: Card | None,
        *,
        cursor: bool = False,
        dim: bool = False,
    ) -> None:
        """One card, face up, or its back when `card` is None."""
        g = self.g
        edge = Style(reverse=cursor, bold=cursor, dim=dim and not cursor)
        inner = g.side
        if card is None:
            face, face_style = g.back * 3, Style(Color.BLUE, reverse=cursor)
        else:
            face = g.card(card).rjust(3)
            red = card.suit.is_red
            face_style = Style(
                Color.RED if red else None,
                bold=not dim or cursor,
                dim=dim and not cursor,
                reverse=cursor,
            )
        self.screen.put(y, x, g.top[0] + g.top[1] * 3 + g.top[2], edge)
        self.screen.put(y + 1, x, inner, edge)
        self.screen.put(y + 1, x + 1, face, face_style)
        self.screen.put(y + 1, x + 4, inner, edge)
        self.screen.put(y + 2, x, g.bottom[0] + g.bottom[1] * 3 + g.bottom[2], edge)

    def empty_slot(self, y: int, x: int) -> None:
        """The outline of a place where a card will lie."""
        dot = self.g.dot
        self.screen.put(y, x, dot * CARD_WIDTH, _DIM)
        self.screen.put(y + 1, x, dot + "   " + dot, _DIM)
        self.screen.put(y + 2, x, dot * CARD_WIDTH, _DIM)

    def hand(
        self, y: int, cards: Sequence[Card | None], picture: HandPicture = HandPicture()
    ) -> None:
        """A row of cards at row `y` (chosen ones raised a row), with the cursor marked below."""
        for i, card in enumerate(cards):
            x = i * CARD_WIDTH
            chosen = card is not None and card in picture.chosen
            dim = picture.choosable is not None and card not in picture.choosable
            self.card(y - 1 if chosen else y, x, card, cursor=picture.cursor == i, dim=dim)
        if picture.cursor is not None and 0 <= picture.cursor < len(cards):
            self.screen.put(
                y + CARD_HEIGHT, picture.cursor * CARD_WIDTH + 2, self.g.arrows[2], _BOLD
            )

    # -- the left side: hands, table, crib and starter

    def table(
        self, layout: Layout, table: Table, picture: HandPicture, cut: CutPicture | None
    ) -> None:
        """The card area: the hands, the table, the crib and the starter."""
        if layout.players != 2:
            self.round_table(layout, table, picture, cut)
            return
        screen = self.screen
        seating = table.seating
        for seat, y in ((Seat.COMPUTER, layout.computer_y), (Seat.HUMAN, layout.human_y)):
            label = seating.name(seat) + (" (dealer)" if table.dealer == seat else "")
            screen.put(y, 0, label, seat_style(seating, seat))
            cards = table.hands[seat]
            if table.cuts[seat] is not None:
                self.card(y + (1 if seat == Seat.COMPUTER else 2), 0, table.cuts[seat])
            elif seat == Seat.HUMAN:
                self.hand(y + 2, cards, picture)
            else:
                self.hand(y + 1, cards if table.face_up[seat] else [None] * len(cards))
            if table.dealer == seat:
                self.crib_and_starter(y + (1 if seat == Seat.COMPUTER else 2), table)
        if table.dealer is None and table.phase is Phase.CUT_FOR_DEAL and cut is None:
            self.crib_and_starter(layout.table_y + 1, table)
        self.middle(layout, table, cut)

    def round_table(
        self, layout: Layout, table: Table, picture: HandPicture, cut: CutPicture | None
    ) -> None:
        """Three or four at the table: the others in turn at the top, the crib and the starter
        beside them, the count in the middle and your hand below."""
        screen = self.screen
        seating = table.seating
        owner = ""
        if table.dealer is not None:
            owner = "yours" if table.dealer == Seat.HUMAN else seating.whose(table.dealer)
        owner_x = CRIB_X + 2 - len(owner) // 2
        for seat, y in zip(range(1, layout.players), layout.others_y, strict=True):
            # the crib's owner is named under it, on a seat's line at four players
            end = min(CRIB_X, owner_x - 1) if owner and y == OWNER_Y else CRIB_X
            self.seat_line(y, seating, table, seat, end)
            self.seat_cards(y + 1, 2, table, seat)
        y = layout.human_y
        self.seat_line(y, seating, table, Seat.HUMAN)
        if table.cuts[Seat.HUMAN] is not None:
            self.card(y + 2, 0, table.cuts[Seat.HUMAN])
        else:
            self.hand(y + 2, table.hands[Seat.HUMAN], picture)
        self.crib_and_starter(0, table)
        if owner:
            screen.put(OWNER_Y, owner_x, owner, _DIM)
        self.middle(layout, table, cut)

    def seat_line(
        self, y: int, seating: Seating, table: Table, seat: int, end: int = CRIB_X
    ) -> None:
        """A seat's name and what it is doing: its turn (a mark before the name), dealing,
        partnering you, its go, or the points of its hand once shown; all of it left of
        column `end` (less a space), the name giving way first, then the roles."""
        if table.turn == seat:
            self.screen.put(y, 0, self.g.arrows[1], _BOLD)
        roles = [
            role
            for role, holds in (
                ("partner", seating.is_partner(seat)),
                ("dealer", table.dealer == seat),
            )
            if holds
        ]
        said = ""
        if seat in table.passed:
            said = "go"
        elif seat in table.shown:
            worth, pegged = table.shown[seat], table.pegged.get(seat)
            said = f"counted {worth}" if pegged in (None, worth) else f"pegged {pegged} of {worth}"
        # left of the crib and the starter: a long name gives way first, then the roles
        # (a partner is named on the board too), never what the seat is doing
        name = seating.name(seat)
        for kept in (roles, [r for r in roles if r != "partner"], []):
            roles_said = f" ({', '.join(kept)})" if kept else ""
            room = end - 1 - 2 - len(roles_said) - (len(said) + 2 if said else 0)
            if room >= min(len(name), _SHORTEST_NAME):
                break
        label = shorten(name, max(room, 1), self.g.ellipsis) + roles_said
        self.screen.put(y, 2, label, seat_style(seating, seat))
        if said:
            self.screen.put(y, 2 + len(label) + 2, said, _BOLD)

    def seat_cards(self, y: int, x: int, table: Table, seat: int) -> None:
        """Another seat's cards in a line: its cut for the deal, or the backs of the cards it
        holds and then the cards it has played this hand, or its hand once shown."""
        cut = table.cuts[seat]
        if cut is not None:
            self.screen.put(y, x, "cut", _DIM)
            self.card_text(y, x + 4, cut)
            return
        if table.face_up[seat]:  # shown, or every card in a replay
            for card in table.hands[seat]:
                if card is not None:
                    x = self.card_text(y, x, card) + 1
            if table.phase is Phase.PLAY:
                for card in table.played[seat]:
                    x = self.card_text(y, x + 1, card, dim=True)
            return
        for _ in table.hands[seat]:
            self.screen.put(y, x, self.g.back * 2, _BACK)
            x += 3
        if table.hands[seat] and table.phase is not Phase.PLAY:
            return  # the cards played are picked up again for the show
        if table.played[seat]:
            if table.hands[seat]:
                x += 1  # a wider gap after the backs
            for card in table.played[seat]:
                x = self.card_text(y, x, card, dim=True) + 1

    def card_text(self, y: int, x: int, card: Card, *, dim: bool = False) -> int:
        """A card as text ('8♣', red for hearts and diamonds); returns the column after it."""
        text = self.g.card(card)
        style = Style(Color.RED if card.suit.is_red else None, bold=not dim, dim=dim)
        self.screen.put(y, x, text, style)
        return x + len(text)

    def crib_and_starter(self, y: int, table: Table) -> None:
        """The crib (face down until it is counted) and the starter, or the pack before it,
        as cards at row `y` with their names below."""
        screen = self.screen
        if table.dealer is not None:
            crib = len(table.crib)
            screen.put(y + CARD_HEIGHT, CRIB_X, "crib", _DIM)
            if not crib or (table.note is not None and table.note.crib):
                self.empty_slot(y, CRIB_X)  # empty, or face up in the middle while counted
            else:
                self.card(y, CRIB_X, None)
                if crib < 4:
                    screen.put(y + 1, CRIB_X + 2, str(crib), _BOLD)
        if table.starter is not None:
            screen.put(y + CARD_HEIGHT, STARTER_X - 1, "starter", _DIM)
            self.card(y, STARTER_X, table.starter)
        elif table.pack:
            screen.put(y + CARD_HEIGHT, STARTER_X, "pack", _DIM)
            self.card(y, STARTER_X, None)

    def middle(self, layout: Layout, table: Table, cut: CutPicture | None) -> None:
        """The table between the hands: the count, a cut in progress, or a hand being shown."""
        screen = self.screen
        seating = table.seating
        y = layout.table_y
        if cut is not None:
            self.cut(y, cut, CUT_FOR_DEAL if table.phase is Phase.CUT_FOR_DEAL else CUT_FOR_STARTER)
            return
        note = table.note
        if note is not None:
            what = "crib" if note.crib else "hand"
            owner = seating.whose(note.seat)
            total = f": {note.score.total}" if note.score is not None else " (yours to count)"
            screen.put(y, 0, f"{owner} {what}{total}", seat_style(seating, note.seat))
            shown = list(note.cards)
            for i, card in enumerate(shown):
                self.card(y + 1, i * CARD_WIDTH, card)
            if table.starter is not None:
                self.card(y + 1, len(shown) * CARD_WIDTH + 2, table.starter)
            words = note_lines(note.words)
            room = layout.human_y - (y + 4)
            for i, text in enumerate(words[:room]):
                screen.put(y + 4 + i, 0, text)
            return
        if table.phase is Phase.CUT_FOR_DEAL:
            screen.put(y, 0, CUT_FOR_DEAL, _TITLE)
            return
        if table.phase is Phase.DISCARD:
            two = table.config.discards == 2
            verb = "Each lays away" if table.watching else "Lay away"
            cards = "two cards" if two else "one card"
            crib = "the"
            if not two:
                crib = seating.possessive(table.dealer or 0)
            said = f"{verb} {cards} to {crib} crib."
            if len(said) >= LEFT_WIDTH:  # a long name: the crib says whose it is
                said = f"{verb} {cards} to the crib."
            screen.put(y, 0, said, _TITLE)
            return
        if table.phase is Phase.CUT_STARTER:
            screen.put(y, 0, CUT_FOR_STARTER, _TITLE)
            return
        self.count(y, seating, table)

    def count(self, y: int, seating: Seating, table: Table) -> None:
        """The count, who said go, and the cards of the count with who laid each one; when
        they do not fit side by side, they overlap, and the oldest give way."""
        screen = self.screen
        label = f"Count: {table.count}"
        screen.put(y, 0, label, _TITLE)
        x = len(label) + 3
        pile = table.pile
        step = CARD_WIDTH if len(pile) * CARD_WIDTH <= LEFT_WIDTH else CARD_WIDTH - 1
        room = (LEFT_WIDTH - 1) // step
        said, before = _count_notes(seating, sorted(table.passed), len(pile) - room, x)
        if said:
            screen.put(y, x, said, _DIM)
            x += len(said) + 3
        if before:
            screen.put(y, x, before, _DIM)
            pile = pile[-room:]
        for i, (seat, card) in enumerate(pile):
            self.card(y + 1, i * step, card)
            name = seating.label(seat)
            screen.put(y + 4, i * step + (step - len(name)) // 2, name, _DIM)

    def cut(self, y: int, cut: CutPicture, title: str = CUT_FOR_STARTER) -> None:
        """The pack seen edge-on under `title`, the top packet lifted, where the cut is, and
        where the pack may be cut."""
        width = LEFT_WIDTH - 2
        step = max(1, -(-cut.size // width))
        slivers = -(-cut.size // step)
        lifted = -(-cut.position // step)
        sliver = self.g.sliver
        self.screen.put(y, 0, title, _TITLE)
        self.screen.put(y + 1, 1, sliver * lifted, _BACK)
        self.screen.put(y + 2, 1 + lifted, sliver * (slivers - lifted), _BACK)
        self.screen.put(y + 3, 1 + lifted, self.g.arrows[2], _BOLD)
        self.screen.put(
            y + 4, 0, f"{cut.position} cards off the top, {cut.size - cut.position} left."
        )
        for i, line in enumerate(textwrap.wrap(cut_rule(cut.size), LEFT_WIDTH - 1)):
            self.screen.put(y + 5 + i, 0, line, _DIM)

    # -- the right side: board and messages

    def board(
        self,
        layout: Layout,
        table: Table,
        target: int,
        won: Sequence[int],
        *,
        match_points: bool = False,
        of: int | None = None,
    ) -> None:
        """Two tracks a side (a player, or a partnership), going out and back; front and back
        pegs; scores; and what each has won: games, or with `match_points` the match points of
        a match (`of` those that win it, in a match to match points). Yours are at the
        bottom, the others above in turn. A side's name too long to leave its score and what
        it has won whole beside it is shortened."""
        lane = layout.lane if target > 2 * NARROW_LANE + 1 else NARROW_LANE
        width = _board_width(lane)
        x0 = layout.right_x
        h, v, tl, tr, bl, br, lt, rt = tuple(self.g.box)
        screen = self.screen
        seating = table.seating
        order = seating.board_order()
        titles = self._titles(width, table, won, match_points, of)
        for n, side in enumerate(order):
            y = 3 * n
            style = seat_style(seating, seating.seats_of(side)[0])
            left, right = (tl, tr) if n == 0 else (lt, rt)
            screen.put(y, x0, left + h * (width - 2) + right, _DIM)
            name, label = titles[side]
            screen.put(y, x0 + 2, name, style)
            screen.put(y, x0 + width - 2 - len(label), label, _DIM)
            for row in (1, 2):
                screen.put(y + row, x0, v, _DIM)
                screen.put(y + row, x0 + width - 1, v, _DIM)
                holes = "".join(
                    self.g.hole * 5 + (" " if group < lane // 5 - 1 else "")
                    for group in range(lane // 5)
                )
                screen.put(y + row, x0 + 1, holes, _DIM)
            self.pegs(y, x0, lane, target, table.scores[side], table.back_pegs[side], style)
        foot = 3 * len(order)
        bottom = bl + h * (width - 2) + br
        screen.put(foot, x0, bottom, _DIM)
        goal = f" {target} "
        screen.put(foot, x0 + (width - len(goal)) // 2, goal, _DIM)

    def _titles(
        self, width: int, table: Table, won: Sequence[int], match_points: bool, of: int | None
    ) -> list[tuple[str, str]]:
        """Each side's name and score, and what it has won, for its line of a board `width`
        wide, with a rule between them. A name too long for its line is shortened, after
        match points are said in fewer letters on every line if that lets it be whole."""
        seating = table.seating
        for compact in (False, True):
            labels = [
                f" {won_label(won[side], match_points, of, compact=compact)} "
                for side in range(seating.sides)
            ]
            rooms = [
                width - _TITLE_FRAME - len(labels[side] + _score_title("", table.scores[side]))
                for side in range(seating.sides)
            ]
            if all(len(seating.side_name(side)) <= rooms[side] for side in range(seating.sides)):
                break
        return [
            (
                _score_title(
                    seating.side_name(side, width=rooms[side], ellipsis=self.g.ellipsis),
                    table.scores[side],
                ),
                labels[side],
            )
            for side in range(seating.sides)
        ]

    def pegs(
        self, y: int, x0: int, lane: int, target: int, front: int, back: int, style: Style
    ) -> None:
        """A player's two pegs on their tracks, out along the first and back along the second;
        the peg that reaches the target stands in the back lane's last hole, by the border."""
        for score, glyph in ((back, self.g.back_peg), (front, self.g.front_peg)):
            if score <= 0 or (glyph is self.g.back_peg and score == front):
                continue
            hole = 2 * lane - 1 if score >= target else (score - 1) % (2 * lane)
            row, column = (1, hole) if hole < lane else (2, 2 * lane - 1 - hole)
            self.screen.put(y + row, x0 + 1 + column + column // 5, glyph, style)

    def messages(self, layout: Layout, log: MessageLog) -> None:
        """The newest messages that fit, with marks when older or newer ones are scrolled away."""
        x, width, top, height = (
            layout.right_x + 1,
            layout.right_w - 1,
            layout.messages_y,
            layout.messages_h,
        )
        lines, older, newer = log.window(width, height)
        for i, line in enumerate(lines):
            self.screen.put(top + height - len(lines) + i, x, line.text, _TONES[line.tone])
        # both in the keys' names alone, which leaves the target in the middle of the edge
        marks = _SCROLL_MARKS[older, newer]
        if marks:
            board_end = layout.right_x + _board_width(layout.lane)  # on the board's bottom edge
            self.screen.put(top - 1, board_end - len(marks) - 3, f" {marks} ", _DIM)

    # -- the bottom lines, overlays

    def prompt(self, layout: Layout, text: str, typed: str, keys: str) -> None:
        """The question being asked (with what has been typed) and the keys that answer it."""
        self.screen.put(layout.prompt_y, 0, text, _BOLD)
        if typed:
            self.screen.put(layout.prompt_y, len(text) + 1, typed, Style(underline=True))
        self.screen.put(layout.keys_y, 0, keys, _DIM)

    def overlay(
        self, layout: Layout, title: str, lines: Sequence[str], *, spare_rows: int = 0
    ) -> None:
        """A framed box in the middle of the screen, above its last `spare_rows` rows.

        On a screen too small for the box its frame stays whole: the lines that do not fit
        are left out, and a line too long is cut at the right-hand border.
        """
        rows = layout.rows - spare_rows
        width = min(max([len(line) for line in lines] + [len(title)]) + 4, layout.cols)
        height = min(len(lines) + 2, rows)
        y0 = max((rows - height) // 2, 0)
        x0 = max((layout.cols - width) // 2, 0)
        self._box(y0, x0, width, height, title, lines)

    def beside_messages(self, layout: Layout, title: str, paragraphs: Sequence[str]) -> None:
        """A framed box over the card area, above the question, so that the messages beside
        it stay in sight (the end of a game, whose last messages say how it ended). Each of
        `paragraphs` is wrapped to the box, "" a blank line; the lines that do not fit are
        left out."""
        room = LEFT_WIDTH - 1  # a column clear of the board's border and the messages
        lines = [line for paragraph in paragraphs for line in wrap(paragraph, room - 4) or [""]]
        width = min(max([len(line) + 4 for line in lines] + [len(title) + 6]), room)
        height = min(len(lines) + 2, layout.prompt_y)
        y0 = (layout.prompt_y - height) // 2
        self._box(y0, (room - width) // 2, width, height, title, lines)

    def _box(
        self, y0: int, x0: int, width: int, height: int, title: str, lines: Sequence[str]
    ) -> None:
        """A box `width` by `height` at row `y0`, column `x0`, `title` in its top edge, and
        as many of `lines` as fit inside it, each cut at the right-hand border."""
        h, v, tl, tr, bl, br, _, _ = tuple(self.g.box)
        if width < 4 or height < 2:
            return
        inside = width - 4
        self.screen.put(y0, x0, tl + h * (width - 2) + tr, _BOLD)
        self.screen.put(y0, x0 + 2, f" {title} "[: width - 3], _TITLE)
        for i, line in enumerate(lines[: height - 2]):
            shown = line[:inside].ljust(inside)
            self.screen.put(y0 + 1 + i, x0, v + " " + shown + " " + v, Style())
        self.screen.put(y0 + height - 1, x0, bl + h * (width - 2) + br, _BOLD)

    def too_small(self, rows: int, cols: int, y: int = 0, *, lines: int = 3) -> int:
        """What a terminal smaller than the game needs shows, from row `y` in at most `lines`
        rows: the size needed, the size it is and what to do. Returns the row after it."""
        need, have = f"{MIN_COLS}x{MIN_ROWS}", f"{cols}x{rows}"
        said: list[str] = []
        for text in (
            f"cribbage needs a terminal of at least {need}; this one is {have}. "
            "Make the window larger to go on, or press q to quit.",
            f"cribbage needs at least {need} (now {have}): make the window larger, or q to quit.",
            f"Needs {need} (now {have}): make the window larger, or q to quit.",
            f"Needs {need} (now {have}): enlarge it, or q quits.",
            f"Needs {need} (now {have})",
            f"{need} needed",
        ):
            said = textwrap.wrap(text, max(cols, 1))
            if len(said) <= lines:
                break
        said = said[:lines]
        for i, line in enumerate(said):
            self.screen.put(y + i, 0, line)
        return y + len(said)
