"""The hand page's form (hands/views.py), bound to the query string: the hand typed and the
keypad's edits, the gate shown, a what-if, the table and the final totals. Each number is
read by guards.inputs' rule, and each field that cannot be read has a message in the words
the page shows beside it. What depends on the hand itself (is there a card N? what card is
unknown?) is worked out with the hand, in the view."""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from baccarat.game.cards import RANKS
from baccarat.teaching.walkthrough import GATES, TABLES
from baccarat.teaching.win_chances import SQUEEZES
from guards.fields import SentList, SentText
from guards.inputs import InputError, shown, whole_number

LAST_STEP = len(GATES)
# A card number a what-if may name and be told "there is no card N": beyond, not a number.
MOST_CARD_NUMBER = 999_999
# The longest hand typed that is read or drawn again (six cards written long, "10♠, 10♥, ..."
# is about 30 characters), and the longest key the keypad sends.
MAX_TYPED = 200
MAX_KEY = 8
# The keypad's and the Deal button's edits, each a name in the query string.
EDITS = ("deal", "add", "pop", "clear")
# A squeeze: one of the common readings, or the ranks ticked (?squeeze=ranks&rank=6&rank=7).
TICKED = "ranks"


class HandForm(forms.Form):
    cards = SentText()
    deal = SentText(absent=None)
    add = SentText(absent=None)
    pop = SentText(absent=None)
    clear = SentText(absent=None)
    step = SentText(absent=None)
    to = SentText()  # read before the card it changes: a what-if is asked with either
    change = SentText()
    table = SentText()
    player_total = SentText()
    banker_total = SentText()
    rank = SentList()  # read before the squeeze, which may ask for the ranks ticked
    squeeze = SentText()
    squeezed_card = SentText()

    def clean_step(self):
        """?step=1..6, or "all"; the first gate when absent or blank. Anything else (0, 7,
        "٣", "+2", "2.0") is refused, naming the step (the page shows gate 1)."""
        value = self.cleaned_data["step"]
        if value == "all":
            return LAST_STEP
        if value is None or not value.strip():
            return 1
        try:
            return whole_number(value, field="step", low=1, high=LAST_STEP)
        except InputError:
            raise ValidationError(
                _(
                    "Step: %(value)s is not a gate; give a whole number from 1 to %(last)s, "
                    "or all. This is gate 1."
                )
                % {"value": shown(value), "last": LAST_STEP}
            ) from None

    def clean_change(self):
        """?change=<card number>&to=<rank>: the card's number (None when no what-if is
        asked); whether the hand has that card is the view's to say."""
        change, to = self.cleaned_data["change"], self.cleaned_data["to"].strip()
        if not change and not to:
            return None
        try:
            return whole_number(change, field="change", low=0, high=MOST_CARD_NUMBER)
        except InputError:
            raise ValidationError(
                _("What if: %(value)s is not a card number.") % {"value": shown(change)}
            ) from None

    def clean_to(self):
        return self.cleaned_data["to"].strip()

    def clean_table(self):
        """?table=standard|ez|super6, standard when absent."""
        value = self.cleaned_data["table"].strip()
        if not value:
            return "standard"
        if value in TABLES:
            return value
        raise ValidationError(
            _(
                "Table: %(value)s is not a table here; choose standard, ez or super6. "
                "The bets are not settled until you choose one."
            )
            % {"value": shown(value)}
        )

    def clean_player_total(self):
        return self.total(
            "player_total",
            _(
                "Player's final total: %(value)s is not a total; a total is a whole "
                "number from 0 to 9."
            ),
        )

    def clean_banker_total(self):
        return self.total(
            "banker_total",
            _(
                "Banker's final total: %(value)s is not a total; a total is a whole "
                "number from 0 to 9."
            ),
        )

    def total(self, name, message):
        """A side's final total, 0 to 9 (None when blank)."""
        value = self.cleaned_data[name]
        if not value.strip():
            return None
        try:
            return whole_number(value, field=name.removesuffix("_total"), low=0, high=9)
        except InputError:
            raise ValidationError(message % {"value": shown(value)}) from None

    def clean_rank(self):
        """The ranks ticked for a squeeze (10 or T for a ten), as the engine's ranks."""
        ranks = set()
        for value in self.cleaned_data["rank"]:
            rank = "T" if value.strip() == "10" else value.strip()
            if rank not in RANKS:
                raise ValidationError(
                    _("Squeeze: %(value)s is not a rank; tick A, 2–9, 10, J, Q or K.")
                    % {"value": shown(value)}
                )
            ranks.add(rank)
        return frozenset(ranks)

    def clean_squeeze(self):
        """?squeeze=picture|six_to_eight|ranks: the ranks the next card may be, or None when
        no squeeze is asked. Ranks ticked without a reading are a squeeze to them."""
        value = self.cleaned_data["squeeze"].strip()
        ticked = self.cleaned_data.get("rank")
        if value in SQUEEZES:
            return SQUEEZES[value][1]
        if value not in ("", TICKED):
            raise ValidationError(
                _(
                    "Squeeze: %(value)s is not a reading here; choose picture, six_to_eight "
                    "or ranks."
                )
                % {"value": shown(value)}
            )
        if ticked is None:  # a rank that is not one: its own message says so
            return None
        if not ticked:
            if value == TICKED:
                raise ValidationError(_("Squeeze: tick at least one rank the card may be."))
            return None
        return ticked

    def clean_squeezed_card(self):
        """?squeezed_card=<card number>: which card is squeezed (None: the next to come);
        whether the hand has it face down is the view's to say."""
        value = self.cleaned_data["squeezed_card"]
        if not value.strip():
            return None
        try:
            return whole_number(value, field="squeezed_card", low=1, high=MOST_CARD_NUMBER)
        except InputError:
            raise ValidationError(
                _("Squeeze: %(value)s is not a card number.") % {"value": shown(value)}
            ) from None

    def sent(self, name):
        """What was sent for a field, as sent (its `absent` value when nothing was)."""
        return self.fields[name].to_python(self[name].data)

    def edit(self):
        """The edit asked for (one of EDITS, the first sent), or None: none, or a hand or a
        key too long to read (the page says why, and carries none of it on)."""
        if len(self.sent("cards")) > MAX_TYPED or len(self.sent("add") or "") > MAX_KEY:
            return None
        return next((name for name in EDITS if self.sent(name) is not None), None)

    def message(self, name):
        """The message for a field that cannot be read, or None."""
        errors = self.errors.get(name)
        return errors[0] if errors else None
