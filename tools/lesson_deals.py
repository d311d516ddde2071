"""Find deals for the lessons of `cribbage --learn` (a development tool, not installed).

    python tools/lesson_deals.py counting | laying-away | the-play [--start N] [--count N]

Prints seeds whose deals hold what a lesson says of them, the way `cribbage.learn` chose
its own; tests/test_learn.py checks that the chosen ones still do.

* counting: hands of `--practice`'s deal (not cribs) with fifteens, a pair and a double run;
  with a flush and his nobs; and small hands of two or three kinds to count.
* laying-away: two-handed deals, you and the computer cutting at 20 and 30, where keeping
  the most points in hand is not the best discard by more than 1.5 points (the dealer
  named).
* the-play: deals you deal, with the two cards you lay away, in which every play the
  lesson allows (a card that pegs the most whenever one pegs, else any) shows each of its
  topics. Slow: about a thousand seeds a minute.
"""

from __future__ import annotations

import argparse
import itertools
from collections.abc import Iterator

from cribbage.computer import Computer
from cribbage.learn import EASY, PLAY_TOPICS, counting_hand, every_play, play_topics
from cribbage.match import apply_match
from cribbage.record import Recorder
from cribbage.rules import CutForDeal, Discard, Phase, Seat
from cribbage.scoring import ScoreKind
from cribbage.view import view_for

CUTS = (20, 30)


def counting(seeds: range) -> Iterator[str]:
    for seed in seeds:
        hand = counting_hand(seed)
        if hand.crib:
            continue
        score = hand.score
        kinds = {item.kind for item in score.items}
        many = len(score.items)
        if kinds == {ScoreKind.FIFTEEN, ScoreKind.PAIR, ScoreKind.RUN} and many <= 7:
            if len(score.of_kind(ScoreKind.RUN)) == 2:
                yield f"{seed}: fifteens, a pair, a double run: {hand.title(0)}"
        elif {ScoreKind.FLUSH, ScoreKind.NOBS} <= kinds and many <= 5:
            yield f"{seed}: a flush and his nobs: {hand.title(0)}"
        elif 6 <= score.total <= 10 and len(kinds) >= 2 and many <= 5:
            yield f"{seed}: to count, {score.total}: {hand.title(0)}"


def _dealt(seed: int) -> Recorder | None:
    recorder = Recorder.start(seed)
    for seat, position in enumerate(CUTS):
        recorder.apply(CutForDeal(seat, position))
    return recorder if recorder.state.game.phase is Phase.DISCARD else None


def laying_away(seeds: range) -> Iterator[str]:
    expert = Computer("expert")
    for seed in seeds:
        recorder = _dealt(seed)
        if recorder is None:
            continue
        game = recorder.state.game
        options = expert.discard_options_for(view_for(game, Seat.HUMAN))
        best, most = options[0], max(options, key=lambda option: option.hand)
        if set(best.discard) != set(most.discard) and best.total - most.total > 1.5:
            who = "you deal" if game.dealer == Seat.HUMAN else "the computer deals"
            laid = " ".join(map(str, best.discard))
            yield f"{seed}: {who}; lay away {laid} rather than {' '.join(map(str, most.discard))}"


def the_play(seeds: range) -> Iterator[str]:
    for seed in seeds:
        recorder = _dealt(seed)
        if recorder is None or recorder.state.game.dealer != Seat.HUMAN:
            continue
        computer = Computer(EASY, 1)
        state, _ = apply_match(recorder.state, computer.act(view_for(recorder.state.game, 1)))
        for cards in itertools.combinations(state.game.hands[Seat.HUMAN], 2):
            laid, _ = apply_match(state, Discard(Seat.HUMAN, cards))
            cut, _ = apply_match(laid, computer.act(view_for(laid.game, Seat.COMPUTER)))
            if cut.game.phase is not Phase.PLAY:
                continue
            if all(
                play_topics(events) == list(PLAY_TOPICS) for events in every_play(cut, computer)
            ):
                yield f"{seed}: lay away {' '.join(map(str, cards))}"


SEARCHES = {"counting": counting, "laying-away": laying_away, "the-play": the_play}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lesson", choices=sorted(SEARCHES))
    parser.add_argument("--start", type=int, default=1)
    parser.add_argument("--count", type=int, default=5, help="how many deals to print")
    args = parser.parse_args()
    found = SEARCHES[args.lesson](range(args.start, 2**31))
    for line in itertools.islice(found, args.count):
        print(line, flush=True)


if __name__ == "__main__":
    main()
