"""The lab's form, bound to the query string: every run is a URL (shoes, decks, seed,
systems, bankroll, table limit), so it can be shared and dealt again to the same shoes.

Each field is read by its text before it becomes a number (guards.inputs), so a huge or
garbled value is refused at once with a message naming the field, never run.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass, replace
from urllib.parse import urlencode

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from baccarat.odds.exact import MAX_DECKS
from baccarat.simulation.shoes import MAX_SHOES
from baccarat.simulation.systems import BANKROLL, PROGRESSIONS, SYSTEMS, TABLE_LIMIT
from baccarat.teaching.lab_text import system_name, system_rule
from guards.echo import drawn_back
from guards.fields import SentList, SentText
from guards.inputs import ASCII_SPACE, MAX_NUMBER_TEXT, InputError, shown, whole_number

PRESETS = (100, 1_000, 10_000, 100_000)
PRESET_VALUES = {str(preset) for preset in PRESETS}  # the radio buttons' values
DEFAULT_SHOES = 1_000
DEFAULT_DECKS = 8
MAX_SEED = 999_999_999_999
NEW_SEEDS = 1_000_000  # a seed the lab picks is short enough to read out: 0 to 999,999
MAX_UNITS = 1_000_000
FIELD_NAMES = {
    "shoes": gettext_lazy("Shoes"),
    "decks": gettext_lazy("Decks"),
    "seed": gettext_lazy("Seed"),
    "system": gettext_lazy("Systems"),
    "bankroll": gettext_lazy("Bankroll"),
    "limit": gettext_lazy("Table limit"),
    "cancelled": gettext_lazy("Cancelled"),
}
# "10,000" as well as "10000": a number of shoes is often typed with its thousands marked.
GROUPED = re.compile(r"[0-9]{1,3}(,[0-9]{3})+")


@dataclass(frozen=True)
class Run:
    shoes: int
    decks: int
    seed: int | None
    systems: tuple[str, ...]
    bankroll: int = BANKROLL
    limit: int = TABLE_LIMIT

    def with_new_seed(self) -> Run:
        return replace(self, seed=secrets.randbelow(NEW_SEEDS))

    def query(self) -> str:
        """The run's address (its query string), with only what differs from the defaults
        beyond shoes, decks and seed."""
        params: list[tuple[str, str | int | None]] = [
            ("shoes", self.shoes), ("decks", self.decks), ("seed", self.seed)
        ]  # fmt: skip
        if self.systems != tuple(SYSTEMS):
            params += [("system", name) for name in self.systems] or [("system", "")]
        if self.bankroll != BANKROLL:
            params.append(("bankroll", self.bankroll))
        if self.limit != TABLE_LIMIT:
            params.append(("limit", self.limit))
        return urlencode(params)


DEFAULT_RUN = Run(DEFAULT_SHOES, DEFAULT_DECKS, 20_261_202, tuple(SYSTEMS))


def number(text, key, low, high, default, label=None):
    """The whole number typed for `key`, else `default` when blank; refused with a message
    (naming the field as `label`, or its name) when it is not one from `low` to `high`."""
    if not text.strip():
        return default
    typed = text
    if key == "shoes" and GROUPED.fullmatch(text.strip(ASCII_SPACE)):
        text = text.replace(",", "")
    try:
        return whole_number(text, field=key, low=low, high=high)
    except InputError:
        raise ValidationError(
            _("%(field)s: %(value)s is not a whole number from %(low)s to %(high)s.")
            % {
                "field": label or FIELD_NAMES[key],
                "value": shown(typed),
                "low": f"{low:,}",
                "high": f"{high:,}",
            }
        ) from None


def read_shoes(shoes, other):
    """The preset chosen, or the number typed beside "Other" (`shoes` None: not sent)."""
    if (shoes or "").strip() == "other":
        if not other.strip():
            raise ValidationError(
                _("Shoes: type a number of shoes from 1 to %(most)s beside Other.")
                % {"most": f"{MAX_SHOES:,}"}
            )
        return number(other, "shoes", 1, MAX_SHOES, None, label=_("Shoes (Other)"))
    if shoes is None and other.strip():
        return number(other, "shoes", 1, MAX_SHOES, None)
    return number(shoes or "", "shoes", 1, MAX_SHOES, DEFAULT_SHOES)


def read_systems(names):
    """All of them when the query names none (`names` empty); the ones ticked when the form
    was sent (an empty `system=` says the form was sent with none ticked)."""
    if not names:
        return tuple(SYSTEMS)
    chosen = [name for name in names if name]
    unknown = [name for name in chosen if name not in SYSTEMS]
    if unknown:
        message = _("Systems: %(value)s is not one of the lab's systems (%(systems)s).")
        # Their keys in English (what the address takes); their names in another language.
        english = (get_language() or "en").startswith("en")
        listed = ", ".join(SYSTEMS) if english else "、".join(map(system_name, SYSTEMS))
        raise ValidationError(message % {"value": shown(unknown[0]), "systems": listed})
    return tuple(name for name in SYSTEMS if name in chosen)


class LabForm(forms.Form):
    """A run's query string. cleaned_data["run"] is the Run it asks for, its seed None when
    the query gave none (the view picks one and redirects, so the page is reproducible);
    cleaned_data["cancelled"] how many shoes a cancelled run had dealt (None: not
    cancelled)."""

    other = SentText()  # read with the shoes, before them
    shoes = SentText(absent=None)
    decks = SentText()
    seed = SentText()
    system = SentList()
    bankroll = SentText()
    limit = SentText()
    cancelled = SentText(absent=None)

    def clean_shoes(self):
        return read_shoes(self.cleaned_data["shoes"], self.cleaned_data["other"])

    def clean_decks(self):
        return number(self.cleaned_data["decks"], "decks", 1, MAX_DECKS, DEFAULT_DECKS)

    def clean_seed(self):
        return number(self.cleaned_data["seed"], "seed", 0, MAX_SEED, None)

    def clean_system(self):
        return read_systems(self.cleaned_data["system"])

    def clean_bankroll(self):
        return number(self.cleaned_data["bankroll"], "bankroll", 1, MAX_UNITS, BANKROLL)

    def clean_limit(self):
        return number(self.cleaned_data["limit"], "limit", 1, MAX_UNITS, TABLE_LIMIT)

    def clean_cancelled(self):
        text = self.cleaned_data["cancelled"]
        if text is None:
            return None
        # At most the run's shoes; any number of shoes when the run itself is refused.
        most = MAX_SHOES if self.errors else self.cleaned_data["shoes"]
        return number(text, "cancelled", 0, most, None)

    def clean(self):
        data = self.cleaned_data
        if not self.errors:
            fields = ("shoes", "decks", "seed", "system", "bankroll", "limit")
            data["run"] = Run(*(data[name] for name in fields))
        return data

    def messages(self):
        """{field: message}, in the form's order."""
        return {key: errors[0] for key, errors in self.errors.items()}


def form_values(query=None, run=None):
    """What the form shows: the run's values, or else what was typed (after a refusal)."""
    if run is not None:
        preset = run.shoes in PRESETS
        return {
            "shoes": str(run.shoes) if preset else "other",
            "other": "" if preset else str(run.shoes),
            "decks": str(run.decks),
            "seed": "" if run.seed is None else str(run.seed),
            "systems": run.systems,
            "bankroll": str(run.bankroll),
            "limit": str(run.limit),
        }
    query = query or {}
    shoes = query.get("shoes", "").strip() or str(DEFAULT_SHOES)
    other = query.get("other", "")
    # A preset is chosen by its text as the form writes it; anything else was typed.
    if shoes != "other" and shoes not in PRESET_VALUES:
        shoes, other = "other", other or query.get("shoes", "")
    systems = tuple(SYSTEMS) if "system" not in query else tuple(query.getlist("system"))
    # Each drawn again as typed, to be corrected, unless it is too long to be a number.
    return {
        "shoes": drawn_back(shoes, MAX_NUMBER_TEXT),
        "other": drawn_back(other, MAX_NUMBER_TEXT),
        "decks": drawn_back(query.get("decks", "").strip() or str(DEFAULT_DECKS), MAX_NUMBER_TEXT),
        "seed": drawn_back(query.get("seed", ""), MAX_NUMBER_TEXT),
        "systems": systems,
        "bankroll": drawn_back(query.get("bankroll", "") or str(BANKROLL), MAX_NUMBER_TEXT),
        "limit": drawn_back(query.get("limit", "") or str(TABLE_LIMIT), MAX_NUMBER_TEXT),
    }


def systems_choices(chosen):
    return [
        {
            "key": key,
            "name": system_name(key),
            "rule": system_rule(key),
            "checked": key in chosen,
            "progression": key in PROGRESSIONS,
        }
        for key in SYSTEMS
    ]
