"""/dealer/payouts/: the payout drill. A winning bet at one of the pay tables houses post
(the learner picks one, or spaced repetition does), and the winnings to pay."""

from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from baccarat.odds.paytables import PAYTABLES
from baccarat.teaching import dealer_payouts as engine
from dealer.answers import Chooser
from dealer.catalogue import Drill, register
from dealer.money_drills import MoneyDrill, page


def _choices():
    return [(key, engine.paytable_name(key)) for key in PAYTABLES]


def _skills(settings):
    return [(engine.skill(key), key) for key in PAYTABLES]


DRILL = MoneyDrill(
    name="dealer:payouts",
    title=_("Payouts"),
    lead=_(
        "A winning bet at one of the pay tables houses post: type the winnings you pay. "
        "The stake stays on the layout beside them."
    ),
    choice_label=_("Pay table"),
    chooser=Chooser,
    choices=_choices,
    skills=_skills,
    new=lambda choice, settings, rng: engine.new_question(choice, rng),
    restore=engine.restore,
    standard=engine.STANDARD_SECONDS,
    sources=lambda question: (question.table.source,),
)

register(
    Drill(
        url_name=DRILL.name,
        title=DRILL.title,
        what=_("Pay a winning bet, from Player to Perfect Pair, at the house's pay table."),
        standard_seconds=DRILL.standard,
    )
)


@require_http_methods(["GET", "HEAD", "POST"])
def payouts(request):
    return page(request, DRILL)
