"""Errors a player can cause; each one's text is a sentence shown to them unchanged."""

from __future__ import annotations


class CribbageError(Exception):
    """Something a player did; str(err) is shown to them unchanged."""


class InvalidCardError(CribbageError, ValueError):
    """Text naming no card, e.g. '6X'."""


class AmbiguousCardError(CribbageError, ValueError):
    """A bare rank matching two or more cards of the hand."""


class CardNotInHandError(CribbageError, ValueError):
    """A real card, but not one the player holds."""


class IllegalPlayError(CribbageError, ValueError):
    """A real card or action the rules forbid now."""


class InvalidActionError(IllegalPlayError, TypeError):
    """Something given as an action that is not one, or with a field of the wrong type."""


class NotYourTurnError(CribbageError, ValueError):
    """An action by a seat that is not the one to act."""


class InvalidClaimError(CribbageError, ValueError):
    """A counted score that is not a whole number from 0 to 29."""


class InvalidRecordError(CribbageError, ValueError):
    """A game record or save that cannot be read or does not replay as a legal game."""
