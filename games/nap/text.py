"""Nap's rules as a player reads them in the app (F1)."""

BLURB = "Five cards, one bid, everyone against the bidder: go Nap and take them all."

RULES = """\
Nap (Napoleon)

Three to seven players, each for themselves. Play goes to the left.

The cards: a short deck that grows with the table. Three players use A K Q J 10 9 of each \
suit; four add the 8s, five the 7s, six the 6s and seven the 5s. Aces are high. With the \
Joker option one Joker joins the deck: it is always the highest trump.

Chips: everyone starts with 40 chips. A chip is one credit.

The deal: five cards each, a round of three then a round of two, starting on the dealer's \
left. The cards left over sit out the hand. The cards are shuffled before every deal and \
the deal moves one seat to the left.

The auction: one round, starting on the dealer's left. Each player either passes or bids \
higher than the best bid so far. The bids, lowest first, and what they are worth:
  Two: win 2 tricks or more (2 credits)
  Three: win 3 or more (3)
  Mis: lose every trick, with no trumps (3)
  Four: win 4 or more (4)
  Nap: win all five (10)
  Wellington: win all five, only if someone has already bid Nap (20)
  Blücher: win all five, only if someone has already bid Wellington (40)
If everyone passes, the cards are thrown in and the next dealer deals.

The play: the highest bidder plays alone against everyone else and leads the first trick. \
The suit of that first card becomes trumps for the hand (in Mis there are no trumps). If \
the bidder leads the Joker, they name the trump suit. Follow suit if you can; otherwise \
play anything. The highest trump wins the trick, else the highest card of the suit led; \
the winner leads next. The Joker counts as a trump, so you may play it only when you cannot \
follow suit (or when you lead). In Mis it is a suit of its own that beats every card.

Settling up: the hand stops the moment its result is certain (a Nap bidder who loses a \
trick, a Two bidder who has taken two). If the bidder made the contract, every other player \
pays them the bid's credits; if not, the bidder pays every other player that much.

The end: the session ends after every player has dealt the chosen number of times (two by \
default), or at once when a player's chips fall to zero or below. The most chips wins.

At the table: when it is your turn to bid, the panel lists exactly the bids you may make \
with their credits. Each player's call is shown by their seat; the contract and the tricks \
the bidder still needs stay in the corner. Legal cards are raised: click one, drag it to \
the middle, or use the arrow keys and Enter. Hold Tab to see the last trick again.
"""
