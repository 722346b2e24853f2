"""Scenes: the menu, setup, tables, overlays. The manager keeps them on a stack."""
