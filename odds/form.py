"""Reading the odds calculator's form (odds/views.py): the decks, the commission, the
dealt cards or the rank counts, each checked, with a message for each field that cannot be
read, in the words the page shows beside it."""

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from baccarat.game.cards import RANKS, CardError, parse_cards
from baccarat.odds.exact import COMMISSION, MAX_DECKS, MIN_CARDS, ShoeError, shoe_after
from guards.inputs import ASCII_SPACE, InputError, ascii_digits, decimal_number, whole_number

# A full shoe of some decks; a full shoe less the cards dealt; the cards left, by rank.
SHOES = ("decks", "dealt", "ranks")
DEFAULT_DECKS = 8
MOST_OF_A_RANK = 4 * MAX_DECKS
COMMISSION_PLACES = 2  # 4.75%: tables charge whole or half per cents, never finer
MAX_DEALT_TEXT = 5_000  # about 400 cards typed with suits and spaces: one whole 8-deck shoe


def read_decks(text, errors):
    """The decks of a full shoe: 8 when blank."""
    if not text.strip():
        return DEFAULT_DECKS
    try:
        return whole_number(text, field="decks", low=1, high=MAX_DECKS)
    except InputError:
        errors["decks"] = _("Choose a whole number of decks from 1 to %(most)s.") % {
            "most": MAX_DECKS
        }
        return None


def read_commission(text, errors):
    """The Banker commission, typed as a percentage ("5", "4.5"); 5% when blank. Its text
    is checked before it becomes a number: "1e-99999999" would otherwise be a fraction
    with a hundred-million-digit denominator."""
    text = text.strip(ASCII_SPACE).removesuffix("%")
    if not text.strip():
        return COMMISSION
    try:
        return (
            decimal_number(text, field="commission", low=0, below=100, places=COMMISSION_PLACES)
            / 100
        )
    except InputError:
        errors["commission"] = _(
            "Enter the commission as a number of per cent, such as 5 or 4.5: from 0 up to "
            "100 per cent, with at most %(places)s decimals."
        ) % {"places": COMMISSION_PLACES}
        return None


def read_count(text):
    """One rank count: (count, None), or (None, what is wrong in a word or two: the grid's
    cells are narrow, and the message above the grid says the rest)."""
    if not text.strip():
        return None, pgettext("a rank count left empty", "Blank")
    try:
        return whole_number(text, field="count", low=0, high=MOST_OF_A_RANK), None
    except InputError:
        pass
    # What is wrong, by the same rule: ASCII digits too many, or after a minus sign.
    if ascii_digits(text):
        return None, pgettext("a rank count too large", "Over %(most)s") % {"most": MOST_OF_A_RANK}
    minus = text.strip(ASCII_SPACE)
    if minus.startswith("-") and ascii_digits(minus[1:]) and minus.strip("-0"):
        return None, pgettext("a rank count below 0", "Negative")
    return None, pgettext("a rank count that is not a number", "Not a number")


def read_rank_counts(typed, errors):
    ranks = {}
    for rank in RANKS:
        n, error = read_count(typed[rank])
        if error:
            errors[f"rank_{rank}"] = error
        else:
            ranks[rank] = n
    if len(ranks) < len(RANKS):
        errors["ranks"] = _(
            "Correct the counts marked below: each is a whole number of cards from 0 to "
            "%(most)s (%(decks)s decks hold %(most)s of a rank)."
        ) % {"most": MOST_OF_A_RANK, "decks": MAX_DECKS}
        return None
    if sum(ranks.values()) < MIN_CARDS:
        count = sum(ranks.values())
        if count == 1:
            message = _("These counts make 1 card; a hand needs a shoe of at least %(least)s.")
        else:
            message = _(
                "These counts make %(count)s cards; a hand needs a shoe of at least %(least)s."
            )
        errors["ranks"] = message % {"count": count, "least": MIN_CARDS}
        return None
    return ranks


def read_dealt(decks, text, errors):
    """The full shoe less the dealt cards: (ranks, how many were dealt), or None."""
    if len(text) > MAX_DEALT_TEXT:
        errors["dealt"] = _("That is %(length)s characters; paste at most %(most)s.") % {
            "length": f"{len(text):,}",
            "most": f"{MAX_DEALT_TEXT:,}",
        }
        return None, 0
    try:
        cards = parse_cards(text)
    except CardError as error:
        errors["dealt"] = str(error)
        return None, 0
    unknown = [position for position, card in enumerate(cards, start=1) if not card.known]
    if unknown:
        errors["dealt"] = _(
            "Card %(number)s is unknown (?). The calculator needs the rank of every "
            "card you list: leave out the cards you did not see (that changes nothing, "
            "an unseen card is as likely to be any card still in the shoe)."
        ) % {"number": unknown[0]}
        return None, 0
    try:
        left = shoe_after(decks, cards)
    except ShoeError as error:
        # "dealt: 33 cards of rank 7, but 8 decks hold only 32"
        detail = str(error).split(": ", 1)[1]
        errors["dealt"] = f"{detail[0].upper()}{detail[1:]}."
        return None, 0
    if left.cards < MIN_CARDS:
        if left.cards == 1:
            message = _("Only 1 card would be left; a hand needs at least %(least)s.")
        else:
            message = _("Only %(count)s cards would be left; a hand needs at least %(least)s.")
        errors["dealt"] = message % {"count": left.cards, "least": MIN_CARDS}
        return None, 0
    return left.ranks, left.known


def which_shoe(query):
    """The shoe the form describes. Without a choice (a hand-written URL), the fields
    given say it: dealt cards, else rank counts, else a full shoe."""
    shoe = query.get("shoe", "")
    if shoe in SHOES:
        return shoe
    if query.get("dealt", "").strip():
        return "dealt"
    if any(rank in query for rank in RANKS):
        return "ranks"
    return "decks"
