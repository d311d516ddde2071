"""`cribbage.reasons`: every kind of claim checked against the engine over many deals, and the
hint's and `--discard`'s columns adding up to their totals."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from cribbage.calculator import discard_table, ranks_words, shown_figures
from cribbage.cards import DECK, Card, Rank
from cribbage.computer import Computer, DiscardOption, PlayOption, discard_options
from cribbage.computer.easy import four_card_points
from cribbage.computer.variant_discard import variant_discard_options
from cribbage.glyphs import ASCII
from cribbage.reasons import (
    TEN_VALUE,
    CribGets,
    HoldsBack,
    Invites,
    KeepsForPlay,
    KeptScore,
    NoReplyPegs,
    Pegs,
    PlaysAfterTen,
    StarterAdds,
    discard_reasons,
    play_reasons,
)
from cribbage.rules import GameConfig
from cribbage.scoring import ScoreKind, score_hand, score_play
from cribbage.ui.words import hint_lines, play_reason_texts

DEALS = 100
"""Deals of each game each discard property is checked over."""

GAMES = {
    "two": GameConfig(),
    "three": GameConfig(players=3),
    "four": GameConfig(players=4),
    "partners": GameConfig(players=4, partners=True),
    "five-card": GameConfig(five_card=True),
}


def options_of(config: GameConfig, rng: random.Random) -> tuple[DiscardOption, ...]:
    """The expert's options for a random deal of `config`, dealer or not at random."""
    dealt = rng.sample(DECK, config.hand_size)
    if config.players == 2 and not config.five_card:
        near_the_end = rng.random() < 0.2  # then the chance of winning is shown too
        scores = (rng.randint(100, 119), rng.randint(100, 119)) if near_the_end else (0, 0)
        return discard_options(
            dealt, dealer=rng.random() < 0.5, my_score=scores[0], opp_score=scores[1]
        )
    return variant_discard_options(dealt, config, 0, rng.randrange(config.players))


def check_discard_claim(claim: object, best: DiscardOption, other: DiscardOption | None) -> None:
    """One claim about a discard, checked against the show and play scorers."""
    dealt = set(best.keep) | set(best.discard)
    unseen = [card for card in DECK if card not in dealt]
    match claim:
        case KeptScore(keep=keep, items=items):
            assert keep in (best.keep, *(() if other is None else (other.keep,)))
            shows = [score_hand(keep, starter).total for starter in unseen]
            assert claim.points == min(shows)  # whatever the starter
            if len(keep) == 4:
                assert claim.points == four_card_points(keep)  # an independent scorer
            assert all(set(item.cards) <= set(keep) for item in items)
        case StarterAdds(keep=keep, ranks=ranks, points=points, most=most):
            base = min(score_hand(keep, starter).total for starter in unseen)
            gains = {s: score_hand(keep, s).total - base for s in unseen}
            ours = [gain for s, gain in gains.items() if s.rank in ranks]
            assert all(points <= gain <= most for gain in ours)
            assert min(ours) == points and max(ours) == most and points > 0
            assert all(gain < points for s, gain in gains.items() if s.rank not in ranks)
            assert claim.starters == len(ours) and claim.unseen == len(unseen)
        case CribGets(thrown=thrown, what=what, own=own):
            assert own == (best.crib >= 0)
            if other is None:  # on its own: what the best gives a crib of one's own
                assert own and thrown == best.discard
                other = best
            giver = best if thrown == best.discard else other
            assert thrown == giver.discard
            spare = other if giver is best else best
            pairs = [(a, b) for i, a in enumerate(thrown) for b in thrown[i + 1 :]]
            if what == "fifteen":
                assert any(a.value + b.value == 15 for a, b in pairs)
            elif what == "pair":
                assert any(a.rank == b.rank for a, b in pairs)
            else:
                assert any(card.rank is Rank.FIVE for card in thrown)
            if giver is not spare:  # the claim points the way the crib figures shown do
                assert round(giver.crib, 2) != round(spare.crib, 2)
                assert (giver.crib > spare.crib) == own
        case KeepsForPlay(keep=keep, cards=cards, what=what):
            assert other is not None
            higher = best if keep == best.keep else other
            lower = other if higher is best else best
            assert keep == higher.keep and higher.pegging > lower.pegging
            assert set(cards) <= set(keep)
            for card in cards:
                if what == "lead":
                    assert not any(
                        item.kind is ScoreKind.FIFTEEN
                        for reply in DECK
                        if reply != card
                        for item in score_play([card, reply]).items
                    )
                elif what == "pair":
                    assert sum(c.rank == card.rank for c in keep) >= 2
                else:
                    ten = next(c for c in unseen if c.value == TEN_VALUE)
                    assert score_play([ten, card]).items[0].kind is ScoreKind.FIFTEEN
        case _:
            raise AssertionError(f"an unknown claim {claim!r}")


@pytest.mark.parametrize("name", list(GAMES))
def test_every_discard_claim_holds_in_the_engine(name: str) -> None:
    rng = random.Random(f"discard reasons {name}")
    kinds: set[str] = set()
    for _ in range(DEALS):
        options = options_of(GAMES[name], rng)
        for other in (None, options[1], options[-1]):
            reasons = discard_reasons(options[0], other)
            for claim in reasons.claims:
                check_discard_claim(claim, options[0], other)
                kinds.add(type(claim).__name__)
    assert {"KeptScore", "StarterAdds", "CribGets"} <= kinds  # the deals said something
    if name == "two":
        assert "KeepsForPlay" in kinds


def check_play_claim(
    claim: object,
    best: PlayOption,
    other: PlayOption | None,
    pile: Sequence[Card],
    hand: Sequence[Card],
    unseen: Sequence[Card],
) -> None:
    """One claim about a play, checked against `score_play`."""
    match claim:
        case Pegs(card=card, score=score):
            assert score.total > 0 and score_play([*pile, card]) == score
            if other is not None and card == other.card:  # the other pegs more now
                assert score.total > score_play([*pile, best.card]).total
        case Invites(card=card, ranks=ranks, score=score):
            count = claim.count
            assert count == sum(c.value for c in pile) + card.value < 31
            fits = [u for u in unseen if count + u.value <= 31]
            kinds = [item.kind for item in score.items]
            named = [u for u in fits if u.rank in ranks]
            assert {u.rank for u in named} == set(ranks)
            for reply in named:  # "any ten gives the computer 31": every one of them
                made = score_play([*pile, card, reply])
                assert made.total == score.total and [i.kind for i in made.items] == kinds
            assert all(score_play([*pile, card, u]).total <= score.total for u in fits)
            if other is not None and card == other.card:  # it gives more than the best does
                after = sum(c.value for c in pile) + best.card.value
                threat = [
                    score_play([*pile, best.card, u]).total
                    for u in unseen
                    if after + u.value <= 31 and after < 31
                ]
                assert score.total > max(threat, default=0)
        case NoReplyPegs(card=card):
            count = sum(c.value for c in pile) + card.value
            assert all(
                score_play([*pile, card, u]).total == 0 for u in unseen if count + u.value <= 31
            )
        case PlaysAfterTen(card=card, answer=answer, score=score):
            assert card == best.card and answer in hand and answer != card
            tens = [u for u in unseen if u.value == TEN_VALUE]
            assert tens
            for ten in tens:
                assert sum(c.value for c in (*pile, card, ten, answer)) <= 31
                if score.total:
                    made = score_play([*pile, card, ten, answer])
                    assert made.total == score.total
                    assert [i.kind for i in made.items] == [i.kind for i in score.items]
        case HoldsBack(card=card, held=held):
            assert card == best.card
            assert sorted(held) == sorted(c for c in hand if c != card)
        case _:
            raise AssertionError(f"an unknown claim {claim!r}")


def random_position(rng: random.Random) -> tuple[list[Card], list[Card], set[Card]] | None:
    """A count in progress (fewer than 31), a hand of one to four cards, the cards seen."""
    pack = list(DECK)
    rng.shuffle(pack)
    pile: list[Card] = []
    for _ in range(rng.randrange(0, 5)):
        card = pack.pop()
        if sum(c.value for c in pile) + card.value >= 31:
            break
        pile.append(card)
    hand = [pack.pop() for _ in range(rng.randint(1, 4))]
    count = sum(c.value for c in pile)
    legal = [card for card in hand if count + card.value <= 31]
    if not legal:
        return None
    seen = set(pile) | set(hand) | {pack.pop() for _ in range(rng.randrange(0, 6))}
    return pile, hand, seen


def test_every_play_claim_holds_in_the_engine() -> None:
    rng = random.Random("play reasons")
    kinds: set[str] = set()
    tried = 0
    while tried < 1500:
        position = random_position(rng)
        if position is None:
            continue
        tried += 1
        pile, hand, seen = position
        count = sum(c.value for c in pile)
        legal = [card for card in hand if count + card.value <= 31]
        best = PlayOption(rng.choice(legal), 1.0)
        others = [card for card in legal if card.rank != best.card.rank]
        other = PlayOption(rng.choice(others), 0.0) if others else None
        unseen = [card for card in DECK if card not in seen]
        reasons = play_reasons(best, other, pile=pile, hand=hand, seen=seen)
        for claim in reasons.claims:
            check_play_claim(claim, best, other, pile, hand, unseen)
            kinds.add(type(claim).__name__)
    assert kinds == {"Pegs", "Invites", "NoReplyPegs", "PlaysAfterTen", "HoldsBack"}


def test_the_play_claims_of_real_hints_hold() -> None:
    cpu = Computer("expert", seed=3)
    rng = random.Random("real plays")
    checked = 0
    for _ in range(40):
        position = random_position(rng)
        if position is None:
            continue
        pile, hand, seen = position
        options = cpu.play_options(
            hand, sequence=pile, history=[("opponent", c) for c in pile], starter=None
        )
        other = options[1] if len(options) > 1 else None
        unseen = [card for card in DECK if card not in seen]
        for claim in play_reasons(options[0], other, pile=pile, hand=hand, seen=seen).claims:
            check_play_claim(claim, options[0], other, pile, hand, unseen)
            checked += 1
    assert checked


@pytest.mark.parametrize(
    ("pile", "card", "said"),
    [
        (["kh", "4c"], "7d", "a ten or a face card gives the computer thirty-one for two"),
        ([], "5d", "a ten or a face card gives the computer a fifteen for two"),
        (["7c"], "7d", "a seven gives the computer three of a kind for six"),
    ],
)
def test_the_words_of_a_play_name_the_cards_that_peg(pile: list[str], card: str, said: str) -> None:
    counted = [Card.parse(text) for text in pile]
    played = Card.parse(card)
    held = [played, Card.parse("2s")]
    reasons = play_reasons(PlayOption(played, 1.0), None, pile=counted, hand=held, seen=held)
    text = " ".join(play_reason_texts(reasons.claims, ASCII))
    assert said in text
    if counted and counted[-1].rank == played.rank:  # pairs the 7 for two, invites three
        assert "The 7D pegs a pair for two." in text


def test_ranks_are_named_as_a_player_names_them() -> None:
    assert ranks_words([10, 11, 12, 13]) == "a ten or a face card"
    assert ranks_words([11, 12]) == "a jack or a queen"  # not every ten-card: each is named


def _rows(lines: Sequence[str]) -> list[list[float]]:
    """The figures of each row of a discard table (the lines under its heading)."""
    start = next(n for n, line in enumerate(lines) if line.startswith("lay away")) + 1
    rows = []
    for line in lines[start:]:
        words = line.replace("%", "").split()
        figures = []
        for word in words:
            try:
                figures.append(float(word))
            except ValueError:
                continue
        if not figures or not line[:1].strip():
            break
        rows.append(figures)
    return rows


@pytest.mark.parametrize("name", list(GAMES))
def test_each_row_of_the_hint_and_of_discard_adds_up_as_shown(name: str) -> None:
    config = GAMES[name]
    rng = random.Random(f"columns {name}")
    for _ in range(DEALS):
        options = options_of(config, rng)
        pegging = any(option.pegging for option in options)
        for option in options:
            figures = shown_figures(
                option.hand,
                option.crib,
                option.pegging if pegging else None,
                option.heels,
                option.total,
            )
            *parts, total = figures
            assert abs(sum(parts) - total) < 0.005  # adds up, as shown
            true = [option.hand, option.crib, *([option.pegging] if pegging else [])]
            true += [option.heels, option.total]
            assert all(abs(f - t) <= 0.015 for f, t in zip(figures, true, strict=True))
        hint = hint_lines(options, ASCII)
        # the panel, with its blank line, its last line and its frame, clears the question
        # at the foot of an 80x24 screen
        assert len(hint) <= 17 and max(len(line) for line in hint) <= 76
        rows = _rows(hint)
        assert len(rows) == min(3, len(options))
        for row in rows:
            win = 1 if options[0].win is not None else 0
            *parts, total = row[: len(row) - win]
            assert abs(sum(parts) - total) < 0.01
    hand = rng.sample(DECK, config.hand_size)
    for dealing in range(config.players):
        table = discard_table(hand, dealer=dealing == 0, config=config, dealing=dealing)
        for row in _rows(table):
            *parts, total = row
            assert abs(sum(parts) - total) < 0.01
