"""A shoe written from more than one phone, and hands that arrive late (docs/offline.md, "Two
phones, one shoe").

A phone that lost its signal keeps recording on the device and sends the hands when it is
back (static/js/record-queue.js). Meanwhile another phone of the same account may have
written the same shoe. The rules:

- The shoe's order is the order hands reach the server. A phone's hands keep their own order
  (it sends them one at a time) and are never dropped because another phone wrote first.
- Each hand may say how many hands its phone knew the shoe had when it was tapped (`seen`).
  If the shoe has more than that, the hand is still recorded, after them, and the answer
  says how many came first from elsewhere (the status, and the HANDS_FIRST header the
  page's queue reads).
- An undo sent late names the hand it takes off (`hand`): the server undoes it only if it is
  still the shoe's last hand, else 409 with the reason, and nothing is undone.
- A replay (the same Idempotency-Key) is never a second hand (tracker.idempotency).
"""

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tracker.exchange import MAX_HANDS

# How many hands reached the shoe from elsewhere before this one, after the hands its phone
# knew of: on every answer to a hand sent with `seen`.
HANDS_FIRST = "X-Hands-First"


def field_problem(form):
    """ "seen: Ensure this value is greater than or equal to 0." for the first bad field."""
    name, errors = next(iter(form.errors.items()))
    return f"{name}: {' '.join(errors)}"


class SeenForm(forms.Form):
    """`seen`, sent with a hand: the shoe's hands its phone knew of when it was tapped."""

    seen = forms.IntegerField(min_value=0, max_value=MAX_HANDS, required=False)


class UndoHandForm(forms.Form):
    """`hand`, sent with a late undo: the number of the hand it takes off."""

    hand = forms.IntegerField(min_value=1, max_value=MAX_HANDS, required=False)


def hands_first(seq, seen):
    """How many hands came from elsewhere before hand `seq`, whose phone knew of `seen`."""
    if seen is None:
        return 0
    return max(0, seq - 1 - seen)


def hands_first_words(count):
    if not count:
        return ""
    return ngettext(
        "%(count)s hand from another device came first; yours follows it.",
        "%(count)s hands from another device came first; yours follow them.",
        count,
    ) % {"count": count}


def with_hands_first(response, seq, seen):
    """Say on `response` how many hands from elsewhere came before hand `seq`."""
    if seen is not None:
        response[HANDS_FIRST] = str(hands_first(seq, seen))
    return response


def undo_refusal(number, last):
    """Why a late undo of hand `number` is refused when the shoe's last hand is `last`
    (None: the shoe is empty); None when it may go ahead."""
    if last is not None and last == number:
        return None
    if last is not None and last > number:
        return _(
            "Hand %(number)s is no longer the last: another device added hands after it. "
            "Nothing was undone."
        ) % {"number": number}
    return _("Hand %(number)s is not on the shoe any more: it was undone already. "
             "Nothing was undone.") % {"number": number}  # fmt: skip
