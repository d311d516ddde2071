"""Reading the opponent: how likely it plays by the classic level's rule, and the play then."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from itertools import combinations
from typing import Final

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage.cards import DECK, Card, parse_cards
from cribbage.computer import Computer, PlayContext, Settings, Who, play_options
from cribbage.computer.classic import classic_choose_play, classic_play_index
from cribbage.computer.play import _decision, least_value_held
from cribbage.computer.reading import (
    LEAD_STYLES,
    PRIOR,
    RULES,
    SURE,
    TAKE_PRIOR,
    TREMBLE,
    lead_mix,
    likelihoods,
    may_matter,
    opponent_turns,
    pass_up_rate,
    passed_up,
    rule_share,
    rule_shares,
)
from cribbage.computer.search import PegSearch
from cribbage.rules import (
    Action,
    GameConfig,
    GameState,
    Phase,
    Play,
    apply,
    legal_plays,
    new_game,
    pending,
)
from cribbage.scoring import peg_points
from cribbage.view import view_for

from .support import random_action

FAR: Final = GameConfig(target=1000)


def _side(plays: tuple[tuple[int, Card], ...], seat: int) -> tuple[tuple[Who, Card], ...]:
    return tuple(("me" if s == seat else "opponent", card) for s, card in plays)


def _past(state: GameState, seat: int) -> tuple[tuple[tuple[Who, Card], ...], ...]:
    """The earlier deals' plays as `seat` sees them."""
    return tuple(_side(plays, seat) for plays in state.past_plays)


def _game(levels: tuple[str, str], seed: int, deals: int) -> GameState:
    """A game between two computer levels (seats 0 and 1) after `deals` deals."""
    cpus = [Computer(level, seed=seed + seat) for seat, level in enumerate(levels)]
    state = new_game(FAR, seed=seed, dealer=seed % 2)
    while len(state.past_plays) < deals:
        seat = pending(state)[0]
        state, _ = apply(state, cpus[seat].act(view_for(state, seat)))
    return state


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_classic_player_is_read_as_one_within_a_few_deals_and_a_loose_one_is_not(
    seed: int,
) -> None:
    state = _game(("easy", "classic"), seed, 4)
    assert rule_share(()) == PRIOR
    assert rule_share(_past(state, 0)) > SURE  # seat 0 reads the classic level
    assert rule_share(_past(state, 1)) < 1 - SURE  # seat 1 reads the easy level


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32))
def test_each_deal_weighs_every_card_played_by_the_rule_it_was_played_against(
    seed: int,
) -> None:
    """Seat 1 plays by the rule and seat 0 at random: after each deal, how much likelier the
    rule makes each seat's plays is the product, over its plays with a choice of ranks, of
    (1 - TREMBLE) times the choices where it played the rule's card and TREMBLE shared among
    the others' where it did not, the hand and the count taken from the game itself. So the
    rule's player is never read as less likely to play by it."""
    rng = random.Random(seed)
    ratios = [1.0, 1.0]

    def choose(state: GameState, seat: int) -> Card:
        legal = legal_plays(state, seat)
        rules_card = classic_choose_play(state.hands[seat], state.pile)
        card = rules_card if seat == 1 else rng.choice(legal)
        choices = len({c.rank for c in legal})
        if choices > 1:
            strayed = card.rank != rules_card.rank
            ratios[seat] *= choices * (TREMBLE / (choices - 1) if strayed else 1 - TREMBLE)
        return card

    for state in _deals_played(seed, 3, choose):
        for reader in (0, 1):
            turns = opponent_turns(_past(state, reader)[-1])
            by_rule, by_any = likelihoods(turns, ())
            assert by_rule / by_any == pytest.approx(ratios[1 - reader])
        assert math.prod(_ratio(plays) for plays in _past(state, 0)) >= 1.0
        ratios[:] = [1.0, 1.0]


def _deals_played(
    seed: int, deals: int, choose: Callable[[GameState, int], Card]
) -> Iterator[GameState]:
    """A game from `seed`, far from its end, in which `choose(state, seat)` picks every card
    played and every other action is any legal one: the state after each of its first
    `deals` deals (their plays in `past_plays`)."""
    rng = random.Random(seed)
    state = new_game(FAR, seed=seed, dealer=seed % 2)
    while len(state.past_plays) < deals:
        seat = pending(state)[0]
        action: Action
        if state.phase is Phase.PLAY:
            action = Play(seat, choose(state, seat))
        else:
            action = random_action(state, rng)
        dealt = state.hand_number
        state, _ = apply(state, action)
        if state.hand_number != dealt:
            yield state


def _ratio(plays: tuple[tuple[Who, Card], ...]) -> float:
    by_rule, by_any = likelihoods(opponent_turns(plays), ())
    return by_rule / by_any


@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 2**32),
    st.integers(4, 6),
    st.integers(0, 4),
    st.sampled_from(["classic", "highest", "random"]),
    st.booleans(),
)
def test_each_card_is_valued_by_both_accounts_in_the_proportion_the_plays_give(
    seed: int, skip: int, deals: int, way: str, styles: bool
) -> None:
    """With two cards or fewer left to the opponent (every holding searched), each card is
    worth (1 - s) times what it gets against the opponent's best replies, averaged over every
    set of cards it may hold, plus s times what it gets against the likeliest rule's replies,
    averaged over them weighed by how likely that rule makes its plays this deal; s is the
    chance of that rule from the earlier deals (classic play, `deals` of them) and this
    deal's plays (by the classic rule, plain habits' or at random), taken as 0 or 1 beyond
    `SURE`. The rules are the classic level's alone, or, with `styles`, each of `RULES`."""
    past = _past(_game(("classic", "classic"), seed, deals), 0)
    rng = random.Random(seed)
    state = new_game(FAR, seed=seed + 1, dealer=seed % 2)
    while state.phase is not Phase.PLAY or skip > 0:
        if state.phase is Phase.PLAY:
            skip -= 1
            mover = state.to_move
            assert mover is not None
            hand = state.hands[mover]
            if way == "random":
                card = rng.choice(legal_plays(state, mover))
            elif way == "classic":
                card = classic_choose_play(hand, state.pile)
            else:
                card = _highest_card(hand, state.pile)
            state, _ = apply(state, Play(mover, card))
        else:
            state, _ = apply(state, random_action(state, rng))
    seat = state.to_move
    assert seat is not None and state.starter is not None
    theirs = len(state.hands[1 - seat])
    if theirs > 2 or theirs == 0:
        return
    history = _side(state.history, seat)
    context = PlayContext(
        state.hands[seat],
        sequence=state.pile,
        history=history,
        starter=state.starter,
        discards=state.discards[seat],
        past_plays=past,
    )
    options = play_options(
        context,
        settings=Settings(
            prior=False, samples=10_000, later_samples=10_000, aware=False, styles=styles
        ),
    )
    seen = set(state.kept[seat]) | set(state.discards[seat]) | {c for _, c in state.history}
    seen.add(state.starter)
    least = least_value_held(history, state.pile)
    unseen = [c for c in DECK if c not in seen and c.value >= least]
    mine = tuple(sorted(int(card.rank) for card in state.hands[seat]))
    count_ranks = tuple(int(card.rank) for card in state.pile)
    turns = opponent_turns(history)
    holdings = [tuple(sorted(int(c.rank) for c in combo)) for combo in combinations(unseen, theirs)]
    rules = RULES if styles else (classic_play_index,)
    priors = rule_shares(past) if styles else (rule_share(past),)
    rule_likely = [[likelihoods(turns, held, rule)[0] for held in holdings] for rule in rules]
    any_likely = sum(likelihoods(turns, held)[1] for held in holdings)
    mixture = [prior * sum(likely) for prior, likely in zip(priors, rule_likely, strict=True)]
    k = max(range(len(rules)), key=lambda k: mixture[k])
    share = mixture[k] / (sum(mixture) + (1 - sum(priors)) * any_likely)
    share = 0.0 if share <= 1 - SURE else 1.0 if share >= SURE else share
    best, rule = PegSearch(), PegSearch(reply=rules[k])
    for option in options:
        rank = int(option.card.rank)
        against_best = sum(
            best.move(mine, held, count_ranks, state.count, rank) for held in holdings
        ) / len(holdings)
        against_rule = sum(
            w * rule.move(mine, held, count_ranks, state.count, rank)
            for w, held in zip(rule_likely[k], holdings, strict=True)
        ) / sum(rule_likely[k])
        assert option.points == pytest.approx((1 - share) * against_best + share * against_rule)


def _highest_card(hand: Sequence[Card], pile: Sequence[Card]) -> Card:
    """The card a player of plain habits plays: the most points at once, else the highest."""
    legal = [card for card in hand if card.value + sum(c.value for c in pile) <= 31]
    ranks = [int(c.rank) for c in pile]
    return max(legal, key=lambda card: (peg_points([*ranks, card.rank]), card.value, card.rank))


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32), st.floats(-20.0, 0.0), st.booleans())
def test_plays_that_may_not_matter_never_bring_the_rule_into_account(
    seed: int, log_share: float, by_rule: bool
) -> None:
    """When `may_matter` says the opponent's cards of a deal so far cannot make the rule's
    chance more than `1 - SURE`, its plays, by the rule or at random, with the hand it holds,
    are not likely enough to."""
    rng = random.Random(seed)
    state = new_game(FAR, seed=seed, dealer=seed % 2)
    while state.phase is not Phase.PLAY or rng.random() < 0.85:
        mover = state.to_move
        if state.phase is Phase.PLAY and by_rule and mover is not None:
            card = classic_choose_play(state.hands[mover], state.pile)
            state, _ = apply(state, Play(mover, card))
        else:
            state, _ = apply(state, random_action(state, rng))
        if state.phase is not Phase.PLAY and state.hand_number > 1:
            return
    seat = 1 - state.pone  # the dealer reads the pone's plays so far
    turns = opponent_turns(_side(state.history, seat))
    share = math.exp(log_share)
    held = tuple(sorted(int(card.rank) for card in state.hands[1 - seat]))
    rule_likely, any_likely = likelihoods(turns, held)
    after = share * rule_likely / (share * rule_likely + (1 - share) * any_likely)
    assert may_matter(share, len(turns)) or after <= 1 - SURE


def _habits_game(seed: int, deals: int, stray: bool = False) -> GameState:
    """A game after `deals` deals in which seat 1 plays by plain habits (the most points at
    once, else its highest card) and seat 0 at random; with `stray`, seat 1's first card
    with a choice in the last deal is another one than the habit's."""
    rng = random.Random(seed)
    state = new_game(FAR, seed=seed, dealer=seed % 2)
    strayed = False
    while len(state.past_plays) < deals:
        seat = pending(state)[0]
        if state.phase is Phase.PLAY:
            legal = legal_plays(state, seat)
            card = rng.choice(legal)
            if seat == 1:
                card = _highest_card(state.hands[1], state.pile)
                others = [c for c in legal if c.rank != card.rank]
                if stray and not strayed and len(state.past_plays) == deals - 1 and others:
                    card, strayed = rng.choice(others), True
            action: Action = Play(seat, card)
        else:
            action = random_action(state, rng)
        state, _ = apply(state, action)
    return state


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_player_of_plain_habits_is_read_as_one_and_the_classic_level_as_its_rule(
    seed: int,
) -> None:
    habits = rule_shares(_past(_habits_game(seed, 4), 0))
    assert habits[1] > SURE  # the second rule of RULES: the highest card
    classic = rule_shares(_past(_game(("easy", "classic"), seed, 4), 0))
    assert classic[0] > SURE
    loose = rule_shares(_past(_game(("easy", "classic"), seed, 4), 1))  # the easy level
    assert max(loose) < 1 - SURE


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 3))
def test_deals_by_a_rule_never_lower_its_chance_and_one_stray_card_does_not_rule_it_out(
    seed: int, deals: int
) -> None:
    """Every deal played by a rule makes that rule likelier against no rule; a stray card
    makes it at most TREMBLE times as likely (each of the others by the rule only likelier),
    so it stays in account."""
    past = _past(_habits_game(seed, deals + 1, stray=True), 0)

    def odds(deals: int) -> float:
        shares = rule_shares(past[:deals])
        return shares[1] / (1 - sum(shares))

    for done in range(deals):
        assert odds(done + 1) >= odds(done) * (1 - 1e-9)
    assert odds(deals + 1) >= odds(deals) * TREMBLE
    assert rule_shares(past)[1] > 0.0


@settings(max_examples=100, deadline=None)
@given(st.lists(st.lists(st.integers(1, 13), min_size=4, max_size=4), min_size=1, max_size=6))
def test_leads_of_the_highest_card_never_lower_its_share_and_one_stray_lead_keeps_it(
    hands: list[list[int]],
) -> None:
    """A pone that leads its highest card makes that style no less likely with every lead;
    three such leads and one of its lowest card still leave it in account."""
    suits = "cdhs"

    def deal(ranks: list[int], led: int) -> tuple[tuple[Who, Card], ...]:
        ranks = sorted(ranks)
        order = [ranks.pop(ranks.index(led)), *ranks]
        cards = [Card.parse(f"{'a23456789tjqk'[r - 1]}{suits[k]}") for k, r in enumerate(order)]
        return tuple(("opponent", card) for card in cards)

    highest = LEAD_STYLES.index("highest")
    past = [deal(h, max(h)) for h in hands]
    shares = [lead_mix(past[:k])[highest] for k in range(len(past) + 1)]
    assert shares == sorted(shares)
    if len(past) >= 3 and min(hands[-1]) < max(hands[-1]):
        with_stray = lead_mix([*past, deal(hands[-1], min(hands[-1]))])
        assert with_stray[highest] > 0.0


def test_the_expert_reads_its_opponent_across_the_games_of_a_match() -> None:
    from cribbage.computer.settings import PRESETS
    from cribbage.match import MatchConfig, apply_match, new_match, next_game

    classic = Computer("classic", seed=7)
    match = new_match(MatchConfig(games=3), GameConfig(target=61), seed=7)
    while match.game.phase is not Phase.GAME_OVER:  # the classic level in both seats
        seat = pending(match.game)[0]
        match, _ = apply_match(match, classic.act(view_for(match.game, seat)))
    match = next_game(match)
    while match.game.phase is not Phase.PLAY:  # to the first card of the second game
        seat = pending(match.game)[0]
        match, _ = apply_match(match, classic.act(view_for(match.game, seat)))
    seat = pending(match.game)[0]
    context = PlayContext.from_view(view_for(match.game, seat))
    assert context.past_plays == () and len(context.match_plays) >= 3
    whole = Settings(whole_match=True)
    assert rule_shares(context.plays_read(whole))[0] > SURE  # read as the classic level
    assert context.plays_read(Settings()) == ()  # off unless asked for
    assert context.plays_read(PRESETS["v3"]) == ()  # the third release read one game alone
    assert rule_shares(())[0] == PRIOR


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32))
def test_points_passed_up_are_counted_as_the_engine_pegs_them(seed: int) -> None:
    """Seat 1 always plays a card that pegs the most at once, seat 0 any card: after each
    deal, the plays in which each passed up points are counted from the cards it played as
    the engine pegs every legal card on the pile. A player who takes the most every time
    passed up none, and is read as passing up points less often than before any deal."""
    rng = random.Random(seed)
    passed = [0, 0]

    def choose(state: GameState, seat: int) -> Card:
        pile = [int(c.rank) for c in state.pile]
        pegs = {c: peg_points([*pile, int(c.rank)]) for c in legal_plays(state, seat)}
        most = max(pegs.values())
        card = rng.choice([c for c in pegs if seat == 0 or pegs[c] == most])
        passed[seat] += pegs[card] < most
        return card

    for state in _deals_played(seed, 3, choose):
        for reader in (0, 1):
            turns = opponent_turns(_past(state, reader)[-1])
            assert passed_up(turns, ()) == passed[1 - reader]
        passed[:] = [0, 0]
    before = TAKE_PRIOR[0] / sum(TAKE_PRIOR)
    assert pass_up_rate(()) == before
    assert pass_up_rate(_past(state, 0)) <= before


def test_a_hand_that_would_have_paired_weighs_less_when_the_opponent_takes_its_points() -> None:
    """The opponent played a nine on my seven, then an ace on 20 and a three on 23: a seven
    or an eight left in its hand would have pegged more than the nine (a pair, a fifteen), a
    four more than the ace (a pair), so with `Settings.takes` those hands weigh the rate it
    passes up points times as much as without; the others weigh as without."""
    history: tuple[tuple[Who, Card], ...] = tuple(
        zip(
            ("me", "opponent", "me", "opponent", "me", "opponent"),
            parse_cards(["7d", "9s", "4c", "ah", "2d", "3c"]),
            strict=True,
        )
    )
    context = PlayContext(
        hand=tuple(parse_cards(["4d"])),
        sequence=tuple(card for _, card in history),
        history=history,
        starter=parse_cards(["qs"])[0],
        dealer=True,
        discards=tuple(parse_cards(["5h", "6h"])),
    )
    turns = opponent_turns(history)
    rate = pass_up_rate(())
    weights = [
        {
            theirs: weight
            for _, held, _ in _decision(
                context, Settings(read=False, takes=takes), None, None, None, None
            ).accounts
            for theirs, weight in held
        }
        for takes in (False, True)
    ]
    assert weights[0].keys() == weights[1].keys() and len(weights[0]) > 5
    down = {
        theirs: weight * rate ** passed_up(turns, theirs) for theirs, weight in weights[0].items()
    }
    total, down_total = sum(weights[1].values()), sum(down.values())
    for theirs, weight in weights[1].items():
        assert weight / total == pytest.approx(down[theirs] / down_total)
    assert [passed_up(turns, (rank,)) for rank in (4, 7, 8, 13)] == [1, 1, 1, 0]
