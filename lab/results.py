"""What the lab's results show, read from a run (baccarat.simulation.chance.Tally), from the
sentences of baccarat.teaching.lab_text and from the learner's own tracked shoes
(baccarat.simulation.against_chance).
"""

from __future__ import annotations

from django.db.models import Count
from django.urls import reverse
from django.utils.translation import gettext as _

from baccarat.roads.scoreboard import scoreboard
from baccarat.simulation.against_chance import REFERENCE_SHOES, compare
from baccarat.simulation.chance import DRAGONS
from baccarat.simulation.shoes import procedure
from baccarat.teaching import lab_leads, lab_text
from lab.charts import (
    bankroll_chart,
    convergence_chart,
    histogram,
    interval_chart,
    minus,
    red_share_chart,
)
from lab.runs import run_of
from scoreboard.boards import proofs_url, scoreboard_context
from tracker.models import Shoe

LEARNER_SHOES = 10  # the most recent tracked shoes set against chance


def share_context(tally) -> dict:
    chart = interval_chart(tally.shares(), tally.expected())
    counts = {"banker": tally.banker, "player": tally.player, "tie": tally.tie}
    for row in chart["rows"]:
        row["count"] = f"{counts[row['key']]:,}"
    return {
        "intervals": chart,
        "share_lead": lab_leads.share_lead(tally),
        "share_sentences": lab_text.share_sentences(tally),
        "share_point": lab_text.share_point(tally),
    }


def streak_context(tally) -> dict:
    dragons = tally.dragons()
    return {
        "streaks": histogram(dict(enumerate(tally.longest))),
        "streak_sentences": lab_text.streak_sentences(tally),
        "dragon_rows": [
            {"n": n, "count": f"{dragons[n]:,}", "one_in": lab_text.one_in(dragons[n], tally.shoes)}
            for n in DRAGONS
        ],
    }


def system_context(tally) -> dict:
    systems = []
    for row in lab_text.system_rows(tally):
        risk = row["risk_of_ruin"]
        systems.append(
            {
                **row,
                "bets_text": f"{row['bets']:,}",
                "staked_text": f"{row['staked']:,.0f}",
                "net_text": minus(f"{row['net']:,.2f}"),
                "per_hundred": lab_text.per_hundred(row["per_unit"]) if row["bets"] else "—",
                "edge_text": minus(f"{-row['edge'] * 100:.2f}"),
                "margin_text": f"±{row['margin'] * 100:.2f}" if row["margin"] else None,
                "risk_text": None if risk is None else f"{risk:.1%}",
                "chart": convergence_chart(tally, row["key"], row["edge"]),
            }
        )
        if row["progression"] and row["bets"]:
            systems[-1].update(
                bankroll=bankroll_chart(tally, row["key"]),
                stopped=lab_leads.stopped_sentence(tally, row["key"]),
                bankroll_sentence=lab_leads.bankroll_sentence(tally, row["key"]),
            )
    return {"systems": systems, "systems_sentences": lab_text.systems_sentences(tally)}


def board_context(letters: str, marks_url: str) -> dict:
    board = scoreboard(letters)
    context = scoreboard_context(board, marks_url)
    stats = board.stats
    context["stats"] = {
        "hands": stats.hands,
        "banker": stats.banker,
        "player": stats.player,
        "tie": stats.tie,
        "longest": max(stats.longest_banker, stats.longest_player),
    }
    return context


def sample_boards(tally) -> list[dict]:
    return [
        # Each derived mark opens its proof at marks/<the board>/<road>/<index>/ (lab.urls).
        {
            "number": i,
            "label": _("Shoe %(number)s") % {"number": i},
            **board_context(letters, f"{reverse('lab:index')}marks/{letters}/"),
        }
        for i, letters in enumerate(tally.samples, start=1)
    ]


def results_context(tally) -> dict:
    run = run_of(tally)
    return {
        "tally": tally,
        "run_url": f"{reverse('lab:index')}?{run.query()}",
        "summary": lab_text.run_summary(tally),
        "procedure": procedure(tally.decks),
        "nothing_predicted": _(lab_text.NOTHING_PREDICTED),
        **share_context(tally),
        **streak_context(tally),
        "derived_lead": lab_leads.derived_lead(tally),
        "derived_sentences": lab_text.derived_sentences(tally),
        "derived": red_share_chart(lab_text.derived_rows(tally)),
        **system_context(tally),
        "samples": sample_boards(tally),
        "seconds": f"{tally.seconds:.2f}",
    }


# --- the learner's own shoes -------------------------------------------------------------------


def learner_context(request) -> dict:
    """The caller's most recent tracked shoes with hands, each set against chance; the
    latest drawn beside the lab's sample shoes."""
    shoes = list(
        Shoe.objects.owned_by(request)
        .annotate(recorded=Count("hands"))
        .filter(recorded__gt=0)
        .order_by("-created", "-id")[:LEARNER_SHOES]
    )
    compared, latest = [], None
    for shoe in shoes:
        results = shoe.results()
        if latest is None:
            url = proofs_url(reverse("tracker:shoe", args=[shoe.pk]))
            latest = {"shoe": shoe, **board_context(results, url)}
        comparison = compare(results, shoe.decks)
        entry = {
            "shoe": shoe,
            "url": reverse("tracker:shoe", args=[shoe.pk]),
            "hands": len(results),
            "comparison": comparison,
            "too_long": comparison is None,
            "reference_shoes": f"{REFERENCE_SHOES:,}",
            "chart_id": f"yours-{shoe.pk}-chart",
        }
        if comparison is not None:
            entry.update(
                streak_sentence=comparison.streak_sentence(),
                share_sentences=[share.sentence(comparison.hands) for share in comparison.shares],
                caveat=comparison.caveat(),
                histogram=histogram(comparison.longest_histogram, mark=comparison.longest),
            )
        compared.append(entry)
    return {"learner_shoes": compared, "latest_shoe": latest}
