"""The pure rules core of Parlour: no pygame, no files, no clock, no global random."""
