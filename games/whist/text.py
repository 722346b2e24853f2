"""Whist's rules as a player reads them in the app (F1)."""

BLURB = "The classic partnership trick game: win tricks over six to score."

RULES = """\
Whist

Four players, two partnerships: your partner sits across from you. Play goes to the left.

The deal: everyone gets thirteen cards. The dealer's last card is shown face up, and its \
suit is trumps for the whole hand. That card stays on show until the dealer plays to the \
first trick and picks it up, so everyone knows the dealer holds it.

The play: the player on the dealer's left leads any card. The others each play one card in \
turn. You must play a card of the suit that was led if you have one; if you have none, you \
may play anything, a trump or a throw-away. The highest trump in the trick wins it; with no \
trump in it, the highest card of the suit led wins. Aces are high. Whoever wins a trick \
leads the next.

Scoring: after all thirteen tricks, a partnership that took more than six scores a point \
for each trick beyond six (seven tricks make one point, thirteen make seven). Then the deal \
moves one seat to the left.

Winning: the first partnership to reach the target (seven unless you chose five or \
twenty-five) wins the game.

At the table: the trump suit is shown beside the scores. Legal cards are raised; click \
one, drag it to the middle, or pick it with the arrow keys and press Enter. Hold Tab (or \
click the trick pile) to see the last trick again.
"""
