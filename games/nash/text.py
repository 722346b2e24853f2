"""The Nash game's rules as a player reads them in the app (F1)."""

BLURB = "Ask for cards, remember, and name the three hidden ones."

RULES = """\
The Nash card game (2 or 3 players)

Three cards lie face down in the middle: the mystery cards. Whoever names the value of one \
exactly wins. Suits do not matter; an Ace is 1 and the other cards count their number (with \
the face-card option, Jack 11, Queen 12, King 13).

The deck: two players use Ace to 10 in three suits, three players in all four suits. Each \
player gets five cards and the rest make three draw stacks, used one after the other.

Your turn: take the top card of the current stack (the table does this for you), then ask \
for a value, for example "any fours?".
- Two players: if your opponent has any, they must hand you all of them, face up. If not, \
they take one card from your hand without looking.
- Three players: you ask both others at once and each hands over all they have. Only if \
neither has one does each of them take a random card from you.
Then play passes to the left.

Guessing: when a turn empties a stack, that turn still ends with its question. Then the \
next player guesses the value of the next mystery card, and each other player in turn, \
never repeating a value already guessed for it. The card is turned up. A correct guess wins \
at once. Otherwise the closest guess takes three cards from the next stack and carries on \
by asking (no draw that turn). Two guesses equally close: the one who comes first from the \
game's starting player takes two cards, the other one card and carries on.

The last mystery card is guessed when the third stack runs out, and here values may be \
repeated: everyone who is right wins, so there can be several winners, or none.

Remember what you see: cards handed over face up, the card you lost and who took it, the \
card you took. The history (L) keeps every ask, hand-over and guess, and the odds panel \
(O) shows the exact chance of each value for the next mystery card given what you know.
"""
