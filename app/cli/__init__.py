"""The command line: ``parlour`` and its commands. Nothing in ``app`` imports this package;
``app/cli/main.py`` and the console script are its only callers."""
