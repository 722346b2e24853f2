"""The words a player reads about a venue (Settings' venue address, Host's "where"), in one
place for translation (issue 29)."""

from __future__ import annotations

from app.core.words.language import N_

__all__ = ["ADDRESS_EXAMPLE", "AT_VENUE", "BAD_ADDRESS", "BAD_PORT", "BAD_SCHEME", "NO_PATH", "NO_VENUE",
           "NO_VENUE_WORDS", "PROMPT_TITLE", "SETTINGS_ROW", "venue_silent", "venue_words"]

SETTINGS_ROW = N_("Venue")
PROMPT_TITLE = N_("The venue's address")
NO_VENUE = N_("none")
ADDRESS_EXAMPLE = "cards.example.org"

# (each fits the address box at the smallest window: keep them short)
BAD_ADDRESS = f"Type an address like {ADDRESS_EXAMPLE}"
BAD_SCHEME = "Start with wss:// or ws://, or just the name"
BAD_PORT = "The port is a number from 1 to 65535"
NO_PATH = "Only the name and the port, nothing after"

AT_VENUE = "the venue"       # Host's "Friends join from" (beside this network, anywhere)


def venue_words(venue: str) -> str:
    """Under Host's choices, when the table is to be at the venue (named: ``venue``)."""
    return (f"At the venue ({venue}) the table lives on the venue's server: it goes on if this "
            "computer sleeps or Parlour closes, and Back to your table on the menu sits you down again.")

def venue_silent(venue: str) -> str:
    """Back to your table, when the venue does not answer (the seat is kept for later)."""
    return (f"Nothing answers at the venue ({venue}) just now: check this computer's network, "
            "then try again from the menu.")


NO_VENUE_WORDS = "To host at a venue, give its address under Settings, Venue."
