"""The table base hands each event to the table's ``_on_<EventType>`` method."""

from __future__ import annotations

from dataclasses import dataclass

from app.window.scenes.table import TableScene


@dataclass(frozen=True)
class Dealt:
    dealer: int


@dataclass(frozen=True)
class Played:
    seat: int


@dataclass(frozen=True)
class Unknown:
    pass


class FakeTable(TableScene):
    def __init__(self) -> None:  # no window: only the dispatch is under test
        self.seen: list[object] = []

    def _on_Dealt(self, event: Dealt) -> float:
        self.seen.append(event)
        return 0.5

    def _on_Played(self, event: Played) -> None:
        self.seen.append(event)


def test_an_event_goes_to_its_method_and_returns_the_hold() -> None:
    table = FakeTable()
    assert table.show(Dealt(2)) == 0.5  # type: ignore[arg-type]
    assert table.seen == [Dealt(2)]


def test_a_method_that_returns_nothing_holds_nothing() -> None:
    table = FakeTable()
    assert table.show(Played(1)) == 0.0  # type: ignore[arg-type]
    assert table.seen == [Played(1)]


def test_an_event_without_a_method_shows_nothing() -> None:
    table = FakeTable()
    assert table.show(Unknown()) == 0.0  # type: ignore[arg-type]
    assert table.seen == []
