"""The threads the server's computer players think on: a few (never more than the cores),
shared by every table, and the tables where people are waiting served first.

Each table has at most one move being thought of at a time, so a busy server has one job
queued per table with a computer to move. Served first come, first served, a person's
table waited behind every computers-only table's move (ten of those stretched a person's
game from 1.4 s to 28 s). Here each job has a priority: ``PEOPLE`` when a person is
connected in a seat of its table, ``ALONE`` when nobody is (computers only, or everyone
away). A person's table then waits only for a thread to finish the move it is on.

Jobs within one priority go in the order they came, so computers-only tables still share
the threads evenly among themselves. Threads are made on the first job, so a server that
is only read (tests, tools) makes none.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import os
import threading
from queue import PriorityQueue
from typing import Any, Callable

__all__ = ["PEOPLE", "ALONE", "ThinkingPool"]

log = logging.getLogger("parlour.server")

PEOPLE, ALONE = 0, 1
_STOP = -1          # before any job: a thread stops as soon as it is free


class _Job:
    def __init__(self, run: Callable[..., Any], args: tuple[Any, ...], loop: asyncio.AbstractEventLoop,
                 future: asyncio.Future[Any]) -> None:
        self.run, self.args, self.loop, self.future = run, args, loop, future

    def __call__(self) -> None:
        try:
            result, problem = self.run(*self.args), None
        except Exception as raised:      # handed to whoever awaits the move
            result, problem = None, raised
        try:
            self.loop.call_soon_threadsafe(_settle, self.future, result, problem)
        except RuntimeError:             # the loop has closed: nobody is waiting any more
            pass


def _settle(future: asyncio.Future[Any], result: Any, problem: Exception | None) -> None:
    if future.cancelled():
        return
    if problem is not None:
        future.set_exception(problem)
    else:
        future.set_result(result)


class ThinkingPool:
    """``workers`` threads (at most the machine's cores) running jobs most urgent first."""

    def __init__(self, workers: int) -> None:
        self.workers = max(1, min(workers, os.cpu_count() or 1))
        self._queue: PriorityQueue[tuple[int, int, _Job | None]] = PriorityQueue()
        self._order = itertools.count()
        self._threads: list[threading.Thread] = []

    def think(self, priority: int, run: Callable[..., Any], *args: Any) -> asyncio.Future[Any]:
        """``run(*args)`` on a thread, after every job of a more urgent ``priority`` (and
        those of its own queued before it); awaited on the calling loop."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        if not self._threads:
            self._start()
        self._queue.put((priority, next(self._order), _Job(run, args, loop, future)))
        return future

    def waiting(self) -> int:
        """Jobs queued and not started."""
        return self._queue.qsize()

    def shutdown(self, wait: bool = False, cancel_futures: bool = True) -> None:
        """Every thread stops once its job is done; jobs not started are dropped (whoever
        awaits them is stopping too). (The arguments are those of an executor's.)"""
        for _ in self._threads:
            self._queue.put((_STOP, next(self._order), None))
        if wait:
            for thread in self._threads:
                thread.join()

    def _start(self) -> None:
        for number in range(self.workers):
            thread = threading.Thread(target=self._work, name=f"parlour-bot-{number}", daemon=True)
            thread.start()
            self._threads.append(thread)

    def _work(self) -> None:
        while True:
            _priority, _order, job = self._queue.get()
            if job is None:
                return
            job()
