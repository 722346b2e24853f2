"""Small shared pieces of the interface: colours, buttons, panels."""
