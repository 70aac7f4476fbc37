"""The shoe page's parts, shared by the views that draw or change it (tracker/views.py,
tracker/keypad.py): the page's context, the next hand's odds from the cards left, and the
answers after a change or a refusal."""

from functools import lru_cache
from urllib.parse import urlencode

from django import forms
from django.shortcuts import redirect, render
from django.urls import reverse

from baccarat.cards import CardError, parse_card
from baccarat.dealing import KEYS, dealt
from baccarat.odds import MIN_CARDS, ShoeError, odds, odds_of_decks, shoe_after
from baccarat.roads import scoreboard
from tracker.boards import proofs_url, scoreboard_context
from tracker.models import Shoe


def keypad_context(hand):
    """What templates/tracker/shoe.html#keypad_hand draws for the hand so far (its keys'
    view is tracker.keypad.deal)."""
    return {
        "keys": KEYS,
        "tokens": " ".join(hand.tokens),
        "count": len(hand.cards),
        "player": hand.cards_of("player"),
        "banker": hand.cards_of("banker"),
        "next_seat": hand.next_seat,
        "next_card": hand.next_card,
    }


def empty_keypad():
    return keypad_context(dealt([]))


class RenameForm(forms.ModelForm):
    class Meta:
        model = Shoe
        fields = ["name"]


# Stored cards are a few dozen normalised tokens ("Qh", "T", "?"), read again on every
# hand recorded: parse each once.
stored_card = lru_cache(maxsize=256)(parse_card)


@lru_cache(maxsize=64)
def odds_of_cards_left(ranks):
    """The odds for the cards left, as sorted (rank, count) pairs. They change only when a
    hand with cards is recorded or undone, so most redraws ask for the same shoe again."""
    return odds(ranks=dict(ranks))


def percent(x):
    return f"{x * 100:.4f}%".replace("-", "−")


def next_hand_context(shoe, recorded, hands):
    """The exact odds of the next hand from the cards left in the shoe, beside the full
    shoe's, when some of its `hands` were recorded with their cards: `recorded` is their
    (seq, cards), as Shoe.results_and_cards() reads them.

    The cards left cost one engine call (about half a millisecond) when they change; the
    full shoe's figures are computed once per deck count (odds_of_decks)."""
    context = {"decks": shoe.decks, "hands_with_cards": len(recorded)}
    if not recorded:
        return context
    dealt = []
    for seq, tokens in recorded:
        try:
            dealt.extend(stored_card(token) for token in tokens)
        except CardError as error:
            context["problem"] = f"Hand {seq}'s cards cannot be read ({error})"
            return context
    try:
        left = shoe_after(shoe.decks, dealt)
    except ShoeError as error:
        # "dealt: 33 cards of rank 7, but 8 decks hold only 32"
        detail = str(error).split(": ", 1)[1]
        context["problem"] = (
            f"The cards recorded cannot all come from this shoe: {detail}. Check the "
            "cards of the hands recorded."
        )
        return context
    if left.cards < MIN_CARDS:
        context["problem"] = (
            f"Only {left.cards} card{'s are' if left.cards != 1 else ' is'} left after the "
            f"cards recorded; a hand needs at least {MIN_CARDS}."
        )
        return context
    full, now = odds_of_decks(shoe.decks), odds_of_cards_left(tuple(sorted(left.ranks.items())))
    rows = [
        (label, full.p(key), now.p(key))
        for key, label in (("banker", "Banker wins"), ("player", "Player wins"), ("tie", "Tie"))
    ]
    rows += [
        (label, float(full.edges[key].per_unit), float(now.edges[key].per_unit))
        for key, label in (("banker", "Banker edge (5%)"), ("player", "Player edge"))
    ]
    largest = max(abs(before - after) for _label, before, after in rows[:3])
    context.update(
        rows=[(label, percent(before), percent(after)) for label, before, after in rows],
        known=left.known,
        unknown=left.unknown,
        hands_without_cards=hands - len(recorded),
        cards_left=left.cards,
        largest=f"{largest * 100:.4f}",
        calculator_url=f"{reverse('odds:calculator')}?{urlencode({'shoe': 'ranks', **left.ranks})}",
    )
    return context


def shoe_page_context(request, shoe, **extra):
    results, recorded = shoe.results_and_cards()
    board = scoreboard(results)
    context = scoreboard_context(board, proofs_url(reverse("tracker:shoe", args=[shoe.pk])))
    share_url = reverse("tracker:shared", args=[shoe.share_token])
    context.update(
        shoe=shoe,
        owner=True,
        share_url=request.build_absolute_uri(share_url),
        rename_form=RenameForm(initial={"name": shoe.name}),
        keypad=empty_keypad(),
        status="",
        next_hand=next_hand_context(shoe, recorded, board.stats.hands),
    )
    context.update(extra)
    return context


def board_response(request, shoe, status, keypad=None):
    """After a change: the whole page again (PRG) without htmx; with htmx the roads, plus
    the stats and the announcement out of band, in one response (and the card keypad's
    hand, emptied, after a hand entered by its cards)."""
    if not request.htmx:
        return redirect("tracker:shoe", shoe_id=shoe.pk)
    results, recorded = shoe.results_and_cards()
    board = scoreboard(results)
    context = scoreboard_context(board, proofs_url(reverse("tracker:shoe", args=[shoe.pk])))
    context.update(
        shoe=shoe,
        owner=True,
        status=status,
        oob=True,
        keypad=keypad,
        next_hand=next_hand_context(shoe, recorded, board.stats.hands),
    )
    return render(request, "tracker/shoe.html#update", context)


def refuse_hand(request, shoe, error):
    """A hand that was not recorded: 400, the reason in the status region (htmx) or on the
    whole page again."""
    if request.htmx:
        response = render(request, "tracker/shoe.html#error", {"error": error}, status=400)
        response["HX-Retarget"] = "#tracker-status"
        response["HX-Reswap"] = "innerHTML"
        return response
    context = shoe_page_context(request, shoe, error=error)
    return render(request, "tracker/shoe.html", context, status=400)
