"""The lessons on a fake screen: what each says and picks out, a wrong move explained and asked
again, q, and the list of lessons with what it remembers."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest

from cribbage.glyphs import ASCII, UNICODE
from cribbage.learn import (
    A_HAND,
    COUNTED,
    LAYING_AWAY,
    SHOWN,
    THE_PLAY,
    Deal,
    counting_hand,
    show_steps,
)
from cribbage.storage.lessons import LESSONS_NAME, LessonProgress, dump_lessons
from cribbage.ui.draw import LEFT_WIDTH
from cribbage.ui.game import Quit
from cribbage.ui.keys import ENTER, LEFT
from cribbage.ui.learn import (
    BOX_LINES,
    AHand,
    CountingLesson,
    LayingAway,
    Lessons,
    LessonUI,
    Outcome,
    Script,
    ThePlay,
    Words,
    _pages,
)
from cribbage.ui.testing import FakeScreen, Key, OutOfKeys

# -- lesson 2: counting a hand


def walk_keys(seed: int) -> list[Key]:
    """Space through a hand counted for you: its first page, each step, the whole count."""
    return [" "] * (len(show_steps(counting_hand(seed).score)) + 2)


def counting_keys(first_count: str) -> list[Key]:
    keys: list[Key] = [" "]  # the lesson's first page
    for seed in SHOWN:
        keys += walk_keys(seed)
    keys += [*first_count, ENTER]
    return keys


def test_the_counting_lesson_counts_two_hands_then_you_count_one() -> None:
    total = counting_hand(COUNTED[0]).score.total
    screen = FakeScreen(keys=[*counting_keys(str(total)), " "])
    assert CountingLesson(screen, UNICODE).run()
    frames = "\n".join(screen.frames)
    assert "Lesson 2 of 5: Counting a hand" in frames
    assert "After the play the hands are counted" in frames  # the rules, quoted
    assert "fifteen         every different group of cards adding to 15   2" in frames
    assert "his nobs        the jack of the starter's suit in the hand    1" in frames
    assert "Fifteen two, fifteen four, fifteen six, a pair is eight" in frames
    assert "double run of" in frames and "four is sixteen." in frames
    assert "when asked, type the number of points and press Enter" in frames
    flat = " ".join(frames.split())
    assert 'That is why a hand worth nothing is called "nineteen".' in flat  # why 19
    first = " ".join(screen.frames[0].split())
    assert "the pone the other player." in first  # said before the word is used again
    assert "a ten, jack, queen or king 10 each." in first  # what a card adds to fifteen
    assert f"You count {total}: right." in screen.frames[-1]
    assert "That is the whole count." in screen.frames[-1]


def test_the_lesson_keys_line_up_in_two_columns() -> None:
    lines = CountingLesson(FakeScreen(), UNICODE).help_lines()
    assert lines[1] == "←, Backspace      go back a step"
    starts = {len(line) - len(line[line.index("  ") :].lstrip()) for line in lines}
    assert len(starts) == 1  # what each key does starts in one column


def test_the_cards_of_each_combination_are_picked_out_as_it_is_named() -> None:
    hand = counting_hand(SHOWN[0])
    first = show_steps(hand.score)[0]
    places = [*hand.hand, hand.starter]
    seen: list[str] = []

    def look(screen: FakeScreen) -> str:
        for i, card in enumerate(places):
            x = i * 5 if i < 4 else 23
            raised = screen.row(2)[x : x + 5] == "┌───┐"
            assert raised == (card in first.cards), card
            assert (screen.row(6)[x + 2 : x + 3] == "▲") == (card in first.cards)
        seen.append(screen.text())
        return " "

    keys: list[Key] = [" ", " ", look]  # the lesson's first page, the hand's, its first step
    screen = FakeScreen(keys=keys)
    with pytest.raises(OutOfKeys):
        CountingLesson(screen, UNICODE).run()
    assert "   2  fifteen     6♣ 4♣ 5♠" in seen[0] and "Fifteen two." in seen[0]


def test_a_miscount_is_explained_and_another_hand_given() -> None:
    first, second = (counting_hand(seed).score for seed in COUNTED)
    wrong = first.total - 1
    keys = counting_keys(str(wrong))
    keys += [" "] * (len(show_steps(first)) + 2)  # the hand counted for you
    keys += [*str(second.total), ENTER, " "]
    screen = FakeScreen(keys=keys)
    assert CountingLesson(screen, ASCII).run()
    frames = "\n".join(screen.frames)
    assert f"You count {wrong}, but the hand is worth {first.total}." in frames
    assert "Try another one." in frames
    assert f"You count {second.total}: right." in screen.frames[-1]
    assert "9D 7H KS 5S" in frames  # ASCII cards with --ascii


def test_after_two_miscounts_the_lesson_is_still_done() -> None:
    first, second = (counting_hand(seed).score for seed in COUNTED)
    keys = counting_keys("1")
    keys += [" "] * (len(show_steps(first)) + 2)
    keys += ["1", "9", ENTER]  # 19: nothing
    keys += [" "] * (len(show_steps(second)) + 2)
    screen = FakeScreen(keys=keys)
    assert CountingLesson(screen, UNICODE).run()
    assert f"You count 0, but the hand is worth {second.total}." in "\n".join(screen.frames)


def test_a_count_past_29_is_asked_again() -> None:
    total = counting_hand(COUNTED[0]).score.total
    keys = counting_keys("35")
    screen = FakeScreen(keys=[*keys, *str(total), ENTER, " "])
    assert CountingLesson(screen, UNICODE).run()
    assert "No hand scores more than 29" in "\n".join(screen.frames)


def test_the_left_arrow_goes_back_a_step() -> None:
    def second_step(screen: FakeScreen) -> str:
        assert "Fifteen two, fifteen four." in screen.text()
        return LEFT

    def first_again(screen: FakeScreen) -> str:
        assert "Fifteen two." in screen.text() and "fifteen four" not in screen.text()
        return "q"

    screen = FakeScreen(keys=[" ", " ", " ", second_step, first_again, "y"])
    with pytest.raises(Quit):
        CountingLesson(screen, UNICODE).run()


def test_q_asks_first_then_quits_the_lesson() -> None:
    screen = FakeScreen(keys=[" ", "q", "n", "q", "y"])
    with pytest.raises(Quit):
        CountingLesson(screen, UNICODE).run()
    assert any("Quit? (y/n)" in frame for frame in screen.frames)


def test_a_terminal_too_small_waits_and_the_lesson_goes_on() -> None:
    def shrink(screen: FakeScreen) -> str:
        return screen.resize(20, 60)

    def grow(screen: FakeScreen) -> str:
        assert "cribbage needs" in screen.text()
        return screen.resize(24, 80)

    screen = FakeScreen(keys=[shrink, " ", "x", grow, " ", "q", "y"])
    with pytest.raises(Quit):
        CountingLesson(screen, UNICODE).run()
    assert "Hand 1 of 2" in "\n".join(screen.frames)  # the space after growing went on


# -- lessons 1 and 3 to 5 on the game's screen


def player(moves: Iterable[tuple[str, str]], limit: int = 400) -> Callable[[FakeScreen], str]:
    """Keys for a lesson: at each prompt that `moves` names (in order), the keys given, then
    Enter; space for every box and everything else."""
    todo = list(moves)
    queue: list[str] = []
    calls = [0]

    def key(screen: FakeScreen) -> str:
        calls[0] += 1
        assert calls[0] < limit, screen.text()
        if queue:
            return queue.pop(0)
        prompt = screen.row(22)
        if todo and todo[0][0] in prompt:
            queue.extend([*todo.pop(0)[1], ENTER])
            return queue.pop(0)
        if prompt.startswith("Lay away"):
            return ENTER
        return " "

    return key


def run_lesson(
    script: Script, deal: Deal, key: Callable[[FakeScreen], str]
) -> tuple[FakeScreen, str]:
    """Run a lesson to its end; the screen, and all the lesson said in its boxes (each
    box's title and words on a line, spaces made single)."""
    screen = FakeScreen(autokey=key)
    ui = LessonUI(screen, deal, script, glyphs=UNICODE, delay=0)
    told: list[str] = []
    tell = ui.tell

    def listen(title: str, words: Words, *, low: bool = False) -> None:
        text = " ".join(part if isinstance(part, str) else " ".join(part) for part in words)
        told.append(f"{title}: {' '.join(text.split())}")
        tell(title, words, low=low)

    ui.tell = listen  # type: ignore[method-assign]  # to hear what the lesson says
    assert ui.run() == 0
    assert ui.finished
    return screen, "\n".join(told)


def test_the_laying_away_lesson_explains_a_worse_discard_and_asks_again() -> None:
    moves = [("Choose 2", "6h"), ("Choose 1 more", "7s"), ("Choose 2", "tc"), ("Choose 1", "kc")]
    screen, said = run_lesson(LayingAway(0), LAYING_AWAY[0], player(moves))
    assert "The dealer gives six cards to each player." in said
    assert "Here the computer deals: the crib is the computer's." in said
    assert "As pone, lay away cards far apart in rank" in said
    assert "avoid giving the dealer a five: a five makes fifteen with any of the sixteen" in said
    assert (
        "Not the best two: Laying away 6♥ 7♠ keeps about 8 points in hand with the starter, gives the computer's "
        "crib about 6; laying away 10♣ K♣ keeps about 8 points in hand with the starter, gives the computer's crib "
        "about 4."
    ) in said
    assert "Why these two: Laying away 10♣ K♣ keeps about 8 points in hand" in said
    assert (
        "Counting the play too, the hint reckons this deal at about 1 point for you with "
        "these two, and at about 3 points for you with 10♣ K♣."
    ) in said  # the hint's 0.8 and 3.0 in words
    assert "6♥ 7♠ would keep a little more in hand (2 tenths of a point)" in said  # 8.3, 8.1
    assert "─ Not the best two ─" in "\n".join(screen.frames)  # in a box on the screen
    assert "You lay away 10♣ K♣." in screen.frames[-1]
    assert "Now you cut for the starter" in said
    assert "Where do you cut the pack?" in "\n".join(screen.frames)  # the cut is yours
    assert "You cut: the starter is the 3♥." in screen.frames[-1]
    assert said.splitlines()[-1] == (
        "The starter: The starter is the 3♥. With it, the four cards you kept (5♦ 6♥ 7♠ J♣) "
        "count 7: fifteen two, fifteen four, and a run of three is seven. The hint's 8 was "
        "their average over every starter that could turn up; this one gives 7."
    )


def test_the_laying_away_lesson_as_dealer_wants_the_pair_in_your_crib() -> None:
    moves = [("Choose 2", "td"), ("Choose 1", "ts")]
    _, said = run_lesson(LayingAway(1), LAYING_AWAY[1], player(moves))
    assert "Now you deal: the crib is yours." in said
    assert "Not the best two" not in said
    assert (
        "Laying away 10♦ 10♠ keeps about 10 points in hand with the starter, gives your crib about 5"
        in said
    )
    assert "7♣ 10♦ would keep a little more in hand (a tenth of a point)" in said  # 9.7, 9.6
    assert "the crib makes the difference" in said
    assert "Now the computer, the pone, cuts for the starter." in said
    assert "The starter: The starter is the K♦." in said  # the computer cut


def test_the_play_lesson_explains_each_thing_the_play_shows() -> None:
    moves = [("Your play:", "kh"), ("Your play:", "8h"), ("Your play:", "jd")]
    screen, said = run_lesson(ThePlay(), THE_PLAY, player(moves))
    assert "The pone leads a card face up" in said
    assert "you keep 8♥ 9♣ J♦ K♥; the starter is the A♣. The computer, the pone, leads." in said
    assert "That card is the starter." not in said  # lessons 1 and 3 said it
    assert "The K♥ makes the count 17 and pegs nothing; the 8♥ pegs fifteen for two." in said
    for row in (
        "fifteen the count becomes 15 2",
        "thirty-one the count becomes 31 2",
        "a pair same rank as the card just before 2",
        "three of a kind the last three cards share a rank 6",
        "a run the last three or more cards can be put",
        'says "go".',
        "pegs 1 for the go",
        "pegs 1 for last card",
    ):
        assert row in said, row
    assert said.splitlines()[-1].startswith("The show: After the play")
    assert "─ The show ─" in screen.frames[-1]


def test_the_play_lesson_shows_the_count_while_it_explains() -> None:
    seen: list[str] = []
    inner = player([("Your play:", "8h"), ("Your play:", "jd")])

    def key(screen: FakeScreen) -> str:
        text = screen.text()
        if "thirty-one      the count becomes 31" in text:
            seen.append(text)
        return inner(screen)

    run_lesson(ThePlay(), THE_PLAY, key)
    assert seen
    assert "Count: 31" in seen[0] and "│ 9♣│" in seen[0]  # the count's cards, above the box


def test_the_last_lesson_is_a_whole_hand_with_the_coach() -> None:
    screen, said = run_lesson(AHand(), A_HAND, player([]))
    assert said.startswith("Lesson 5 of 5: A whole hand: A whole hand against the easy")
    assert "the front peg shows your score" in said  # the board, before a whole hand
    coach = [line for line in said.splitlines() if line.startswith("Coach: ")]
    assert coach[0].startswith(("Coach: You laid away", "Coach: Your discard"))
    assert len(coach) >= 2  # the discard, and plays
    assert not coach[1].startswith("Coach: Each of your plays")  # one play is one play
    assert "Where do you cut the pack?" in "\n".join(screen.frames)
    assert said.splitlines()[-1].startswith("The hand is over: Coach: ")
    assert "Coach: your discard " in screen.frames[-1]  # one hand: said in words


def test_quitting_a_lesson_is_not_finishing_it() -> None:
    screen = FakeScreen(keys=[" ", "q", "y"])
    ui = LessonUI(screen, LAYING_AWAY[0], LayingAway(0), delay=0)
    assert ui.run() == 0
    assert not ui.finished


def test_a_box_never_hides_the_hand() -> None:
    words: Words = ["word " * 150, ("a", "b", "c"), "more " * 40, "last"]
    pages = _pages(words, 64)
    assert len(pages) == 3 and all(0 < len(page) <= BOX_LINES for page in pages)
    flat = " ".join(line for page in pages for line in page).split()
    assert flat == ("word " * 150 + "a b c " + "more " * 40 + "last").split()
    assert pages[2][0].startswith("more")  # a new box at a paragraph, not a blank line


# -- the list of lessons


def lessons(home: Path, keys: Iterable[Key]) -> tuple[Lessons, FakeScreen]:
    screen = FakeScreen(keys=keys)
    return Lessons(screen, LessonProgress(home), glyphs=UNICODE, delay=0), screen


def test_the_first_lesson_is_offered_and_q_leaves(tmp_path: Path) -> None:
    school, screen = lessons(tmp_path, ["q"])
    assert school.run() is Outcome.LEFT
    assert "Lesson 1: The whole game. Enter starts it." in screen.frames[-1]
    assert school.farewell == ["cribbage --learn goes on with lesson 1, The whole game."]


def test_a_lesson_finished_is_remembered_and_the_next_offered(tmp_path: Path) -> None:
    total = counting_hand(COUNTED[0]).score.total
    school, screen = lessons(tmp_path, ["2", *counting_keys(str(total)), " ", "q"])
    assert school.run() is Outcome.LEFT
    assert "Lesson 2, Counting a hand, is done." in screen.frames[-1]
    assert "Lesson 3: Laying away. Enter starts it." in screen.frames[-1]
    assert LessonProgress(tmp_path).load() == (frozenset({"counting"}), None)
    again, screen = lessons(tmp_path, ["q"])
    again.run()
    assert "Lesson 3: Laying away. Enter starts it." in screen.frames[-1]
    flat = " ".join(screen.frames[-1].split())
    assert "Lesson 1, The whole game, goes over a hand from the deal to the show" in flat


def test_a_lesson_left_unfinished_is_offered_again(tmp_path: Path) -> None:
    school, _ = lessons(tmp_path, ["4", " ", "q", "y"])
    assert school.run() is Outcome.LEFT
    assert school.farewell == [
        "Lesson 4, The play, is not finished: cribbage --learn offers it again."
    ]
    assert LessonProgress(tmp_path).load() == (frozenset(), None)


def test_when_every_lesson_is_done_a_real_game_is_offered(tmp_path: Path) -> None:
    keys = ["laying-away", "the-play", "a-hand", "counting", "the-game"]
    (tmp_path / LESSONS_NAME).write_bytes(dump_lessons(keys))
    school, screen = lessons(tmp_path, [ENTER])
    assert school.run() is Outcome.PLAY
    assert "A real game against the easy computer. Enter starts it." in screen.frames[-1]
    assert screen.frames[-1].count("done") == 5


def test_the_four_lessons_finished_before_lesson_one_came_stay_done(tmp_path: Path) -> None:
    """The progress file of the version with four lessons, as it wrote it: those lessons stay
    done, and the real game is offered; the new first lesson is named, not imposed."""
    old = b'{\n "format": "cribbage-lessons",\n "version": 1,\n "done": [\n  "a-hand",\n  "counting",\n  "laying-away",\n  "the-play"\n ]\n}'
    (tmp_path / LESSONS_NAME).write_bytes(old)
    school, screen = lessons(tmp_path, [ENTER])
    assert school.run() is Outcome.PLAY
    rows = screen.frames[-1].splitlines()
    done = [row.split()[0] for row in rows if row.rstrip().endswith("done")]
    assert done == ["2", "3", "4", "5"]  # the whole game, lesson 1, is not done
    assert "A real game against the easy computer. Enter starts it." in screen.frames[-1]
    flat = " ".join(screen.frames[-1].split())
    assert "Lesson 1, The whole game, goes over a hand from the deal to the show" in flat
    assert school.farewell == []


def test_lesson_one_is_a_page_then_a_hand_on_the_board(tmp_path: Path) -> None:
    seen: list[str] = []
    inner = player([])

    def key(screen: FakeScreen) -> str:
        seen.append(screen.text())
        return inner(screen)

    school = Lessons(FakeScreen(autokey=key), LessonProgress(tmp_path), delay=0)
    assert school.give(1)
    assert seen[0].startswith("Lesson 1 of 5: The whole game")
    assert "the first to peg 121 points wins" in " ".join(seen[0].split())
    assert "│" not in seen[0]  # no board yet
    boxes = [title for screen in seen for title in re.findall(r"┌─ (.+?) ─", screen)]
    order = ["Lesson 1 of 5: The whole game", "The starter", "The play", "The board", "The show"]
    assert [title for title in dict.fromkeys(boxes) if title in order] == order
    assert boxes[-1] == "The hand is over"
    assert any("Where do you cut the pack?" in screen for screen in seen)  # you cut
    assert any("You play the" in screen for screen in seen)  # and play
    assert "Your hand " in seen[-1] and "Computer's crib " in seen[-1]  # the show
    box = " ".join(re.findall(r"│ (.*?) *│", seen[-2]))  # the box beside the messages
    assert "pegs 121: that player wins at once" in box


def test_the_arrows_choose_and_digits_start(tmp_path: Path) -> None:
    school, screen = lessons(tmp_path, ["j", "j", "k", "?", "x", "6"])
    assert school.run() is Outcome.PLAY
    assert any("Lesson 2: Counting a hand." in frame for frame in screen.frames)
    assert any("─ Keys ─" in frame for frame in screen.frames)


def test_a_broken_progress_file_is_one_sentence_on_the_list(tmp_path: Path) -> None:
    (tmp_path / LESSONS_NAME).write_bytes(b"\x00garbage")
    school, screen = lessons(tmp_path, ["q"])
    assert school.run() is Outcome.LEFT
    assert "The lessons file could not be read and was moved to" in screen.frames[-1]


def test_characters_that_look_like_digits_are_not_counts() -> None:
    total = counting_hand(COUNTED[0]).score.total
    keys = counting_keys("²")  # str.isdigit says yes; int says no
    screen = FakeScreen(keys=[*keys[:-1], "٣", "\x00", *str(total), ENTER, " "])
    assert CountingLesson(screen, UNICODE).run()
    assert f"You count {total}: right." in screen.frames[-1]


def test_the_list_of_lessons_takes_only_its_own_digits(tmp_path: Path) -> None:
    school, _ = lessons(tmp_path, ["²", "9", "0", "q"])
    assert school.run() is Outcome.LEFT


def test_the_show_box_leaves_the_count_of_the_hand_and_the_messages_in_sight() -> None:
    moves = [("Your play:", "kh"), ("Your play:", "8h"), ("Your play:", "jd")]
    screen, _ = run_lesson(ThePlay(), THE_PLAY, player(moves))
    rows = screen.frames[-1].splitlines()
    top = next(y for y, row in enumerate(rows) if "─ The show ─" in row)
    said = [row[:LEFT_WIDTH].strip() for row in rows[top - 2 : top]]
    assert said == ["Fifteen two, fifteen four, and a pair", "is six"]  # no word alone
    box = [row for row in rows[top:] if row.startswith(("┌", "│", "└"))]
    assert all(row[:LEFT_WIDTH].rstrip()[-1] in "┐│┘" for row in box)  # left of the messages
    assert "Your crib 2♦ 2♠ 4♥ K♠ + A♣: 6" in screen.frames[-1]
