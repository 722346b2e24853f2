"""A player's words: names for seats, cards and suits, the log's and the coach's sentences."""
