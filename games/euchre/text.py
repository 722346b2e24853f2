"""Euchre's rules as a player reads them in the app (F1)."""

BLURB = "Make trumps, mind the bowers, and take three tricks of five."

RULES = """\
Euchre

Four players, two partnerships: your partner sits across from you. Play goes to the left.

The cards: 32 cards, 7 up to Ace in each suit (or 24 cards, 9 up to Ace, if you chose the \
short deck). Everyone gets five cards; the rest is the stub, and its top card is turned \
up. Its suit is offered as trumps.

The trumps: the Jack of the trump suit is the highest card (the right bower). Next comes \
the other Jack of the same colour (the left bower): with hearts as trumps, the Jack of \
diamonds. The left bower is a trump for every purpose: it follows as a trump, not as its \
printed suit. Then come Ace, King, Queen, 10, 9, 8, 7 of trumps. Other suits run Ace high \
down to 7.

Making trumps, round one: starting left of the dealer, each player either passes or \
accepts the turned-up suit. Accepting is called ordering it up (an opponent of the \
dealer), assisting (the dealer's partner) or taking it up (the dealer). The dealer then \
adds the upcard to hand and discards any one card face down.

Round two: if all four pass, the upcard is turned down. Going round again, each player may \
pass or name any other suit as trumps. If everyone passes again, the hand is thrown in and \
the next player deals (with "stick the dealer" on, the dealer must name a suit).

Going alone: whoever makes trumps may choose to play alone. The partner lays the hand \
down and sits out; the maker plays against both opponents.

The play: the player left of the dealer leads (if that player sits out, the next one \
does). Follow suit if you can; otherwise play anything. The highest trump wins the trick; \
with no trump in it, the highest card of the suit led. The winner leads next.

Scoring, for the side that made trumps (the makers):
- 3 or 4 tricks: 1 point. All five (a march): 2 points.
- Alone, 3 or 4 tricks: 1 point. Alone, all five: 4 points.
- Fewer than 3 tricks: euchred! The other side scores 2 points.

The first side to 5 points wins (10 if you chose the long game). The deal passes left.

At the table: when it is your call, buttons offer Pass, Accept (or a suit in round two) \
and Alone. Legal cards are raised; click one, drag it to the middle, or use the arrow keys \
and Enter. Hold Tab (or click a trick pile) to see the last trick again.
"""
