"""Parlour's imperative shell: window, scenes, drawing, input, sound and files."""
