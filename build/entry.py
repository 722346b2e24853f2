"""PyInstaller entry point for the one-file `parlour` executable.

A script rather than app/__main__.py itself, so the frozen program imports `app` as a
package (relative imports and `app.__main__` keep working) instead of running it as
a top-level script named __main__.
"""

from app.__main__ import main

raise SystemExit(main())
