"""What the expert takes into account; each part can be switched off to measure what it is worth."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Final, Literal

__all__ = ["EXPERT", "PRESETS", "Settings", "parse_settings"]


@dataclass(frozen=True, slots=True)
class Settings:
    """The expert's model of the game.

    Attributes:
        crib: "opponent" weighs the opponent's two crib cards by how the expert itself
            throws (the shipped model); "random" treats them as any two unseen cards.
        pegging: add the expected pegging of the kept cards to each discard.
        prior: in the play, weigh the hands the opponent may hold by how likely it was to
            keep them (besides what its plays and go's reveal, which is always used).
        leads: with `prior`, as dealer, weigh them also by how likely a pone would be to
            lead, from each, the card the opponent led: as the expert would, as the classic
            level would, or any card (`cribbage.computer.play.lead_weights`).
        aware: decide by the chance of winning once a player is within `aware_within` points
            of the target (otherwise by expected points).
        aware_within: see `aware`.
        samples: in the play, while the opponent holds all four cards, how many of its
            possible hands are searched when there are more than that (otherwise every one
            is).
        later_samples: the same once it has played a card: those searches are shorter, so
            a larger sample costs little (`v1` searched 60 throughout; 240 chose better
            still but made a game a third slower than 80).
        sampling: how that sample is drawn: "systematic" (at equal steps along the
            holdings' weights from one random start; the shipped play) or "random" (each
            draw independent, as `v1` does). Against the search of every holding, the
            systematic sample of 60 lost less than half the points a play the random one
            did (`benchmarks/play_sampling.py`).
        adaptive: in the play, search the opponent's possible hands in a random order and
            stop once the rest cannot change the choice by more than a twentieth of a point
            (or half a percent of the chance of winning), at that confidence (see
            `cribbage.computer.play.settled`); otherwise search every one. Off: it makes
            games a fifth quicker but won 49.5% of 4,000 games against the expert that
            searches them all (95% interval 49.1-49.9%).
        read: in the play, read the opponent (`cribbage.computer.reading`): learn from every
            card it has played in the game how likely it is to play by the classic level's
            rule, and, that far, expect its replies by the rule (and weigh its possible hands
            by how well they explain its plays this deal), otherwise its best replies (as
            `v2` always does). Against the classic level it won 66.2% of 2,000 duplicate
            games where `v2` won 60.7% (95% intervals 64.7-67.8% and 59.2-62.2%); against
            `v2` itself, 49.9% of 4,000 (49.4-50.4%).
        blind: in the play, value each card with my next card, too, chosen without seeing
            the opponent's (one card for all the holdings that would answer alike;
            `cribbage.computer.play.blind_points`), not as if its hand were known after
            this card. Off: it changes 8% of the choices but won 49.8% of 2,000 games
            against the expert without it (95% interval 48.8-50.8%).
        styles: with `read`, read the opponent's replies by more than one rule
            (`cribbage.computer.reading.RULES`: the classic level's, and plain habits', take
            the points, else play the highest card), each from its chance before any card
            is seen, and expect the replies of the likeliest (`rule_shares`); off, by the
            classic level's alone (as `v3` does).
        lead_styles: with `leads`, learn how this opponent leads from its leads in the
            earlier deals of the game (`cribbage.computer.reading.lead_mix`: as the expert,
            as the classic level, its highest card, its lowest or any card), and read its
            lead in those shares instead of the fixed `LEAD_MIX` (as `v3` does).
            Both together, against the player of plain habits (`benchmarks/sparring.py`),
            won 68.2% of 400 duplicate games where `v3` won 65.5% (95% intervals 64.8-71.7%
            and 61.9-69.1%), netting 0.38 points a deal more in the play as dealer and 0.09 as pone;
            against `v3` itself, 48.5% of 400 (46.2-50.8%), pegging alike.
        takes: in the play, weigh each hand the opponent may hold by whether, holding it,
            it would have passed up more points than the cards it played this deal made
            (`cribbage.computer.reading.passed_up`): by the share of its turns with points
            to take in which it has passed them up in the game (`pass_up_rate`) for each.
            Off: against the search partner at 500 passes (`benchmarks/sparring.py`) it won
            60.2% of 2,000 duplicate games where the expert without it won 59.6% (95%
            intervals 58.6-61.7% and 58.0-61.2%), and 66.0% against the classic level
            where the expert wins 66.1%.
        expect_takes: in the play, expect the opponent (where it is not read as playing by a
            rule) to take the most points it can at once whenever a card of its pegs, and its
            best reply only where none does (over 20 games against the expert, the search
            partner at 500 passes passed up points in 3.8% of its plays with points to take,
            the expert in 17.4%: `benchmarks/reading_evidence.py`). Off: against that partner
            (`benchmarks/sparring.py`) it won 58.7% of 2,000 duplicate games where the
            expert without it won 59.6% (95% intervals 57.1-60.2% and 58.0-61.2%), and
            66.0% against the classic level where the expert wins 66.1%.
        whole_match: in a match, read the opponent (`read`, `lead_styles`) from the earlier
            games too, not from this game's deals alone (`PlayerView.match_plays`). Off: in
            matches of five games (2,000 duplicate games, `cribbage.tournament --match 5`)
            it won 65.2% against the classic level where the expert without it won 64.7%,
            and 70.5% against the player of plain habits (`benchmarks/sparring.py`) where
            it won 70.8%: the reading settles within a deal or two of each game anyway.
        second_look: in the play, where points decide (not the chance of winning near
            the end) and the opponent's hands were sampled, search a second sample of them
            when the best two ranks of the first are less than this many points apart, and
            value each card by both samples; 0 never does. Against the search of every
            holding (`benchmarks/play_sampling.py`) 0.1 chose as well as a larger sample of
            240 (0.0026 points lost a play against 0.0023; the shipped sample 0.0043) for
            less than half its extra time. Off: it won 50.0% of 2,000 duplicate games
            against the expert without it (95% interval 49.2-50.7%), 65.8% against the
            classic level where the expert wins 66.1%, and 59.5% against the search partner
            at 500 passes (`benchmarks/sparring.py`) where it wins 59.6%.
    """

    crib: Literal["opponent", "random"] = "opponent"
    pegging: bool = True
    prior: bool = True
    leads: bool = True
    aware: bool = True
    aware_within: int = 40
    samples: int = 60
    later_samples: int = 80
    sampling: Literal["systematic", "random"] = "systematic"
    adaptive: bool = False
    read: bool = True
    blind: bool = False
    styles: bool = True
    lead_styles: bool = True
    whole_match: bool = False
    takes: bool = False
    expect_takes: bool = False
    second_look: float = 0.0

    def __post_init__(self) -> None:
        if self.crib not in ("opponent", "random"):
            raise ValueError(f"crib must be 'opponent' or 'random', not {self.crib!r}.")
        if self.sampling not in ("systematic", "random"):
            raise ValueError(f"sampling must be 'systematic' or 'random', not {self.sampling!r}.")
        if self.samples < 1 or self.later_samples < 1 or self.aware_within < 0:
            raise ValueError(
                "samples and later_samples must be positive and aware_within not negative."
            )
        if not self.second_look >= 0:
            raise ValueError("second_look must be a number of points, 0 or more.")


EXPERT: Final = Settings()
"""The expert level's settings."""

PRESETS: Final = {
    "v1": Settings(leads=False, later_samples=60, sampling="random", read=False),
    "v2": Settings(read=False, lead_styles=False),
    "v3": Settings(styles=False, lead_styles=False, whole_match=False),
}
"""Settings known by a name in `parse_settings`: `v1` is the expert of the first release of
this computer, `v2` the one before it read its opponent, `v3` the one that read it by the
classic level's rule alone, kept to measure later experts against."""


def parse_settings(text: str, base: Settings = EXPERT) -> Settings:
    """Settings from 'name=value' pairs separated by commas, e.g. 'crib=random,pegging=off',
    each changing `base`; a preset's name (`PRESETS`) among them stands for all its settings.

    Raises:
        ValueError: an unknown name or a value of the wrong kind.

    >>> parse_settings("crib=random,samples=20")
    Settings(crib='random', pegging=True, prior=True, leads=True, aware=True, aware_within=40, samples=20, later_samples=80, sampling='systematic', adaptive=False, read=True, blind=False, styles=True, lead_styles=True, whole_match=False, takes=False, expect_takes=False, second_look=0.0)
    >>> parse_settings("adaptive=on").adaptive, parse_settings("v1").sampling
    (True, 'random')
    """
    changes: dict[str, object] = {}
    kinds = {f.name: f.type for f in fields(Settings)}
    for part in filter(None, (p.strip() for p in text.split(","))):
        if part in PRESETS:
            base = PRESETS[part]
            continue
        name, sep, value = part.partition("=")
        if not sep or name not in kinds:
            raise ValueError(
                f"Unknown setting {part!r}; settings are {', '.join(kinds)}, or "
                f"{', '.join(PRESETS)}."
            )
        kind = str(kinds[name])
        if kind == "bool":
            if value not in ("on", "off", "true", "false", "1", "0"):
                raise ValueError(f"{name} is on or off, not {value!r}.")
            changes[name] = value in ("on", "true", "1")
        elif kind == "float":
            try:
                changes[name] = float(value)
            except ValueError:
                raise ValueError(f"{name} is a number, not {value!r}.") from None
        elif kind == "int":
            try:
                changes[name] = int(value)
            except ValueError:
                raise ValueError(f"{name} is a whole number, not {value!r}.") from None
        else:
            changes[name] = value
    return replace(base, **changes)  # type: ignore[arg-type]  # names and kinds checked above
