"""Tables (`cribbage.tables`): the game against the computer as a table the screen plays
seat 0 of, and the coach's log of a seat's own decisions checked against the record."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage.coach import SeatLog, decisions_of
from cribbage.computer import Computer
from cribbage.errors import CribbageError
from cribbage.match import MatchConfig
from cribbage.record import Recorder, replay
from cribbage.rules import Discard, GameConfig, Phase, Play
from cribbage.tables import Closed, LocalTable, Notice, Refused, Said, TableCore, Update
from cribbage.tables.news import Inbox
from cribbage.view import view_for

from .support import OTHER_GAMES

GAMES = (GameConfig(), *OTHER_GAMES)


def local_table(config: GameConfig, seed: int, games: int = 1) -> LocalTable:
    recorder = Recorder.start(seed, config, MatchConfig(games=games))
    computers = {seat: Computer("easy", seed + seat) for seat in range(1, config.players)}
    return LocalTable(TableCore(recorder, computers))


def play_seat_zero(table: LocalTable, log: SeatLog, me: Computer) -> list[Update]:
    """Play seat 0 with `me` until the match is over, logging as the screen does."""
    updates: list[Update] = []
    current = table.snapshot()
    while not current.over:
        news = table.news()
        if news is None:
            game = current.game
            if game.phase is Phase.GAME_OVER:
                table.next_game()
                continue
            assert game.my_turn, "the table waits for nobody but seat 0"
            action = me.act(game)
            if isinstance(action, Discard | Play):
                log.decided((current.number, game.hand_number), game, action)
            table.act(action)
            continue
        assert isinstance(news, Update)
        updates.append(news)
        current = news.match
        log.saw(news.events, (current.number, current.game.hand_number), current.game.phase)
    return updates


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(GAMES))
def test_the_seats_own_log_finds_each_reply_as_the_record_does(
    seed: int, config: GameConfig
) -> None:
    """The coach at a table hosted elsewhere has only its seat's news; the reply to each of
    its plays read from that news must be the one read from the whole record."""
    config = GameConfig(
        target=61,
        players=config.players,
        partners=config.partners,
        five_card=config.five_card,
    )
    table = local_table(config, seed, games=2)
    log = SeatLog()
    play_seat_zero(table, log, Computer("easy", seed))
    decisions, done, current = decisions_of(table.recorder.record, 0)
    assert [(d.key, d.action, d.reply) for d in log.decisions] == [
        (d.key, d.action, d.reply) for d in decisions
    ]
    assert [d.view for d in log.decisions] == [d.view for d in decisions]
    assert log.done == done and log.current == current


def test_the_seats_own_log_finds_replies_in_every_game() -> None:
    """The check above is not empty: replies that pegged are found, in every game."""
    for config in GAMES:
        found = 0
        for seed in range(3):
            table = local_table(config, seed)
            log = SeatLog()
            play_seat_zero(table, log, Computer("easy", seed))
            decisions, _, _ = decisions_of(table.recorder.record, 0)
            assert [d.reply for d in log.decisions] == [d.reply for d in decisions]
            found += sum(d.reply is not None for d in decisions)
        assert found > 0, config


def test_a_local_table_moves_the_computers_one_action_at_a_time() -> None:
    table = local_table(GameConfig(players=4), seed=5)
    updates = play_seat_zero(table, SeatLog(), Computer("easy", 1))
    assert table.recorder.state.over
    assert replay(table.recorder.record) == table.recorder.state
    assert all(update.by is not None for update in updates)  # no next game in a one-game match
    by_computer = [update for update in updates if update.by != 0]
    assert {update.by for update in by_computer} == {1, 2, 3}


def test_a_refused_action_comes_back_as_news_and_changes_nothing() -> None:
    table = local_table(GameConfig(), seed=2)
    before = table.recorder.state
    game = table.snapshot().game
    assert game.phase is Phase.CUT_FOR_DEAL and game.my_turn
    from cribbage.rules import CutForDeal

    table.act(CutForDeal(0, 99))
    news = table.news()
    assert isinstance(news, Refused) and "Cut between 4 and 48" in news.text
    assert table.recorder.state == before
    with pytest.raises(CribbageError):
        table.core.apply(CutForDeal(0, 99))


def test_every_update_shows_seat_zero_only_what_it_may_see() -> None:
    table = local_table(GameConfig(players=3), seed=9)
    updates = play_seat_zero(table, SeatLog(), Computer("easy", 2))
    from cribbage.events import Discarded

    laid = [e for u in updates for e in u.events if isinstance(e, Discarded)]
    assert laid and all((e.seat == 0) == bool(e.cards) for e in laid)
    state = table.recorder.state
    assert updates[-1].match.game == view_for(state.game, 0)


def test_a_table_closing_is_heard_after_the_games_news_that_came_before_it() -> None:
    inbox = Inbox()
    first, last = Notice("the play"), Notice("the show and the game's end")
    inbox.post(first)  # the game's news, waiting for the screen to show it
    inbox.post(last)
    inbox.close("The host has closed the table.")
    inbox.post(Said("Ann", "bye"), chatter=True)
    assert inbox.chatter() == [Said("Ann", "bye")]  # the people's news at once, not the end
    assert inbox.news() == first
    assert inbox.chatter() == []
    assert inbox.news() == last
    closing = inbox.chatter()  # what a screen looks at while a question is asked
    assert closing == [
        Notice("The host has closed the table."),
        Closed("The host has closed the table."),
    ]
    assert inbox.news() is None and inbox.chatter() == []


def test_a_table_closing_with_no_news_waiting_is_heard_at_once_either_way() -> None:
    text = "The connection to the table was lost."
    asked, waiting = Inbox(), Inbox()
    asked.close(text)
    waiting.close(text)
    assert asked.chatter() == [Notice(text), Closed(text)]  # while a question is asked
    assert [waiting.news(), waiting.news(), waiting.news()] == [Notice(text), Closed(text), None]
