"""Ninety-Nine: keep the running count at 99 or under, or lose a token."""
