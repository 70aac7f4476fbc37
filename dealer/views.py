from django.shortcuts import render

from baccarat.teaching.dealer_standard import READY_ACCURACY, READY_WINDOW
from dealer import scoring
from dealer.catalogue import DRILLS


def index(request):
    rows = [
        {"drill": drill, "tally": scoring.tally(request, drill.url_name, drill.standard_seconds)}
        for drill in DRILLS
    ]
    return render(
        request,
        "dealer/index.html",
        {
            "rows": rows,
            "ready_right": round(READY_ACCURACY * READY_WINDOW),
            "ready_window": READY_WINDOW,
        },
    )
