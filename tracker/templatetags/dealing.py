"""{% dealing_data %}: what a page needs to deal the card keypad's hand on the device when the
site cannot be reached (templates/tracker/dealing_data.html, read by static/js/dealing.js)."""

from django import template

from baccarat.game.cards import RANKS, Card
from tracker.dealing_data import keypad_words, tableau_data

register = template.Library()


@register.inclusion_tag("tracker/dealing_data.html")
def dealing_data():
    return {
        "tableau": tableau_data(),
        "words": keypad_words(),
        "cards": [Card(rank) for rank in RANKS],
    }
