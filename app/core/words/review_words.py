"""The coach's review in a player's words: cards with suit symbols ("Q♥"), seats by name
("You", "Ann"), never a card code or "P2".

>>> from games.core.cards import Card
>>> option_words(Card.parse("QH")), option_words(Card.parse("TS"))
('Q♥', '10♠')
"""

from __future__ import annotations

from typing import Any, Sequence

from games.core.analysis import Decision, Review
from games.core.cards import Card

SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
# What the numbers beside the options mean, said once above them.
HEADINGS = {
    "tricks": "Tricks your side takes from here: the average over deals you could face (all hands open)",
    "points": "Points ahead at the end of the deal, with perfect play after it",
}


def card_words(card: Card) -> str:
    if card.suit is None:
        return "Joker"
    return f"{card.rank.label}{SYMBOLS[card.suit.value]}"


def option_words(option: Any) -> str:
    """One option as the review lists it: a card, a Seahaven move, an Abstrac take."""
    if isinstance(option, Card):
        return card_words(option)
    kind = type(option).__name__
    if kind == "Move":
        to = option.to
        where = {"tower": "to a tower", "foundation": "home"}.get(to.kind, f"to column {to.index + 1}")
        return f"{card_words(option.card)} {where}"
    if kind == "Resign":
        return "giving up"
    if kind == "Guess":
        return f"guess {option.value}"
    if kind == "Take":
        return f"take {option.count}"
    if kind == "Choose":
        return "go first" if option.first else "go second"
    if kind == "Play":  # Ninety-Nine: a card and, for a ten or an ace, its value
        value = getattr(option, "value", None)
        if value is None:
            return card_words(option.card)
        return card_words(option.card) + (f" as {value:+d}" if option.card.rank.label == "10" else f" as {value}")
    if hasattr(option, "card") and isinstance(option.card, Card):
        return card_words(option.card)
    return str(option)


def number(value: float) -> str:
    """A value as the panel shows it: whole numbers plain, averages to one decimal."""
    text = str(int(round(value))) if abs(value - round(value)) < 1e-9 else f"{value:.1f}"
    return text.replace("-", "−")  # a real minus sign


def minus(value: float) -> str:
    return number(-abs(value))


def where(decision: Decision, unit: str) -> str:
    """"trick 4 of hand 2", "move 17", "deal 2", "the bidding of hand 3"."""
    if decision.kind in ("bid", "call", "discard"):
        name = {"bid": "the bidding", "call": "the call", "discard": "the discard"}[decision.kind]
        return name + (f" of hand {decision.part}" if decision.part else "")
    if unit == "tricks":
        return f"trick {decision.number}" + (f" of hand {decision.part}" if decision.part > 1 else "")
    if unit == "winnable":
        return f"move {decision.number}"
    if decision.kind == "guess":
        return f"the guess at mystery card {decision.number}"
    if unit == "chance":
        return f"hand {decision.part}, card {decision.number} on the pile"
    if decision.kind == "choose":
        return f"deal {decision.part}, the choice to go first"
    return f"deal {decision.part}, from card {decision.number + 1}"


def decision_head(decision: Decision, unit: str, here: bool, ahead: bool) -> str:
    """The decision panel's heading: "Now: trick 4 of hand 2" at the position shown, "Next:"
    for the seat's next decision further on, "Last:" after the seat's last one. A Seahaven
    move at the position shown is the next to make ("Next: move 1" beside "0 moves" made)."""
    if not ahead:
        label = "Last"
    else:
        label = "Now" if here and unit != "winnable" else "Next"
    return f"{label}: {where(decision, unit)}"


def _units(amount: float, unit: str) -> str:
    word = {"tricks": "trick", "points": "point", "chance": "point"}.get(unit, unit)
    shown = number(amount)
    return f"{shown} {word}" + ("" if shown == "1" else "s")


def _join(parts: Sequence[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def summary(review: Review, who: str = "You", so_far: bool = False) -> str:
    """The review's headline: what the seat gave away, where; or the Seahaven verdict.
    ``so_far``: the review holds the first hands only (the rest is still being analysed)."""
    text = _summary(review, who)
    return f"So far: {text}" if so_far else text


def _summary(review: Review, who: str) -> str:
    if review.unit == "winnable":
        verdict = dict(review.verdict)
        losing = [d for d in review.decisions if d.index == verdict.get("index")]
        if losing:
            verdict["label"] = option_words(losing[0].chosen)
        return seahaven_summary(verdict, who)
    mistakes = review.mistakes
    if not review.decisions:
        return "Nothing to review for this seat." + _notes(review)
    if not mistakes:
        bids = bid_summary(review)
        play = "the best card play at every trick" if bids else "the best play at every decision"
        if any(d.cost > 1e-9 for d in review.decisions):  # small costs, under a mistake's: not "best"
            play = ("no mistake in the card play" if bids else "no mistakes") + ": every choice was the best or close to it"
        return f"{_verb(who, 'made')} {play}." + bids + _notes(review)
    if review.unit == "chance":
        listed = [f"{where(d, review.unit)} ({option_words(d.chosen)}, {d.cost * 100:.0f}% {_less(d)})"
                  for d in mistakes[:4]]
        more = f" and {len(mistakes) - 4} more" if len(mistakes) > 4 else ""
        joined = (_join(listed) if not more else ", ".join(listed)) + more
        if mistakes[0].kind == "guess":
            times = "once" if len(mistakes) == 1 else f"{len(mistakes)} times"
            return (f"{who} passed over the likeliest guess {times}: {joined}. "
                    "Every other guess was the likeliest." + _notes(review))
        risks = "a needless risk" if len(mistakes) == 1 else f"{len(mistakes)} needless risks"
        return f"{who} took {risks}: {joined}. Everything else was the safest play." + _notes(review)
    text = headline(review, who)
    listed = [f"{where(d, review.unit)} ({option_words(d.chosen)}, {minus(d.cost)})" for d in mistakes[:4]]
    more = f" and {len(mistakes) - 4} more" if len(mistakes) > 4 else ""
    if len(mistakes) > 1:
        text += f" The mistakes: {_join(listed) if not more else ', '.join(listed)}{more}."
    text += " Everything else was best play."
    if review.unit == "tricks":
        text += SINGLE_DUMMY
    return text + bid_summary(review) + _notes(review)


# The judge of a card, said after the figures it explains, never before them.
SINGLE_DUMMY = (' (Judged "single-dummy": on average over the deals you could not rule out,'
                ' not with every hand seen, "double-dummy".)')


def headline(review: Review, who: str = "You") -> str:
    """The first sentence, as a player would say it: "You gave away about 2 tricks, most at
    trick 2." (the worst mistake; "at" alone when there was one)."""
    mistakes = review.mistakes
    worst = max(mistakes, key=lambda d: d.cost)
    whole = round(review.total_cost)
    word = {"tricks": "trick", "points": "point"}.get(review.unit, review.unit)
    amount = f"about {_units(whole, review.unit)}" if whole else f"less than a {word}"
    place = f"{where(worst, review.unit)} ({option_words(worst.chosen)})"
    return f"{who} gave away {amount}, {'most at' if len(mistakes) > 1 else 'at'} {place}."


def reviewing(done: int, total: int, by_hand: bool) -> str:
    """The progress line while the worker analyses: "Reviewing hand 3 of 8…"."""
    if done >= total:
        return "Review complete"
    if by_hand:
        return f"Reviewing hand {done + 1} of {total}…"
    return f"Reviewing… {done * 100 // max(1, total)}%"


def _less(decision: Decision) -> str:
    return "less likely" if decision.kind == "guess" else "less safe"


def _verb(who: str, verb: str) -> str:
    return f"{who} {verb}"


def _notes(review: Review) -> str:
    if not review.notes:
        return ""
    text = "; ".join(review.notes)
    return f" ({text[0].upper()}{text[1:]}.)"


def seahaven_summary(verdict: dict[str, Any], who: str = "You") -> str:
    status = verdict.get("status")
    if status == "won":
        return "Won: the deal was winnable all the way."
    if status == "still winnable":
        return "The deal was still winnable when the game stopped."
    if status == "never winnable":
        return "This deal could not be won from the start: no move lost it."
    if status == "lost":
        move = verdict.get("move")
        label = verdict.get("label", "")
        return f"Winnable until move {move}{', ' + label if label else ''}; no win after it."
    if status == "unknown":
        if "unknown_at" in verdict:
            return ("The solver's budget ran out before it could tell whether the deal was "
                    f"winnable at the {verdict['unknown_at']}: unknown.")
        return (f"Winnable until at least move {verdict.get('winnable_until')}; lost by move "
                f"{verdict.get('lost_by')}. In between, the solver's budget ran out: unknown.")
    return "No verdict."


def decision_lines(decision: Decision, unit: str) -> list[str]:
    """The options at one decision, best first, the chosen one marked; then its cost."""
    analysis = decision.analysis
    if "bid" in analysis.extra:
        return bid_lines(analysis.extra["bid"])
    if not analysis.values:
        if analysis.reason == "forced":
            return [f"{option_words(decision.chosen)}: the only choice"]
        if unit == "winnable":
            after = analysis.extra.get("winnable_after")
            state = {True: "still winnable", False: "not winnable", None: "not checked"}[after]
            return [f"{option_words(decision.chosen)}: {state} after it"]
        return [f"{option_words(decision.chosen)}: {analysis.reason or 'not analysed'}"]
    order = sorted(analysis.values, key=lambda o: analysis.values[o], reverse=not analysis.lower_is_better)
    best = analysis.best
    lines = []
    for option in order:
        value = analysis.values[option]
        text = f"{option_words(option)}: {_value(value, unit)}"   # "take 3: +36", not "take 3 36"
        counts = analysis.extra.get("counts")
        if isinstance(counts, dict) and option in counts:
            text = f"{option_words(option)} makes {counts[option]}: {_value(value, unit)} safe"
        if option in analysis.exact:
            text += f"  (open hands {number(analysis.exact[option])})"
        marks = []
        if option == decision.chosen:
            marks.append("chosen")
        if best is not None and abs(value - best) < 1e-9 and unit != "winnable":
            marks.append("best")
        if marks:
            text += "  ← " + ", ".join(marks)
        lines.append(text)
    cost = decision.cost
    if unit == "chance":
        best_words = "The likeliest guess." if decision.kind == "guess" else "The safest play."
        lines.append(best_words if cost < 1e-9 else f"{cost * 100:.0f}% {_less(decision)} than the best")
    elif unit == "winnable":  # a verdict, not an amount: "Cost: −1" would say nothing
        lines.append("This move kept the win." if cost < 1e-9 else "This move lost the win.")
    else:
        lines.append("Best play." if cost < 1e-9 else f"Cost: {minus(cost)}" + (" trick" if unit == "tricks" else ""))
    return lines


def _value(value: float, unit: str) -> str:
    if unit == "winnable":
        return "keeps the win" if value >= 0.5 else "loses it"
    if unit == "chance":
        return f"{value * 100:.0f}%"
    if unit == "points":   # points ahead (or behind): the sign says which
        return ("+" if value > 0 else "") + number(value)
    return number(value)


# --- bids and calls ----------------------------------------------------------------------------

BID_HEADING = ("A bid is judged against the tricks its side could take with each choice of trumps: "
               "with every hand open (the deal as dealt)")


ESTIMATE_HEADING = ("A bid is judged against an estimate of the tricks the hand takes alone with each "
                    "choice of trumps (a declarer alone against three is beyond the solvers; the "
                    "estimate is off by about a trick)")


CALL_HEADING = ("Each suit the call could make trumps: its side's tricks with every hand open, and on average "
                "over deals you could face. The cost counts against the average, in points expected "
                "(−2 when euchred; a pass 0)")


def bid_heading(data: dict[str, Any]) -> str:
    """How a bid is judged, said once above its table."""
    if "estimate" in data:
        return ESTIMATE_HEADING
    if "expected_points" in data:
        return CALL_HEADING
    if "expected_chips" in data:
        return (BID_HEADING + ", and on average over deals it could face. The cost counts against that "
                "average, in chips expected (a pass 0)")
    if "single_dummy" in data:
        return BID_HEADING + ", and on average over deals it could face"
    return BID_HEADING


def trumps_words(label: str) -> str:
    """"S" -> "♠", "NT" -> "no trumps", "mis" -> "Mis" (fewest tricks, no trumps)."""
    return SYMBOLS.get(label) or {"NT": "no trumps", "mis": "Mis"}.get(label, label)


def _table(values: dict[str, Any], sure: dict[str, Any] | None = None) -> str:
    parts = []
    for label, value in values.items():
        text = f"{trumps_words(label)} {number(float(value))}"
        if sure is not None and label in sure and float(sure[label]) != float(value):
            bound = "at most" if label == "mis" else "at least"  # Mis wants fewest tricks
            text += f" ({bound} {number(float(sure[label]))})"
        parts.append(text)
    return ", ".join(parts)


def bid_lines(data: dict[str, Any], heading: bool = True) -> list[str]:
    """A bid or call: what the hand could take as trumps, then the verdict and any cost
    (``heading``: first the line that says how a bid is judged)."""
    lines = [bid_heading(data) + "."] if heading else []
    if "estimate" in data:
        return lines + estimate_lines(data)
    if "expected_points" in data:
        return lines + call_lines(data)
    upcard = f" ({trumps_words(data['upcard'])}: the dealer takes the upcard)" if data.get("upcard") else ""
    lines += ["As trumps, every hand open: " + _table(data["double_dummy"]) + upcard]
    if "single_dummy" in data:
        lines.append("Over deals you could face: " + _table(data["single_dummy"], data.get("worst_case")))
    if "expected_chips" in data:
        lines.append(odds_line(data))
    lines.append(bid_verdict(data))
    if data.get("cost"):
        better = data.get("better")
        why = data.get("cost_note", "")
        if better is not None:  # counted against single-dummy: what the better choice was worth
            why = "against single-dummy: " + ("passing (0) was better" if better == "pass" else
                                              f"{better} was worth {signed(float(data['better_points']))}")
        lines.append(f"Cost: {minus(float(data['cost']))} {data.get('cost_unit', 'chips')} ({why})")
    return lines


def odds_line(data: dict[str, Any]) -> str:
    """A Nap bid's chance of being made over the deals the bidder could face and the chips
    it was expected to win; and the best contract open then, where it was another."""
    chance, chips = data["make_chance"], data["expected_chips"]
    best = max(chips, key=lambda t: chips[t])
    mine = data["bid"]
    text = (f"{mine}: made in {round(100 * chance[mine])}% of the deals you could face, "
            f"{signed(chips[mine])} chips expected" if mine in chips else "")
    if best != mine and chips[best] > 0:
        other = f"{best}: made in {round(100 * chance[best])}%, {signed(chips[best])} chips expected"
        text = f"{text}; best, {other}" if text else f"Best: {other}"
    return text or "No contract was expected to win chips."


def signed(value: float) -> str:
    """Points ahead or behind, with their sign: "+0.9", "−1.4", "0"."""
    return ("+" if round(value, 1) > 0 else "") + number(round(value, 1))


def call_lines(data: dict[str, Any]) -> list[str]:
    """A Euchre call judged single-dummy: one line for each suit the caller could make
    trumps then (its tricks with every hand open, on average over the deals it could face,
    its chance of making 3 and its points expected), a lone hand's figures, the verdict and
    the cost against single-dummy."""
    lines = []
    for label, average in data["single_dummy"].items():
        name = trumps_words(label) + (" (dealer takes the upcard)" if label == data.get("upcard") else "")
        lines.append(f"{name}: open hands {data['double_dummy'][label]} · average {number(round(average, 1))} · "
                     f"makes 3: {round(100 * data['make_chance'][label])}% · {signed(data['expected_points'][label])} points")
    alone = data.get("alone")
    if alone:
        lines.append(f"Alone: open hands {data['alone_tricks']} · average {number(round(alone['average'], 1))} · "
                     f"makes 3: {round(100 * alone['make_chance'])}% · {signed(alone['expected_points'])} points")
    lines.append(call_verdict(data))
    if data.get("cost"):
        better = data.get("better")
        instead = ("passing (0) was better" if better == "pass" else
                   f"{trumps_words(str(better))} was worth {signed(float(data['better_points']))}")
        lines.append(f"Cost: {minus(float(data['cost']))} points against single-dummy ({instead})")
    return lines


def call_verdict(data: dict[str, Any]) -> str:
    if data["bid"] == "pass":
        best = data.get("best_call")
        if best is None:
            return "Passed: no call was expected to gain points."
        return (f"Passed, though {trumps_words(best)} was worth {signed(float(data['expected_points'][best]))} "
                "points on average (a pass is not charged: it depends on the others' calls).")
    what = f"{data['bid'].capitalize()} {trumps_words(data['named'])} (needs {data['needs']})"
    tricks = data["named_tricks"]
    if tricks >= data["needs"]:
        return f"{what}: with every hand open it takes {tricks}."
    sound = "" if data.get("cost") else ", yet the call was sound over the deals you could face"
    return f"{what}: with every hand open it takes {tricks}, euchred{sound}."


def bid_verdict(data: dict[str, Any]) -> str:
    bid = data["bid"]
    if bid == "pass":
        sure = data.get("sure_contract")
        return "Passed" + (f", though {sure} made in every deal you could face." if sure else ".")
    needs = data.get("needs")
    what = bid + (f" (needs {needs})" if needs else "")
    named, tricks = data.get("named"), data.get("named_tricks")
    if not data.get("makes"):
        return f"{what}: it cannot be made even with every hand open."
    if named and tricks is not None and needs and tricks < needs:
        return (f"{what}: it makes with every hand open with the right trumps, but with "
                f"{trumps_words(named)}, the trumps chosen, it takes {tricks}.")
    chosen = f" with {trumps_words(named)} as trumps" if named else ""
    return f"{what}: it makes{chosen} with every hand open."


def estimate_lines(data: dict[str, Any]) -> list[str]:
    """A Nash Whist bid: the estimated tricks alone by trumps (the initial trumps marked
    In), the Misere chance, a Cop's partnership count with every hand open, the verdict."""
    initial = data.get("initial")
    table = ", ".join(f"{trumps_words(label)} {number(float(value))}" + (" (In)" if label == initial else "")
                      for label, value in data["estimate"].items())
    lines = [f"Tricks alone, estimated: {table}; Misere made about {round(100 * data['misere_chance'])}% of the time"]
    if "double_dummy" in data:
        lines.append("You and the proposer together, every hand open: " + _table(data["double_dummy"]))
    return lines + [estimate_verdict(data)]


def estimate_verdict(data: dict[str, Any]) -> str:
    bid, needs, expected = data["bid"], data.get("needs"), data.get("expected")
    best = max(data["estimate"].items(), key=lambda item: float(item[1]))
    if bid == "pass":
        return f"Passed; the best estimate was {number(float(best[1]))} with {trumps_words(best[0])}."
    if needs is None or expected is None:
        if data.get("kind") in ("misere", "open_misere"):
            return f"{bid}: a hand like this makes it about {round(100 * data['misere_chance'])}% of the time."
        return f"{bid}: not estimated."
    trumps = trumps_words(data["trumps"])
    if "makes" in data:
        together = data["double_dummy"][data["trumps"]]
        return (f"{bid} (needs {needs} together): with every hand open the two take {together}: "
                + ("it makes." if data["makes"] else "it fails."))
    if bid in ("Prop", "Cop"):
        return f"{bid} (needs {needs} together): this hand alone is estimated at {number(float(expected))} with {trumps}."
    margin = float(expected) - float(needs)
    stands = ("about even" if abs(margin) < 0.5 else
              f"{number(round(margin, 1))} to spare" if margin > 0 else f"{number(round(-margin, 1))} short")
    return f"{bid} (needs {needs}): estimated {number(float(expected))} with {trumps}: {stands}."


def bid_summary(review: Review) -> str:
    """A sentence on the bids that cost something, for the summary ("" when none did)."""
    costly = [d for d in review.decisions if d.analysis.extra.get("bid", {}).get("cost")]
    if not costly:
        return ""
    parts = [f"{where(d, review.unit)} ({_bid_name(d.analysis.extra['bid'])}, "
             f"{minus(float(d.analysis.extra['bid']['cost']))} {d.analysis.extra['bid'].get('cost_unit', 'chips')})"
             for d in costly]
    return " Bids that cost: " + _join(parts) + "."


def _bid_name(data: dict[str, Any]) -> str:
    """"Three", or a Euchre call with its suit ("call ♠")."""
    bid = str(data["bid"])
    return f"{bid} {trumps_words(data['named'])}" if bid.startswith("call") and data.get("named") else bid
