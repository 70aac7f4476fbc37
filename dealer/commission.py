"""/dealer/commission/: the commission drill. A winning Banker bet under a house policy
the learner picks (or spaced repetition picks), and the commission to take; or, as its
second mode, the commission paid and the bet it came from; at a no-commission table, what
the winning Banker bet is paid."""

from django import forms
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from baccarat.teaching import dealer_commission as engine
from dealer.answers import ANY, CommissionChooser
from dealer.catalogue import Drill, register
from dealer.money_drills import MoneyDrill, page


class Chooser(CommissionChooser):
    def clean(self):
        data = super().clean()
        choice, mode = data.get("choice"), data.get("mode")
        if choice and choice != ANY and mode and choice not in engine.policies_for(mode):
            raise forms.ValidationError(
                _("House policy: a no-commission table takes no commission to work back from.")
            )
        return data


def _choices():
    return [(key, engine.policy_name(key)) for key in engine.POLICIES]


def _skills(settings):
    mode = settings["mode"]
    return [(engine.skill(key, mode), key) for key in engine.policies_for(mode)]


DRILL = MoneyDrill(
    name="dealer:commission",
    title=_("Commission"),
    lead=_(
        "A winning Banker bet under the house's policy: type the commission you take, or "
        "work back from a commission to the bet. At a no-commission table, type what the "
        "bet is paid."
    ),
    choice_label=_("House policy"),
    chooser=Chooser,
    choices=_choices,
    skills=_skills,
    new=lambda choice, settings, rng: engine.new_question(choice, settings["mode"], rng),
    restore=engine.restore,
    standard=engine.STANDARD_SECONDS,
    sources=lambda question: question.policy.sources,
)

register(
    Drill(
        url_name=DRILL.name,
        title=DRILL.title,
        what=_("Take the commission on a winning Banker bet, at the house's rate and rounding."),
        standard_seconds=DRILL.standard,
    )
)


@require_http_methods(["GET", "HEAD", "POST"])
def commission(request):
    return page(request, DRILL)
