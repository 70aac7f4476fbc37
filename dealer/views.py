from django.shortcuts import render

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
        {"rows": rows, **scoring.ready_standard()},
    )
