"""Clients of a table: the window's remote sessions and the headless (bot, watcher) ones."""
