"""The win chances on the hand page (hands/views.py): before any card and after each card,
the chances from the gate on screen, and a squeeze of the next card to come. Everything said
comes from baccarat.teaching.win_chances; the squeeze is read by hands/form.py."""

from django.utils.translation import gettext as _

from baccarat.game.cards import RANKS
from baccarat.odds.as_cards_come import SqueezeError
from baccarat.teaching.win_chances import SQUEEZES, chance_steps, squeezable, squeeze

# The ranks a learner may tick, as the checkboxes send them.
RANK_BOXES = [("10" if rank == "T" else rank, rank) for rank in RANKS]
# The element the squeeze form updates in place (its htmx target).
SQUEEZE_TARGET = "chance-squeeze"


def turned_at(step, resolution):
    """How many cards the gate on screen has seen: the first four up to the natural check,
    the Player's third card at the Player's rule, every card from the Banker's rule on."""
    dealt = len(resolution.cards)
    if step <= 3:
        return min(4, dealt)
    if step == 4:
        return min(4 + (resolution.player.third_card is not None), dealt)
    return dealt


def read_squeeze(form, resolution):
    """(the squeeze asked, its error): both None when none is asked."""
    for field in ("rank", "squeeze", "squeezed_card"):
        if form.message(field):
            return None, form.message(field)
    ranks = form.cleaned_data.get("squeeze")
    if not ranks:
        return None, None
    places = dict(squeezable(resolution))
    if not places:
        return None, _("Squeeze: the hand is over, so no card is left to squeeze.")
    number = form.cleaned_data.get("squeezed_card")
    place = len(resolution.cards) if number is None else number - 1
    if place not in places:
        return None, _(
            "Squeeze: card %(number)s is neither a face-down card (?) nor the next card to come."
        ) % {"number": number}
    try:
        return squeeze(resolution, ranks, place), None
    except SqueezeError as error:
        return None, str(error)


def asked_number(form, resolution, asked):
    """The card number the squeeze form has chosen: the one squeezed, else the next."""
    number = form.cleaned_data.get("squeezed_card")
    return number if asked and number else len(resolution.cards) + 1


def pressed(form):
    """The preset reading asked (a key of SQUEEZES), or None for ranks ticked."""
    key = str(form.data.get("squeeze", "")).strip()
    return key if key in SQUEEZES else None


def chance_context(form, resolution, step):
    steps = chance_steps(resolution)
    asked, error = read_squeeze(form, resolution)
    ticked = form.cleaned_data.get("rank") or frozenset()
    return {
        "chance_steps": steps,
        "chance_here": steps[turned_at(step, resolution)],
        "squeeze": asked,
        "squeeze_error": error,
        # The cards a squeeze may narrow: (card number, name), the next to come last.
        "squeeze_cards": [(place + 1, name) for place, name in squeezable(resolution)],
        "squeezed_card": asked_number(form, resolution, asked),
        "squeeze_readings": [(key, _(name)) for key, (name, _ranks) in SQUEEZES.items()],
        # The preset shown pressed: the one whose squeeze is on screen.
        "squeeze_pressed": pressed(form) if asked else None,
        "rank_boxes": [(value, value in ticked or rank in ticked) for value, rank in RANK_BOXES],
        "squeeze_target": SQUEEZE_TARGET,
    }
