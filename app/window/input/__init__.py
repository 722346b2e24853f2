"""Input for reflex tables: per-seat key bindings (several humans on one keyboard)."""
