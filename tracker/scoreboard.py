"""The shoe page's parts, shared by the views that draw or change it (tracker/views.py,
tracker/keypad.py): the page's context, the next hand's odds from the cards left, and the
answers after a change or a refusal."""

import json
from functools import lru_cache
from urllib.parse import urlencode

from django import forms
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django_htmx.http import reswap, retarget

from baccarat.game.cards import CardError, parse_card
from baccarat.odds.exact import MIN_CARDS, ShoeError, odds, odds_of_decks, shoe_after
from baccarat.roads.landing import big_road_landing
from baccarat.roads.scoreboard import scoreboard
from baccarat.teaching.dealing import KEYS, dealt
from scoreboard.boards import proofs_url, scoreboard_context
from scoreboard.road_words import road_words
from scoreboard.stats_panel import stats_panel_context
from tracker.bead_points import points_chosen
from tracker.idempotency import KeyUndone, new_key
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
        # The key the hand is recorded under once its last card is in (tracker.idempotency):
        # a new one with every redraw of the hand, the same when a key is sent again unanswered.
        "key": new_key(),
    }


def empty_keypad():
    return keypad_context(dealt([]))


class RenameForm(forms.ModelForm):
    class Meta:
        model = Shoe
        fields = ["name"]
        labels = {"name": gettext_lazy("New name")}


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
            context["problem"] = _("Hand %(number)s's cards cannot be read (%(problem)s)") % {
                "number": seq,
                "problem": error,
            }
            return context
    try:
        left = shoe_after(shoe.decks, dealt)
    except ShoeError as error:
        # "dealt: 33 cards of rank 7, but 8 decks hold only 32"
        detail = str(error).split(": ", 1)[-1]
        context["problem"] = _(
            "The cards recorded cannot all come from this shoe: %(problem)s. Check the "
            "cards of the hands recorded."
        ) % {"problem": detail}
        return context
    if left.cards < MIN_CARDS:
        if left.cards == 1:
            problem = _(
                "Only %(count)s card is left after the cards recorded; a hand needs at least "
                "%(least)s."
            )
        else:
            problem = _(
                "Only %(count)s cards are left after the cards recorded; a hand needs at least "
                "%(least)s."
            )
        context["problem"] = problem % {"count": left.cards, "least": MIN_CARDS}
        return context
    full, now = odds_of_decks(shoe.decks), odds_of_cards_left(tuple(sorted(left.ranks.items())))
    rows = [
        (label, full.p(key), now.p(key))
        for key, label in (
            ("banker", _("Banker wins")),
            ("player", _("Player wins")),
            ("tie", _("Tie")),
        )
    ]
    rows += [
        (label, float(full.edges[key].per_unit), float(now.edges[key].per_unit))
        for key, label in (("banker", _("Banker edge (5%)")), ("player", _("Player edge")))
    ]
    largest = max(abs(before - after) for _label, before, after in rows[:3])
    context.update(
        rows=[(label, percent(before), percent(after)) for label, before, after in rows],
        known=left.known,
        unknown=left.unknown,
        hands_without_cards=hands - len(recorded),
        not_taken_out=not_taken_out(left.unknown, hands - len(recorded)),
        cards_left=left.cards,
        largest=f"{largest * 100:.4f}",
        calculator_url=f"{reverse('odds:calculator')}?{urlencode({'shoe': 'ranks', **left.ranks})}",
    )
    return context


def not_taken_out(unknown, hands_without_cards):
    """ "Not taken out: 3 unknown cards (?) and the cards of 2 hands recorded without
    them." ("" when nothing was left out)."""
    parts = []
    if unknown:
        parts.append(
            (_("%(count)s unknown card (?)") if unknown == 1 else _("%(count)s unknown cards (?)"))
            % {"count": unknown}
        )
    if hands_without_cards:
        parts.append(
            (
                _("the cards of %(count)s hand recorded without them")
                if hands_without_cards == 1
                else _("the cards of %(count)s hands recorded without them")
            )
            % {"count": hands_without_cards}
        )
    if not parts:
        return ""
    if len(parts) == 2:
        what = _("%(first)s and %(second)s") % {"first": parts[0], "second": parts[1]}
    else:
        what = parts[0]
    return _("Not taken out: %(what)s.") % {"what": what}


def share_url(request, shoe):
    """The shoe's read-only link, whole; None while it is not shared."""
    if shoe.share_token is None:
        return None
    return request.build_absolute_uri(reverse("tracker:shared", args=[shoe.share_token]))


def landing(board):
    """Where the next few hands would land on the Big Road, for record-queue.js to draw
    each queued hand there, dimmed, before it is recorded (compact JSON: it is on every
    answer to a tap)."""
    cells = {run: [col, row] for run, (col, row) in big_road_landing(board).items()}
    return json.dumps(cells, separators=(",", ":"))


def board_hands(board):
    """The shoe's hands as the device's road engine reads them (static/js/roads/engine.js),
    the winning point the engine's (tally), in dealing order."""
    return [
        {
            "outcome": hand.outcome,
            "player_pair": hand.player_pair,
            "banker_pair": hand.banker_pair,
            "natural": hand.natural,
            "point": hand.point,
        }
        for hand in board.hands
    ]


def board_context(request, shoe, page_url):
    """The roads, the stats panel and the next hand's odds of `shoe`, whose page is at
    `page_url` (its own, or the shared one): its marks' proofs are under it, and the Bead
    Plate shows winning points if this browser chose them (tracker.bead_points)."""
    results, recorded = shoe.results_and_cards()
    board = scoreboard(results)
    points = points_chosen(request)
    context = scoreboard_context(board, proofs_url(page_url), points=points)
    context.update(
        shoe=shoe,
        page_url=page_url,
        board_hands=board_hands(board),
        stats_panel=stats_panel_context(board.stats),
        next_hand=next_hand_context(shoe, recorded, board.stats.hands),
    )
    return board, context


def shoe_page_context(request, shoe, **extra):
    board, context = board_context(request, shoe, reverse("tracker:shoe", args=[shoe.pk]))
    context.update(
        owner=True,
        share_url=share_url(request, shoe),
        rename_form=RenameForm(initial={"name": shoe.name}),
        keypad=empty_keypad(),
        record_key=new_key(),
        status="",
        landing=landing(board),
        road_words=road_words(proofs_url(reverse("tracker:shoe", args=[shoe.pk]))),
    )
    context.update(extra)
    return context


def board_response(request, shoe, status, keypad=None, error=None):
    """After a change: the whole page again (PRG) without htmx; with htmx the roads, plus
    the stats panel and the announcement out of band, in one response (and the card keypad's
    hand, emptied, after a hand entered by its cards).

    Either way the result form gets a new key (tracker.idempotency): the next hand posted
    without JavaScript is a new hand, and a post sent again after an answer that never came
    records its hand once. With JavaScript each tap has its own key (record-queue.js)."""
    if not request.htmx:
        return redirect("tracker:shoe", shoe_id=shoe.pk)
    board, context = board_context(request, shoe, reverse("tracker:shoe", args=[shoe.pk]))
    context.update(
        owner=True,
        status=status,
        error=error,
        oob=True,
        keypad=keypad,
        record_key=new_key(),
        landing=landing(board),
    )
    return render(request, "tracker/shoe.html#update", context)


def refuse_hand(request, shoe, error):
    """A hand that was not recorded: 400, the reason in the status region (htmx) or on the
    whole page again."""
    if request.htmx:
        response = render(request, "tracker/shoe.html#error", {"error": error}, status=400)
        retarget(response, "#tracker-status")
        reswap(response, "innerHTML")
        return response
    context = shoe_page_context(request, shoe, error=error)
    return render(request, "tracker/shoe.html", context, status=400)


def refuse_reused_key(request, shoe, conflict, keypad=None):
    """A hand not recorded because its form's key already recorded a hand (KeyConflict):
    422 for another hand, 409 for one undone since. That hand's answer may never have
    reached this page, so the roads are drawn again as they are, the reason in the status
    region, and the form gets a new key (with htmx; else the whole page again). `keypad`:
    the card keypad's hand so far, kept."""
    status = 409 if isinstance(conflict, KeyUndone) else 422
    if isinstance(conflict, KeyUndone):
        error = _(
            "Nothing was recorded: this form's last hand (hand %(number)s) was undone "
            "since, perhaps in another tab. Record the hand again if it is still wanted."
        ) % {"number": conflict.seq}
    else:
        error = _(
            "Nothing was recorded: this form had already recorded hand %(number)s, "
            "whose answer did not reach this page, and now asked for a different hand. The "
            "roads show the shoe as it is: record the hand again if it is a new one."
        ) % {"number": conflict.seq}
    if not request.htmx:
        context = shoe_page_context(request, shoe, error=error)
        if keypad is not None:
            context.update(keypad=keypad, keypad_open=True)
        return render(request, "tracker/shoe.html", context, status=status)
    response = board_response(request, shoe, "", keypad=keypad, error=error)
    response.status_code = status
    retarget(response, "#board")
    reswap(response, "outerHTML")
    return response
