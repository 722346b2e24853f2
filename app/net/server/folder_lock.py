"""One server to a data folder: a lock file, held open and locked while the server runs.

Two servers keeping their tables in one folder would each resume the other's tables and
write over each other's log. The system lets go of the lock when the process ends, even
killed, so a folder is never left locked. No pygame here.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import IO

__all__ = ["LOCK_NAME", "lock_folder"]

LOCK_NAME = "server.lock"


def lock_folder(folder: Path) -> IO[bytes] | None:
    """``folder``'s lock file, open and locked by this process (keep it open while serving),
    or None when another running server holds it. Makes the folder if need be."""
    folder.mkdir(parents=True, exist_ok=True)
    handle = open(folder / LOCK_NAME, "a+b")
    try:
        if sys.platform == "win32":
            import msvcrt

            handle.seek(0)
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        return None
    return handle
