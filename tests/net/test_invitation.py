"""The invitation: one line that round-trips every field (an IPv6 host in brackets, a name
with spaces and signs), is found among the words pasted around it, and is refused with a
line a player understands when it is broken."""

from __future__ import annotations

import pytest

from app.net.wire.invitation import BadInvitation, Invitation, find, for_url, parse
from app.net.wire.tls import fingerprint, pinned_url, read_url

PIN = fingerprint(b"Hana's certificate")


@pytest.mark.parametrize("invitation", [
    Invitation("192.168.1.20", 8765, "K7MQ2X", "whist", "Hana", PIN),
    Invitation("fe80::1", 9000, "ABCDEF", "nash_whist", "Ann & Bo: 100%?", PIN),
    Invitation("cards.example.org", 443, "PQ3ZT8", None, None, None),
    Invitation("127.0.0.1", 8765, "PQ3ZT8", "spoons", "Zoë", None, plain=True),
])
def test_every_field_round_trips(invitation: Invitation) -> None:
    line = invitation.text()
    assert line.startswith("parlour://") and " " not in line and line[-1].isalnum()
    assert parse(line) == invitation
    assert len(line) < 160, "short enough for a chat line"


def test_an_ipv6_host_is_bracketed_and_dialled_pinned() -> None:
    invitation = Invitation("fe80::1", 9000, "ABCDEF", "whist", "Hana", PIN)
    assert invitation.text().startswith("parlour://[fe80::1]:9000/ABCDEF?")
    where = read_url(invitation.url)
    assert (where.url, where.pin, where.host_name) == ("wss://[fe80::1]:9000", PIN, "Hana")


def test_an_invitation_is_found_among_the_words_around_it() -> None:
    invitation = Invitation("10.0.0.2", 8765, "K7MQ2X", "euchre", "Hana", PIN)
    for pasted in (f"Join me! {invitation.text()} see you", f"({invitation.text()}).",
                   f"here:\n{invitation.text()}\nbring snacks", f"«{invitation.text()}»?!"):
        assert find(pasted) == invitation, pasted
    assert find(invitation.text().replace("parlour://", "PARLOUR://")) == invitation
    assert find(f"code in lower case {invitation.text().replace('K7MQ2X', 'k7mq2x')}") == invitation


@pytest.mark.parametrize("line, why", [
    ("see you at eight", "no Parlour invitation here"),
    ("parlour://10.0.0.2:8765/K7MQ2?host=Hana", "its table code should be 6 letters and digits"),
    ("parlour://10.0.0.2:8765/K7MQ2O", "its table code should be 6 letters and digits"),
    ("parlour://10.0.0.2:99999/K7MQ2X", "its address or port is not one"),
    ("parlour://:8765/K7MQ2X", "it has no address"),
    (f"parlour://10.0.0.2:8765/K7MQ2X?fp={PIN[:-3]}", "its certificate fingerprint is cut short or mistyped"),
    ("parlour://10.0.0.2:8765/K7MQ2X?plain=1", "it asks for a connection in clear text across the network"),
    ("parlour://10.0.0.2:8765/K7MQ2X?game=../../x", "its game is not one Parlour knows"),
])
def test_a_broken_invitation_is_refused_saying_what_is_wrong(line: str, why: str) -> None:
    with pytest.raises(BadInvitation) as refused:
        find(line)
    assert why in str(refused.value)


def test_the_invitation_to_a_server_from_its_address() -> None:
    pinned = pinned_url("wss://127.0.0.1:4000", PIN)
    assert for_url(pinned, "k7mq2x", "whist", "Hana", "192.168.1.20") == \
        Invitation("192.168.1.20", 4000, "K7MQ2X", "whist", "Hana", PIN)
    assert for_url("wss://cards.example.org:443", "K7MQ2X").fingerprint is None    # a venue: authorities vouch
    assert for_url("ws://127.0.0.1:4000", "K7MQ2X").url == "ws://127.0.0.1:4000"   # a test's plain server
    assert for_url("ws://10.0.0.2:4000", "K7MQ2X") is None, "never an invitation to clear text across a network"


def test_a_table_found_on_the_network_is_pinned_to_the_announced_certificate() -> None:
    from app.net.wire import discovery, protocol
    from app.net.wire.discovery import Found, ListedTable

    listed = [ListedTable("K7MQ2X", "whist", 2, 4, "Hana")]
    props = {k.encode(): v.encode() for k, v in discovery.announced_properties("den", listed, PIN).items()}
    version, server, tables = discovery.read_properties(props)
    assert tables == tuple(listed) and discovery.read_fingerprint(props) == PIN
    found = Found(server, "wss://10.0.0.2:8765", version, tables, PIN)
    where = read_url(found.url(tables[0]))
    assert (where.url, where.pin, where.host_name) == ("wss://10.0.0.2:8765", PIN, "Hana")
    line = discovery.listing_lines([found], 3)[0]
    assert find(line) == Invitation("10.0.0.2", 8765, "K7MQ2X", "whist", "Hana", PIN), "join --list gives what join takes"
    assert discovery.read_fingerprint({b"fp": b"not one"}) is None
    assert protocol.VERSION == version
