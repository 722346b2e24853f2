"""PyInstaller entry point for the one-file `parlour` executable.

A script rather than app/__main__.py itself, so the frozen program imports `app` as a
package (relative imports and `app.cli.main` keep working) instead of running it as
a top-level script named __main__.
"""

import multiprocessing

# Bots think in a worker process (app/core/worker.py). Where processes are spawned rather than
# forked (Windows, macOS), the worker is this same executable started again: this hands
# it to multiprocessing before the app would open a window. On Linux it does nothing.
multiprocessing.freeze_support()

from app.cli.main import main  # noqa: E402

raise SystemExit(main())
