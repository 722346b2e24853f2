"""What a venue's operator watches: ``GET /healthz`` and ``GET /metrics`` on the server's own
port, beside the WebSocket connections (websockets' ``process_request`` answers plain HTTP
before any handshake, so a load balancer or Prometheus needs nothing else).

The counts are kept cheap on the hot path: plain integers and floats that the event loop
alone touches (one increment per accepted action, one ``bisect`` per answered message),
with no lock and no ``prometheus_client`` object per message. ``prometheus_client`` reads
them only when ``/metrics`` is asked for, through a collector on a registry of the
server's own (never the global one, so two servers in one process, as in the tests, never
mix their figures).

Round trips are the WebSocket keepalive's (websockets measures each ``ping``'s answer and
keeps it as ``latency``): sampled for every open connection at each keepalive, so they
cost nothing on a table's path either.
"""

from __future__ import annotations

import asyncio
import bisect
import http
from typing import TYPE_CHECKING, Callable, Iterable, Iterator

from prometheus_client import CollectorRegistry
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, HistogramMetricFamily, Metric
from prometheus_client.exposition import CONTENT_TYPE_LATEST, generate_latest
from prometheus_client.registry import Collector
from websockets.asyncio.server import ServerConnection
from websockets.datastructures import Headers
from websockets.http11 import Request, Response

if TYPE_CHECKING:
    from app.net.server.table import Table

__all__ = ["Figures", "HEALTH_PATH", "METRICS_PATH", "Histogram", "answer_http", "sample_every"]

HEALTH_PATH, METRICS_PATH = "/healthz", "/metrics"
HEALTHY = "ok\n"
# Seconds. Answers are judged in well under a millisecond; a round trip across the world is
# a few hundred milliseconds, and a sleeping laptop's much more.
ANSWER_BUCKETS = (0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0)
ROUND_TRIP_BUCKETS = (0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.35, 0.5, 1.0, 2.5, 5.0)


class Histogram:
    """A histogram's counts, kept by the event loop: ``observe`` is a ``bisect`` and two
    additions."""

    def __init__(self, bounds: tuple[float, ...]) -> None:
        self.bounds = bounds
        self.counts = [0] * (len(bounds) + 1)      # the last: above every bound (+Inf)
        self.total = 0.0

    def observe(self, value: float) -> None:
        self.counts[bisect.bisect_left(self.bounds, value)] += 1
        self.total += value

    def family(self, name: str, documentation: str) -> HistogramMetricFamily:
        """Prometheus' cumulative buckets, as of now."""
        running, buckets = 0, []
        for bound, count in zip((*map(str, self.bounds), "+Inf"), self.counts):
            running += count
            buckets.append((bound, float(running)))
        return HistogramMetricFamily(name, documentation, buckets=buckets, sum_value=self.total)


class Figures:
    """One server's figures: what the hot path counts, and what is read from the server's
    tables and connections when they are asked for."""

    def __init__(self, tables: Callable[[], Iterable[Table]], connections: Callable[[], int]) -> None:
        self.actions = 0                         # actions and presses the tables accepted from people
        self.answers = Histogram(ANSWER_BUCKETS)
        self.round_trips = Histogram(ROUND_TRIP_BUCKETS)
        self._tables, self._connections = tables, connections
        self.registry = CollectorRegistry(auto_describe=False)
        self.registry.register(_Collector(self))

    def sample_round_trips(self, connections: Iterable[ServerConnection]) -> None:
        """Each open connection's latest keepalive round trip (0 until its first ping's answer)."""
        for ws in connections:
            if ws.latency > 0:
                self.round_trips.observe(ws.latency)

    def text(self) -> bytes:
        """Every figure in Prometheus' text format."""
        return generate_latest(self.registry)

    def families(self) -> Iterator[Metric]:
        yield _gauge("parlour_connections", "WebSocket connections open now", self._connections())
        by_status = GaugeMetricFamily("parlour_tables", "Tables held now, by status", labels=["status"])
        counts = {"waiting": 0, "playing": 0, "over": 0}
        for table in self._tables():
            counts[table.status] = counts.get(table.status, 0) + 1
        for status, count in counts.items():
            by_status.add_metric([status], count)
        yield by_status
        yield CounterMetricFamily("parlour_actions", "Actions and presses the tables accepted from people "
                                  "(rate() gives actions per second)", value=self.actions)
        yield self.answers.family("parlour_answer_seconds", "From a message's arrival to its answer being "
                                  "queued for every connection it concerns")
        yield self.round_trips.family("parlour_round_trip_seconds", "WebSocket keepalive round trips, "
                                      "sampled from every open connection at each keepalive")


class _Collector(Collector):
    def __init__(self, figures: Figures) -> None:
        self.figures = figures

    def collect(self) -> Iterable[Metric]:
        return list(self.figures.families())


def _gauge(name: str, documentation: str, value: float) -> GaugeMetricFamily:
    return GaugeMetricFamily(name, documentation, value=value)


def answer_http(figures: Figures, connection: ServerConnection, request: Request) -> Response | None:
    """``process_request``: ``/healthz`` and ``/metrics`` answered as plain HTTP; None lets
    anything else go on to the WebSocket handshake (and its own checks)."""
    path = request.path.split("?", 1)[0]
    if path == HEALTH_PATH:
        return connection.respond(http.HTTPStatus.OK, HEALTHY)
    if path == METRICS_PATH:
        body = figures.text()
        headers = Headers([("Content-Type", CONTENT_TYPE_LATEST), ("Content-Length", str(len(body))),
                           ("Connection", "close")])
        return Response(http.HTTPStatus.OK, "OK", headers, body)
    return None


async def sample_every(figures: Figures, connections: Callable[[], Iterable[ServerConnection]],
                       seconds: float) -> None:
    """``sample_round_trips`` every ``seconds`` (the keepalive's interval), until cancelled."""
    while True:
        await asyncio.sleep(seconds)
        figures.sample_round_trips(connections())
