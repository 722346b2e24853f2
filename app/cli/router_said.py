"""What the router said, on the terminal (``parlour host --internet``, with or without a window)."""

from __future__ import annotations

from app.core.words.net_words import router_line
from app.net.server.router import NO_ANSWER, RouterOutcome, RouterPort


def say_router(router: RouterPort, lan: str) -> str:
    """Wait for the router's answer and print it (``router: ...``); the address (``host:port``)
    to give friends: the public one when the router opened the port, else ``lan``."""
    outcome = router.wait()
    if outcome is None:
        outcome = RouterOutcome("no_router", router.port, detail=NO_ANSWER)
    line = router_line(outcome.kind, outcome.port, outcome.public_ip, lan.rpartition(":")[0])
    print(f"router: {line}" + (f" ({outcome.detail})" if outcome.detail else ""), flush=True)
    return outcome.address or lan
