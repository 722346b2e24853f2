"""What crosses the network, both ways: the messages and their checks, the values they
carry, the shared clock's arithmetic, addresses and the local network's table records."""
