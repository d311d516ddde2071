"""One shape for every player: the levels and a sparring partner are strategies a `Computer`
decides by, and take the same place in a tournament."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from cribbage.cards import Card
from cribbage.computer import Computer, DiscardOption, PlayOption
from cribbage.computer.strategy import Strategy, register, strategy_for, strategy_names
from cribbage.rules import Discard, GameConfig, Phase, apply, new_game, pending
from cribbage.tournament import game_config, parse_player, play_pair, play_set
from cribbage.variants import Variant
from cribbage.view import PlayerView, view_for


class Lowest(Strategy):
    """Throws its two lowest cards (one in the games of five) and plays its lowest card; its
    setting `high=1` makes it throw and play the highest instead."""

    name = "lowest"

    def __init__(self, seed: int, high: bool) -> None:
        super().__init__(seed)
        self.high = high

    def discard_options_for(self, view: PlayerView) -> tuple[DiscardOption, ...]:
        cards = sorted(view.hand, reverse=self.high)
        thrown = len(cards) - view.config.kept_size
        option = DiscardOption(tuple(cards[:thrown]), tuple(cards[thrown:]), 0, 0, 0, 0, 0)
        return (option,)

    def play_options_for(self, view: PlayerView) -> tuple[PlayOption, ...]:
        legal: Sequence[Card] = sorted(view.legal, reverse=self.high)
        return tuple(PlayOption(card, -k) for k, card in enumerate(legal))

    def play_for(self, view: PlayerView) -> Card:
        return self.play_options_for(view)[0].card


def make_lowest(seed: int, settings: str) -> Strategy:
    if settings not in ("", "high=1"):
        raise ValueError("The lowest player takes high=1 or nothing.")
    return Lowest(seed, settings == "high=1")


register("lowest", make_lowest)


def test_the_levels_come_first_and_a_registered_player_after() -> None:
    assert strategy_names()[:3] == ("easy", "classic", "expert")
    assert "lowest" in strategy_names()


@pytest.mark.parametrize("name", ["easy", "classic", "expert"])
def test_a_level_cannot_be_replaced(name: str) -> None:
    with pytest.raises(ValueError, match="level's name"):
        register(name, make_lowest)


def test_a_registered_player_says_what_is_wrong_with_its_settings() -> None:
    with pytest.raises(ValueError, match="takes high=1"):
        parse_player("lowest:high=2")
    with pytest.raises(ValueError, match="Unknown player 'nobody'"):
        strategy_for("nobody", 1)
    with pytest.raises(ValueError, match="Only the expert level takes settings"):
        strategy_for("easy:crib=random", 1)


@pytest.mark.parametrize("level", ["easy", "classic", "expert"])
def test_a_level_by_name_and_its_strategy_decide_alike(level: str) -> None:
    state = new_game(GameConfig(), seed=5, dealer=0)
    named, playing = Computer(level, seed=3), Computer.playing(strategy_for(level, 3))
    assert (playing.level, playing.seed) == (level, 3)
    while state.phase is not Phase.GAME_OVER and state.hand_number < 3:
        seat = pending(state)[0]
        view = view_for(state, seat)
        action = named.act(view)
        assert playing.act(view) == action
        state, _ = apply(state, action)


def test_a_sparring_partner_plays_a_tournament_in_a_levels_place() -> None:
    lowest, high = parse_player("lowest"), parse_player("lowest:high=1")
    first, second = play_pair((lowest, high, 3, 121))
    for record in (first, second):
        assert max(record.scores) >= 121
    # Each seat of the pair was played by its own strategy, as a level's would be.
    state = new_game(GameConfig(), seed=3, dealer=0)
    low, top = lowest.computer(0), high.computer(1)
    for seat, computer, pick in ((0, low, min), (1, top, max)):
        thrown = computer.act(view_for(state, seat))
        assert isinstance(thrown, Discard)
        assert pick(state.hands[seat]) in thrown.cards


@pytest.mark.parametrize("variant", [Variant.THREE_HANDED, Variant.PARTNERS, Variant.FIVE_CARD])
def test_a_sparring_partner_plays_every_game(variant: Variant) -> None:
    records = play_set((parse_player("lowest"), parse_player("easy"), 9, game_config(variant)))
    target = game_config(variant).target
    assert all(max(record.scores) >= target for record in records)
