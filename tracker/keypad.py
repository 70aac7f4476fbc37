"""The card keypad on a shoe's page: a hand entered card by card, in dealing order.

Each key sends the cards so far and the new one; baccarat.dealing says which card is due
next and when the hand is over. Then the hand is recorded with its cards, its outcome
and its natural and pair flags all worked out from them, so the next hand's odds follow
the cards actually dealt. Nothing is stored before the hand is over, and the cards so far
live in the page (a hidden field), not on the server: a keypad works without JavaScript,
and a reload or another tab never finds half a hand.
"""

from baccarat.cards import RANKS
from baccarat.dealing import KEYS, MAX_CARDS, DealingError, deal, dealt

# "K 10 9 4 J 3" at most, with room for spaces: anything longer is not a hand so far.
MAX_FIELD = 3 * MAX_CARDS + 8


def keypad_context(hand):
    """What templates/tracker/shoe.html#keypad_hand draws for the hand so far (the view is
    tracker.views.deal)."""
    return {
        "keys": KEYS,
        "tokens": " ".join(hand.tokens),
        "count": len(hand.cards),
        "player": hand.faces("player"),
        "banker": hand.faces("banker"),
        "next_seat": hand.next_seat,
        "next_card": hand.next_card,
    }


def empty_keypad():
    return keypad_context(dealt([]))


def hand_after(post):
    """The hand the keypad's form asks for: the cards so far, then one more key (`card`),
    the last card taken back (`back`) or all of them (`clear`). DealingError says what is
    wrong with it."""
    so_far = post.get("cards", "")
    if len(so_far) > MAX_FIELD:
        raise DealingError(f"The cards so far are more than a hand ({len(so_far)} characters).")
    hand = dealt(so_far.split())
    if "clear" in post:
        return dealt([])
    if "back" in post:
        return dealt(hand.tokens[:-1])
    card = post.get("card", "")
    if card not in RANKS:
        raise DealingError("Choose a card's rank: A, 2 to 9, 10, J, Q or K.")
    return deal(hand, card)
