"""The command-line commands other than play: sim, bench, solve and the self-test."""
