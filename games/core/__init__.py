"""Shared pieces of the rules core: cards and decks, the game protocol, events."""

from games.core.cards import Card, Rank, Suit
from games.core.protocol import Action, Event, IllegalAction, Outcome, Seat

__all__ = ["Action", "Card", "Event", "IllegalAction", "Outcome", "Rank", "Seat", "Suit"]
