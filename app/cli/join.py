"""``parlour join ADDRESS CODE``: sit at a table on a Parlour server.

Without ``--bot`` the window opens at the table (``--watch``: as a spectator). With
``--bot LEVEL`` no window opens: a bot of that level plays the seat as a real client and
at the end one JSON line says how it went. ``--watch --text`` follows the table with no
window, printing what happens as a spectator may see it, one line an event, and the same
JSON line at the end.

``--list`` prints the tables waiting for players on the local network (mDNS, see
:mod:`app.net.wire.discovery`), one a line starting with the ADDRESS CODE that ``join`` takes.
"""

from __future__ import annotations

import sys
from typing import Any, Sequence

from app.cli.host import GAME_S, run_client
from app.net.wire.addresses import normalise
from app.net.client.reflex_client import ReflexClient
from app.core.words import promise_words
from app.core.words.names import SeatNames
from app.core.words.render import render
from app.net.client.remote import table_people
from app.net.wire.protocol import TableState


def run(address: str, code: str, name: str, bot: str | None, watch: bool, seed: int, text: bool = False,
        others: Sequence[str] = ()) -> int:
    """(``others``: the other people at this keyboard, seated at a reflex table in the window)"""
    if bot is None and not text:
        from app.cli import online_window   # (imports pygame: only when a window opens)

        return online_window.join(address, code, name, watch, others)
    hello: dict[str, Any] = {"code": code, **({"watch": True} if watch else {})}
    client = ReflexClient(normalise(address), hello, None if watch else bot, name=name, seed=seed,
                       on_table=Teller(name) if watch else None, timeout_s=GAME_S)
    return run_client("join", client.run())


class Teller:
    """Prints each event a spectator is told, in the words the table's history shows a
    spectator (people's names, cards as 10♠: ``render``), one line an event; each deal's
    promise first, as the table shows it."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.promised: str | None = None

    def __call__(self, state: TableState) -> None:
        people = SeatNames(table_people(state, self.name))
        if state.deal and state.deal != self.promised:   # a new deal's promise, before its first card
            self.promised = state.deal
            print(promise_words.promise_line(state.deal), flush=True)
        for event in state.events:
            print(render(event.message(), people), flush=True)


def list_tables(seconds: float) -> int:
    """Print the tables heard on the local network within ``seconds``; 0 if any were, 1 if
    none (said in one line), 1 if mDNS cannot work here (said in one line)."""
    try:
        from app.net.wire.discovery import DiscoveryUnavailable, browse, listing_lines
    except ImportError as problem:      # a build without zeroconf still joins by address
        print(f"parlour join: cannot list tables: zeroconf is missing ({problem.name}); "
              "join with the address and code (parlour join ADDRESS CODE)", file=sys.stderr)
        return 1
    try:
        found = browse(seconds)
    except DiscoveryUnavailable as problem:
        print(f"parlour join: {problem}; join with the address and code (parlour join ADDRESS CODE)",
              file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    lines = listing_lines(found, seconds)
    for line in lines:
        print(line, flush=True)
    return 0 if any(server.tables for server in found) else 1
