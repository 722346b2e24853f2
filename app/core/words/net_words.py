"""What went wrong with a networked table, said in a player's words (the Join screen, the
lobby and Back to your table share them)."""

from __future__ import annotations

__all__ = ["NOT_A_CODE", "SEAT_STILL_KEPT", "player_line"]

SEAT_STILL_KEPT = "{failure}. Your seat is kept: come back to it once that is put right."
"""Back to your table, when this app's own server cannot open: the fault is the disk's."""
NOT_A_CODE = "the server named its table with a code that is not a table's code: it is not a Parlour this app can play with"


def player_line(failure: str | None, address: str) -> str:
    """Why joining failed (or a seat was lost), in a player's words: the server's own line
    when it refused (a wrong code, too many tries, a full table) or closed the table, or
    what "cannot reach" and "lost the server" mean. The lobby says its failures with it too."""
    line = failure or "the table could not be joined"
    line = line.removeprefix("the server refused: ")
    if line.startswith("lost the server at "):
        line = f"nothing answers at {address} any more: check that the host's Parlour is open, and your network"
    if line.startswith("cannot reach "):
        lowered = line.lower()
        if "name or service" in lowered or "getaddrinfo" in lowered or "nodename" in lowered:
            line = f"no computer has the address {address}: check what you typed"
        elif "refused" in lowered or "111" in lowered or "10061" in lowered:
            line = f"nothing answers at {address}: check the address, and that the host's Parlour is open"
        elif "timed out" in lowered or "timeout" in lowered:
            line = f"no answer from {address}: is it on your network, and the address right?"
    return line[:1].upper() + line[1:]
