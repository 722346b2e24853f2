"""What went wrong with a networked table, said in a player's words (the Join screen, the
lobby and Back to your table share them)."""

from __future__ import annotations

from typing import Literal

__all__ = ["NOT_A_CODE", "ROUTER_ASKING", "RouterKind", "SEAT_STILL_KEPT", "player_line", "router_line",
           "names_and", "close_question", "CLOSE_DETAIL", "CLOSE_YES", "CLOSE_NO", "BACK_TO_MENU", "link_line"]

RouterKind = Literal["mapped", "refused", "no_router", "private"]
"""What a home router can answer when asked to forward the hosting port
(app/net/server/router.py): it opened it, it said no, nothing answered, or its own address
on the internet is private (carrier-grade NAT)."""

ROUTER_ASKING = "Asking your router to open port {port} for friends beyond this network…"
OUTSIDE_CANNOT = "friends outside your network cannot reach this computer"
USE_A_VENUE = "use a venue (Settings)"
BY_HAND = "or forward TCP port {port} to {lan} in your router's settings"
ROUTER_WORDS: dict[str, str] = {
    "mapped": "Your router opened port {port}: friends anywhere can join at {public}.",
    "refused": "Your router did not allow it: " + OUTSIDE_CANNOT + "; " + USE_A_VENUE + ", " + BY_HAND + ".",
    "no_router": "No router answered (UPnP is off or missing): " + OUTSIDE_CANNOT + "; " + USE_A_VENUE + ", "
                 + BY_HAND + ".",
    "private": "Your router's address on the internet, {public}, is itself private (your provider shares "
               "it): " + OUTSIDE_CANNOT + "; " + USE_A_VENUE + ".",
}

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


# --- certificates and invitations (app/net/wire/tls.py, app/net/wire/invitation.py) ---------

def wrong_certificate(host_name: str | None, address: str) -> str:
    """A pinned table whose certificate is not the invitation's: someone else answered."""
    whose = f"{host_name}'s table" if host_name else f"the table at {address}"
    return f"this is not {whose}: its certificate does not match the invitation"


def untrusted_certificate(address: str, why: str) -> str:
    """A server whose certificate no authority this computer trusts vouches for."""
    return f"the server at {address} could not prove who it is: its certificate is not trusted ({why})"


NOT_AN_INVITATION = "no Parlour invitation here: paste the whole line that starts with parlour://"
BROKEN_INVITATION = "this invitation is broken ({why}): ask for it again, and paste the whole line"
INVITE_COPIED = "Invitation copied: paste it to your friends"
NO_CLIPBOARD = "No clipboard here: select the invitation's line and send it as it is"


def invitation_line(host_name: str | None, game_title: str | None, address: str) -> str:
    """What a pasted invitation is to, said under the box that shows only its end."""
    what = game_title or "A table"
    return f"{what} with {host_name}, at {address}" if host_name else f"{what} at {address}"


def router_line(kind: RouterKind | None, port: int, public: str = "", lan: str = "this computer") -> str:
    """What came of asking the router to open ``port`` (None: it is being asked), in a
    player's words: ``public`` is the router's address on the internet, ``lan`` this
    computer's on the local network (for forwarding the port by hand).

    >>> router_line("mapped", 8765, "203.0.113.7")
    'Your router opened port 8765: friends anywhere can join at 203.0.113.7:8765.'
    """
    if kind is None:
        return ROUTER_ASKING.format(port=port)
    where = f"{public}:{port}" if kind == "mapped" else public
    return ROUTER_WORDS[kind].format(port=port, public=where, lan=lan)


def names_and(names: list[str]) -> str:
    """"Ann", "Ann and Bob", "Ann, Bob and Cy"."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def close_question(names: list[str]) -> str:
    """What a host closing the app is asked while friends sit at their table."""
    return f"Close the table for {names_and(names)}?"


CLOSE_DETAIL = "They are told at once, and the table is gone"
CLOSE_YES, CLOSE_NO = "Close it", "Stay"


BACK_TO_MENU = "Back to the menu"


def link_line(status: str, failure: str | None, link: str, silent: bool, host: str, hosting: bool) -> str:
    """A networked table's word on its connection ("" while all is well): the table closed
    by its host ("Hana closed the table"), gone for another reason, its server silent (the
    host's computer has stopped answering), or the link coming back after a drop."""
    if status == "failed":
        line = failure or "the server is gone"
        if line.endswith("closed the table") or line.endswith("so the table is closed"):
            return line[:1].upper() + line[1:]
        return f"Disconnected: {line}"
    if silent:
        if host and not hosting:
            return f"{host}'s computer is not answering"
        return "The table's server is not answering"
    if link == "reconnecting":
        return "Connection lost: coming back…"
    return ""
