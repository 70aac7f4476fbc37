"""The card keypad on a shoe's page: a hand entered card by card, in dealing order.

Each key sends the cards so far and the new one; baccarat.teaching.dealing says which card is due
next and when the hand is over. Then the hand is recorded with its cards, its outcome
and its natural and pair flags all worked out from them, so the next hand's odds follow
the cards actually dealt. Nothing is stored before the hand is over, and the cards so far
live in the page (a hidden field, which Undo's form carries too: Undo clears them before it
takes a hand off), not on the server: a keypad works without JavaScript. With JavaScript
the device keeps them per shoe (keypad-keep.js), and a reload draws them again (`restore`).
"""

from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_htmx.http import reswap, retarget

from baccarat.game.cards import RANKS
from baccarat.teaching.dealing import MAX_CARDS, DealingError, dealt
from baccarat.teaching.dealing import deal as deal_card
from guards.throttles import write_refused
from tracker.dealing_data import HAND_STATUS
from tracker.idempotency import KeyConflict, KeyProblem, mark_replayed, page_key
from tracker.models import Shoe, ShoeFull, owner_of
from tracker.scoreboard import (
    board_response,
    empty_keypad,
    keypad_context,
    refuse_hand,
    refuse_reused_key,
    shoe_page_context,
)
from tracker.sync import SeenForm, field_problem, hands_first, hands_first_words, with_hands_first
from tracker.visitors import own_shoe_or_404

# "K 10 9 4 J 3" at most, with room for spaces: anything longer is not a hand so far.
MAX_FIELD = 3 * MAX_CARDS + 8


def hand_after(post):
    """The hand the keypad's form asks for: the cards so far, then one more key (`card`),
    the last card taken back (`back`), all of them (`clear`) or none (`restore`).
    DealingError says what is wrong with it."""
    so_far = post.get("cards", "")
    if len(so_far) > MAX_FIELD:
        raise DealingError(
            _("The cards so far are more than a hand (%(count)s characters).")
            % {"count": len(so_far)}
        )
    hand = dealt(so_far.split())
    if "clear" in post:
        return dealt([])
    if "back" in post:
        return dealt(hand.tokens[:-1])
    if "restore" in post:
        # The hand so far as this device kept it (keypad-keep.js), drawn again; never recorded
        # from here, as no key was pressed.
        return dealt([]) if hand.complete else hand
    card = post.get("card", "")
    if card not in RANKS:
        raise DealingError(_("Choose a card's rank: A, 2 to 9, 10, J, Q or K."))
    return deal_card(hand, card)


@require_POST
def deal(request, shoe_id):
    """One key of the card keypad (tracker/keypad.py): the hand so far again, or, once the
    rules end the hand, the hand recorded with everything its cards say. Only that last
    POST is a write, and only it is throttled."""
    shoe = own_shoe_or_404(request, shoe_id)
    if "back" in request.POST and not request.POST.get("cards", "").strip():
        return take_back(request, shoe)
    try:
        hand = hand_after(request.POST)
    except DealingError as error:
        return refuse_hand(
            request, shoe, _("%(problem)s Nothing was recorded.") % {"problem": error}
        )
    if not hand.complete:
        if request.htmx:
            context = {"keypad": keypad_context(hand), "shoe": shoe, "undo_oob": True}
            return render(request, "tracker/shoe.html#keypad_update", context)
        context = shoe_page_context(request, shoe, keypad=keypad_context(hand), keypad_open=True)
        return render(request, "tracker/shoe.html", context)
    refused = write_refused(request)
    if refused is not None:
        return refused
    try:
        # The keypad's own key (its hand's hidden field, drawn anew with every key's answer):
        # the last card sent again after an answer that never came records the hand once.
        key = page_key(request)
    except KeyProblem as problem:
        return refuse_hand(
            request, shoe, _("%(problem)s. Nothing was recorded.") % {"problem": problem}
        )
    seen_form = SeenForm(request.POST)  # how many hands the phone knew of (tracker.sync)
    if not seen_form.is_valid():
        wrong = field_problem(seen_form)
        return refuse_hand(
            request, shoe, _("%(problem)s Nothing was recorded.") % {"problem": wrong}
        )
    seen = seen_form.cleaned_data["seen"]
    try:
        recorded = Shoe.objects.record(
            shoe_id,
            hand.outcome,
            player_pair=hand.player_pair,
            banker_pair=hand.banker_pair,
            natural=hand.natural,
            cards=hand.tokens,
            key=key,
            owner=owner_of(request),
        )
    except ShoeFull as full:
        return refuse_hand(
            request, shoe, _("Nothing was recorded: %(problem)s.") % {"problem": full}
        )
    except KeyConflict as conflict:
        # The hand so far stays on the keypad (less the card just keyed), under a new key.
        so_far = keypad_context(dealt(request.POST.get("cards", "").split()))
        return refuse_reused_key(request, shoe, conflict, keypad=so_far)
    status = _(HAND_STATUS) % {"number": recorded.seq, "summary": hand.summary}
    first = hands_first_words(hands_first(recorded.seq, seen))
    # A hand the device's queue sends (aimed at the roads, not the keypad) leaves the keypad
    # alone: the next hand may be half keyed there meanwhile.
    from_queue = request.htmx and request.htmx.target == "board"
    keypad = None if from_queue else empty_keypad()
    response = keypad_board_response(request, recorded.shoe, f"{status} {first}".strip(), keypad)
    return with_hands_first(mark_replayed(response, recorded), recorded.seq, seen)


def keypad_board_response(request, shoe, status, keypad):
    """A key that changed the shoe: the roads again, and the keypad's hand out of band."""
    response = board_response(request, shoe, status, keypad=keypad)
    if request.htmx:
        # The keys aim at the hand so far; a changed shoe redraws the roads instead.
        retarget(response, "#board")
        reswap(response, "outerHTML")
    return response


def take_back(request, shoe):
    """⌫ on an empty keypad: the last card keyed was the one that ended the last hand, so
    that hand comes off the shoe and back onto the keypad, less its last card. Only a hand
    entered by its cards can come back this way (Undo removes any hand)."""
    last = shoe.hands.order_by("-seq").first()
    if last is None or not last.cards:
        return refuse_hand(
            request,
            shoe,
            _(
                "No card to take back: the keypad is empty, and the last hand was not entered "
                "by its cards (Undo removes it)."
            ),
        )
    refused = write_refused(request)
    if refused is not None:
        return refused
    hand = shoe.undo(only=last)
    if hand is None:  # another tab changed the shoe meanwhile
        return refuse_hand(request, shoe, _("The shoe changed meanwhile; nothing was taken back."))
    cards = hand.cards[:-1]
    keypad = keypad_context(dealt(cards))
    status = _("Hand %(number)s taken back: enter its last card again (%(card)s removed).") % {
        "number": hand.seq,
        "card": hand.cards[-1],
    }
    if not request.htmx:
        context = shoe_page_context(request, shoe, keypad=keypad, keypad_open=True, status=status)
        return render(request, "tracker/shoe.html", context)
    return keypad_board_response(request, shoe, status, keypad)
