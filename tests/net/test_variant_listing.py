"""A table of Pig (Spoons played with variant=pig) is listed as Pig: announced on the
local network, in ``parlour join --list`` and on the Join screen."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

import app.window.scenes.join as join_scene
from app.net.wire import discovery, protocol
from app.net.wire.discovery import Found, ListedTable
from app.net.wire.protocol import Create
from app.net.server.server import Server
from app.net.client.table_finder import TableFinder

from tests.app.ui_driver import FRAME, make_app


def test_a_pig_table_is_announced_and_listed_as_pig() -> None:
    server = Server()
    try:
        pig, _ = server.create(Create("spoons", 4, 2, options={"variant": "pig"}), "Ann")
        spoons, _ = server.create(Create("spoons", 4, 2), "Bo")
        listed = discovery.open_tables(server.tables.values())
    finally:
        server.executor.shutdown()
    games = {t.code: t.game for t in listed}
    assert games == {pig.code: "spoons:pig", spoons.code: "spoons"}
    _, _, heard = discovery.read_properties(
        {k.encode(): v.encode() for k, v in discovery.announced_properties("den", listed).items()})
    lines = discovery.listing_lines([Found("den", "ws://10.0.0.2:8765", protocol.VERSION, heard)], 3)
    assert any(f"{pig.code}  Pig  " in line for line in lines)
    assert any(f"{spoons.code}  Spoons  " in line for line in lines)


def test_the_join_screen_names_a_pig_table_pig(monkeypatch: pytest.MonkeyPatch) -> None:
    listed = [Found("den", "ws://10.0.0.2:8765", protocol.VERSION, (ListedTable("ABC234", "spoons:pig", 2, 4, "Ann"),))]
    monkeypatch.setattr(join_scene, "look_for_tables", lambda: TableFinder(lambda seconds: listed).start())
    drawn: list[str] = []
    real = join_scene._fit

    def fit(text: str, *args: Any) -> pygame.Surface:
        drawn.append(text)
        return real(text, *args)

    monkeypatch.setattr(join_scene, "_fit", fit)
    app = make_app((800, 560))
    try:
        join = join_scene.JoinScene(app)
        app.start(join)
        for _ in range(300):
            if join.rows:
                break
            app.step(FRAME)
        app.step(FRAME)
        assert "Pig" in drawn and "spoons:pig" not in drawn
    finally:
        pygame.quit()
