"""Procedural drawing: card faces and backs, suit pips, text (all cached per size)."""
