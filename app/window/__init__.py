"""Everything that needs pygame: the shell, scenes, tables, drawing, widgets, animation,
input and sound."""
