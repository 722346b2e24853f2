"""Play across machines: the wire protocol, the table log store, the server and its clients.

Nothing here imports pygame (tests/net/test_net_purity.py checks it), so ``parlour serve``
runs on a machine with no display and no SDL."""
