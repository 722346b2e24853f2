"""Seahaven Towers' rules as a player reads them in the app (F1)."""

BLURB = "Solitaire with four tower cells: bring every suit home, Ace to King."

RULES = """\
Seahaven Towers

All 52 cards are dealt face up: ten columns of five, with the last two cards in the middle \
two of the four tower cells. Your aim is to bring every card home to the four foundations \
above the columns, one pile per suit, starting with the Ace and ending with the King.

You move one card at a time. A card you may move is the last card of a column or any card \
sitting in a tower. It may go:
- home, when it is the next card its suit's foundation needs;
- onto the last card of a column, when that card is one rank higher in the same suit \
(the 4 of diamonds onto the 5 of diamonds);
- into any empty tower cell;
- into an empty column, but only if it is a King.

Cards that reach a foundation stay there.

Moving a run: cards of one suit going down by one can be dragged together, as long as \
there are enough empty towers to carry them one by one (a run of three needs two free \
towers). The game records such a drag as the single moves it is made of, and one undo \
takes it all back. A run going into an empty column must start with a King.

You win when all 52 cards are home. The game never ends on its own: if you are stuck, \
undo, restart the deal, or give up (G).

Playing: drag a card (or a run) with the mouse; while you drag, the places it may go are \
lit. Or click a card, then click where it should go. Double-click or right-click a card \
to send it home.

Keys: the arrow keys (or Tab) move a frame over the places, Enter picks up the card there \
and Enter again puts it down where the frame is; F sends the picked-up card home and \
Backspace puts it back. Ctrl+Z undo, Ctrl+Y redo (as often as you like), H hint, \
R restart the deal, N new deal, D play a deal by its number, G give up.

A hint is the solver's next move from the current position, shown with an arrow; if no \
win is possible any more, the hint says so.

Deal numbers: every deal has a number, and the same number always gives the same cards, \
so you can replay a deal or pass it to a friend. With "winnable deals only", the game \
skips to the next deal the solver has shown can be won.

Tips: Kings are the key cards. A King buried in a column blocks everything under it until \
a column is emptied for it, so plan early where each King will go. Keep at least one tower \
free for as long as you can.
"""
