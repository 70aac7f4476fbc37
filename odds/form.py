"""The odds calculator's form (odds/views.py), bound to the query string: the shoe, the
decks, the commission, the dealt cards or the rank counts, each checked by guards.inputs'
rule, with a message for each field that cannot be read, in the words the page shows
beside it."""

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from baccarat.game.cards import RANKS, CardError, parse_cards
from baccarat.odds.exact import (
    COMMISSION,
    MAX_DECKS,
    MIN_CARDS,
    ShoeError,
    ranks_of_decks,
    shoe_after,
)
from guards.fields import SentText
from guards.inputs import ASCII_SPACE, InputError, ascii_digits, decimal_number, whole_number

# A full shoe of some decks; a full shoe less the cards dealt; the cards left, by rank.
SHOES = ("decks", "dealt", "ranks")
DEFAULT_DECKS = 8
MOST_OF_A_RANK = 4 * MAX_DECKS
COMMISSION_PLACES = 2  # 4.75%: tables charge whole or half per cents, never finer
MAX_DEALT_TEXT = 5_000  # about 400 cards typed with suits and spaces: one whole 8-deck shoe


def read_decks(text):
    """The decks of a full shoe: 8 when blank."""
    if not text.strip():
        return DEFAULT_DECKS
    try:
        return whole_number(text, field="decks", low=1, high=MAX_DECKS)
    except InputError:
        raise ValidationError(
            _("Choose a whole number of decks from 1 to %(most)s.") % {"most": MAX_DECKS}
        ) from None


def read_commission(text):
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
        raise ValidationError(
            _(
                "Enter the commission as a number of per cent, such as 5 or 4.5: from 0 up to "
                "100 per cent, with at most %(places)s decimals."
            )
            % {"places": COMMISSION_PLACES}
        ) from None


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


def rank_counts_problem(ranks):
    """What is wrong with a whole set of rank counts, each readable: too few cards."""
    count = sum(ranks.values())
    if count >= MIN_CARDS:
        return None
    if count == 1:
        message = _("These counts make 1 card; a hand needs a shoe of at least %(least)s.")
    else:
        message = _("These counts make %(count)s cards; a hand needs a shoe of at least %(least)s.")
    return message % {"count": count, "least": MIN_CARDS}


def read_dealt(decks, text):
    """The full shoe less the dealt cards: (ranks, how many were dealt)."""
    if len(text) > MAX_DEALT_TEXT:
        raise ValidationError(
            _("That is %(length)s characters; paste at most %(most)s.")
            % {"length": f"{len(text):,}", "most": f"{MAX_DEALT_TEXT:,}"}
        )
    try:
        cards = parse_cards(text)
    except CardError as error:
        raise ValidationError(str(error)) from None
    unknown = [position for position, card in enumerate(cards, start=1) if not card.known]
    if unknown:
        raise ValidationError(
            _(
                "Card %(number)s is unknown (?). The calculator needs the rank of every "
                "card you list: leave out the cards you did not see (that changes nothing, "
                "an unseen card is as likely to be any card still in the shoe)."
            )
            % {"number": unknown[0]}
        )
    try:
        left = shoe_after(decks, cards)
    except ShoeError as error:
        # "dealt: 33 cards of rank 7, but 8 decks hold only 32"
        detail = str(error).split(": ", 1)[1]
        raise ValidationError(f"{detail[0].upper()}{detail[1:]}.") from None
    if left.cards < MIN_CARDS:
        if left.cards == 1:
            message = _("Only 1 card would be left; a hand needs at least %(least)s.")
        else:
            message = _("Only %(count)s cards would be left; a hand needs at least %(least)s.")
        raise ValidationError(message % {"count": left.cards, "least": MIN_CARDS})
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


class OddsForm(forms.Form):
    """The calculator's query string. Each field is the text sent (the page draws it back
    to be corrected); cleaning reads it by guards.inputs' rule, and works out the shoe:
    cleaned_data["ranks"], the rank counts left (None when they cannot be known), and
    cleaned_data["dealt_cards"], how many cards were dealt from a full shoe."""

    shoe = SentText()
    decks = SentText()
    commission = SentText(absent="5")  # per cent, drawn back as the form's own default
    dealt = SentText()

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # One field a rank, named as the rank (A, 2, ..., T, J, Q, K). A rank left out of a
        # hand-written URL is none left; one sent blank is a question.
        for rank in RANKS:
            self.fields[rank] = SentText(absent="0")

    def clean_shoe(self):
        return which_shoe(self.data)

    def clean_decks(self):
        try:
            return read_decks(self.cleaned_data["decks"])
        except ValidationError:
            if self.cleaned_data["shoe"] == "ranks":
                return None  # the decks are not used then: nothing to correct
            raise

    def clean_commission(self):
        return read_commission(self.cleaned_data["commission"])

    def clean(self):
        data = self.cleaned_data
        data["ranks"], data["dealt_cards"] = None, 0
        decks = data.get("decks")
        if data["shoe"] == "ranks":
            data["ranks"] = self.rank_counts()
        elif decks is not None and data["shoe"] == "dealt":
            try:
                data["ranks"], data["dealt_cards"] = read_dealt(decks, data["dealt"])
            except ValidationError as error:
                self.add_error("dealt", error)
        elif decks is not None:
            data["ranks"] = ranks_of_decks(decks)
        return data

    def rank_counts(self):
        """The counts given rank by rank, or None with a message at each count that cannot
        be read and one above the grid (a non-field error)."""
        ranks = {}
        for rank in RANKS:
            count, problem = read_count(self.cleaned_data[rank])
            if problem:
                self.add_error(rank, problem)
            else:
                ranks[rank] = count
        if len(ranks) < len(RANKS):
            self.add_error(
                None,
                _(
                    "Correct the counts marked below: each is a whole number of cards from 0 "
                    "to %(most)s (%(decks)s decks hold %(most)s of a rank)."
                )
                % {"most": MOST_OF_A_RANK, "decks": MAX_DECKS},
            )
            return None
        problem = rank_counts_problem(ranks)
        if problem:
            self.add_error(None, problem)
            return None
        return ranks

    def sent(self, name):
        """What was sent for a field, as sent (its `absent` text when nothing was)."""
        return self.fields[name].to_python(self[name].data)

    def messages(self):
        """{key: message} in the form's order, keyed as the page places them: a rank's
        count as rank_<rank>, the whole grid's as ranks."""
        return {
            f"rank_{key}" if key in RANKS else "ranks" if key == NON_FIELD_ERRORS else key: (
                errors[0]
            )
            for key, errors in self.errors.items()
        }
