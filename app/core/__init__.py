"""The headless middle of the app: no pygame, no sockets. Session kinds, files (settings,
statistics, autosave, replays), the worker process, the coach's jobs and a player's words."""
