"""Nash Whist's rules as a player reads them in the app (F1)."""

BLURB = "Whist for a pot: bid a contract and play it alone, or Prop and Cop."

RULES = """\
Nash Whist

Four play each hand, each for themselves. The winner of the auction, the declarer, plays \
alone against the other three, who help each other for that hand only. Play goes to the \
left. There are also games for three, five and six (below).

The cards: 52, Aces high. For bidding the suits rank spades, hearts, diamonds, clubs.

Chips: everyone starts with a cache of 50 chips. At the start of every deal each player \
puts one chip into the pot in the middle.

The deal: thirteen cards each, starting on the dealer's left: a round of four cards, then \
three rounds of three. Two packs take turns: while one is dealt, the other lies shuffled \
and its top card is turned face up. That card's suit is the initial trump suit. At the \
next deal the packs change places.

The Hot Seat: the player on the dealer's left bids first, leads to the first trick and \
deals next.

The auction: starting with the Hot Seat, each player in turn either bids higher than the \
bid standing or passes. Once you pass you are out of the auction. It ends when everyone \
but the last bidder has passed; the last bidder becomes the declarer and plays the \
contract. If everyone passes, every player puts one more chip into the pot and the deal \
moves to the left.

The contracts, lowest first, with the chips each opponent pays:
  Prop-and-Cop (1): two players together take 8 tricks, initial trumps
  Five-In (2): take 5 tricks, initial trumps
  Six-Out (3): take 6 tricks with a suit you name as trumps
  Six-No-Trumps (4), Six-In (4)
  Seven-Out (5), Seven-No-Trumps (6), Seven-In (6)
  Eight-Out (7), Eight-No-Trumps (8), Eight-In (8)
  Misere (9): lose every trick, no trumps
  Nine-Out (10), Nine-No-Trumps (11), Nine-In (11)
  Ten-Out (12), Ten-No-Trumps (13), Ten-In (13)
  Eleven-Out (14), Eleven-No-Trumps (15), Eleven-In (15)
  Twelve-Out (16), Twelve-No-Trumps (17), Twelve-In (17)
  Open Misere (18): lose every trick, no trumps, with your hand shown after the first trick
  Thirteen (19): take every trick, in a suit you name or in no trumps

"In" plays with the initial trumps, "Out" with another suit you name (never the initial \
trumps), "No-Trumps" with none. Two Out bids of the same size are ranked by the suit they \
name: Seven-Out diamonds beats Seven-Out clubs. A Thirteen is the top bid: once one is bid \
no other Thirteen can beat it.

Prop and Cop: if nobody has bid yet you may bid Prop, a proposal. A later player may answer \
Cop instead of bidding: then the auction stops and the two of you are partners who need 8 \
tricks between you with the initial trumps. Anyone may instead bid higher, which sweeps the \
Prop away. If the auction comes round with the Prop standing and nobody has copped, the Hot \
Seat gets one last chance to Cop, even after passing; if nobody cops, it counts as \
everybody passing.

The play: the Hot Seat leads to the first trick with any card. Follow suit if you can; if \
not, play any card, a trump or a discard. The highest trump takes the trick, or else the \
highest card of the suit led. The winner of a trick leads to the next. In Open Misere the \
declarer's hand is laid face up on the table after the first trick.

The end of a hand: play stops the moment the result is certain: when the declaring side \
has its tricks, or can no longer get them. Extra tricks do not count. A Misere fails on the \
first trick the declarer wins.

Settling up: if the declarer makes the contract, each opponent pays the declarer the \
contract's chips and the declarer also takes the whole pot. If not, the declarer pays each \
opponent that many and the pot stays for a later hand. In Prop-and-Cop each partner \
settles one chip with one opponent (the declarer with the first opponent on their left, \
the partner with the other), and the pot is not won.

Nobody pays more than they have: a player short of chips pays what is left (a declarer \
pays the opponents in turn from their left). When a cache is spent the session ends.

Three players: the clubs are taken out (39 cards, 13 each, and the other pack has no clubs \
either). There is no Prop and Cop. Triste is added between Seven-In and Eight-Out: take \
exactly one trick, with no trumps, worth 7. It fails the moment a second trick is taken. \
Each of the two opponents pays, or is paid.

Five or six players: four play each hand. With six, the old dealer (on the dealer's right) \
and the player on their right sit out; with five, only the old dealer sits out. Players \
sitting out put nothing in the pot and neither pay nor are paid.

The session: choose when it ends: once round the table (everyone deals once), after a \
number of deals, or when the next declarer takes the pot. It also ends when a player's \
cache is spent. The most chips wins; chips left in the pot stay there.

At the table: when it is your turn to bid, the panel offers exactly the calls you may \
make, a row for each number of tricks: Out with the pip of the suit it makes trumps, NT, \
and In with the turned suit's pip. The number on each button is the chips each opponent \
pays; the line at the bottom of the panel says what the chosen call asks of you. Click a \
call, or use the arrow keys and Enter; P passes, C cops. Every call so far is listed at the \
bottom right (H makes the list taller). The turned card lies by the Hot Seat and gives way \
to the contract's trumps when the auction ends. Legal cards are raised: click one, drag it \
to the middle, or use the arrow keys and Enter. Hold Tab to see the last trick again.
"""
