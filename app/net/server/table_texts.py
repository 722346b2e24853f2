"""The ``table`` messages of one moment at a table, written as text for all its seats at once.

After every action the server tells each seat its own view and the events redacted for it.
Most of that is the same for every seat (the table's fields; in a trick game the cards
played so far, the scores, the last trick), so ``TableTexts`` writes each shared part once
and gives every seat exactly the text ``protocol.dump(protocol.table_message(...))`` would
(tests/net/test_table_texts.py holds it to that, byte for byte).
"""

from __future__ import annotations

import json
from typing import Any

from app.net.wire.protocol import outcome_data
from app.net.wire.values import SharedTexts, shared_value_text, value_text
from games.core.protocol import Event, Outcome, Seat, redacted

__all__ = ["TableTexts"]


def _compact(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


class TableTexts:
    """The ``table`` messages of one moment at a table, as text: for each seat exactly
    ``dump(table_message(...))``, but what the seats share (the table's fields, the view's
    fields equal to the last view written, the events no seat sees differently) is written
    once. Only within one moment: a view may hold a list that the game changes later, so a
    text is never kept for the next action."""

    def __init__(self, *, table: str, game: str, status: str, count: int, to_act: list[Seat],
                 players: list[dict[str, Any]], outcome: Outcome | None, replay: dict[str, Any] | None = None,
                 deal: str | None = None) -> None:
        # Text and whole numbers are written by value_text exactly as json.dumps writes them.
        self.head = f'{{"type":"table","table":{value_text(table)},"game":{value_text(game)},"seat":'
        self.middle = f',"status":{value_text(status)},"n":{value_text(count)},"to_act":{_compact(list(to_act))},"view":'
        self.tail = (f',"players":{_compact(players)},"outcome":{_compact(outcome_data(outcome))}'
                     f',"replay":{_compact(replay)},"deal":{_compact(deal)}}}')
        self.last: SharedTexts = {}     # the last view's fields, and their texts
        self.events: dict[int, tuple[Event, str]] = {}   # by id; each event is held, so ids stay its own

    def text(self, seat: Seat | None, view: Any, events: list[Event]) -> str:
        """The message for ``seat`` (None: a watcher); ``view`` must already be the seat's."""
        written = ",".join([self._event(e) for e in redacted(events, seat)])
        return (f"{self.head}{value_text(seat)}{self.middle}{shared_value_text(view, self.last)}"
                f',"events":[{written}]{self.tail}')

    def _event(self, event: Event) -> str:
        known = self.events.get(id(event))
        if known is not None and known[0] is event:
            return known[1]
        text = value_text(event)
        self.events[id(event)] = (event, text)
        return text

