"""The referee: the server, its turn and reflex tables, the table log, and hosting a
server inside the window."""
