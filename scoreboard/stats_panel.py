"""What the stats panel beside the roads shows (templates/scoreboard/stats_panel.html), read
from a baccarat.roads.scoreboard.Stats: one shoe's (the shoe page, its printed sheet), or
several shoes' added up (baccarat.roads.tally.total, the statistics across shoes), which has
no current run.

A casino's screen shows a strip of the counts ("B 23 · P 20 · T 4 · 47 hands") and, beside
it, the shares, the pairs, the naturals and the runs: the strip stays on a phone's first
screen, the rest comes after the roads."""

from django.utils.translation import gettext_lazy, pgettext_lazy

from baccarat.roads.tally import shares
from scoreboard.boards import OUTCOME_WORDS, bead_letters

# Each line of the counts table, a whole word for each.
LINE_WORDS = {
    "banker": OUTCOME_WORDS["B"],
    "player": OUTCOME_WORDS["P"],
    "tie": OUTCOME_WORDS["T"],
    "banker_pairs": gettext_lazy("Banker pairs"),
    "player_pairs": gettext_lazy("Player pairs"),
    "naturals": gettext_lazy("Naturals"),
}
# The class that colours a line (a pair has its side's colour).
LINE_CSS = {
    "banker": "banker",
    "player": "player",
    "tie": "tie",
    "banker_pairs": "banker",
    "player_pairs": "player",
    "naturals": "",
}
NO_RUN = pgettext_lazy("no streak yet", "none yet")


def percent(share):
    return f"{100 * share:.1f}"


def stats_panel_context(stats, one_shoe=True):
    """The panel's figures, all from `stats`. `one_shoe`: a shoe's own panel, which has a
    current run ("none yet" before the first Banker or Player); a total over several shoes
    has none, so it shows no such line."""
    letters = bead_letters()
    lines = shares(stats)
    streak = stats.current_streak
    return {
        "hands": stats.hands,
        "hands_text": f"{stats.hands:,}",  # a total over many shoes runs into thousands
        "strip": [
            {
                "letter": letters[line.outcome],
                "name": LINE_WORDS[line.key],
                "css": LINE_CSS[line.key],
                "count": f"{line.count:,}",
            }
            for line in lines
            if line.outcome
        ],
        "counts": [
            {
                "label": LINE_WORDS[line.key],
                "key": line.key.replace("_", "-"),
                "css": LINE_CSS[line.key],
                "count": f"{line.count:,}",
                "percent": percent(line.share),
            }
            for line in lines
        ],
        "one_shoe": one_shoe,
        "current_run": (OUTCOME_WORDS[streak[0]], streak[1]) if streak else None,
        "no_run": NO_RUN,
        "longest_banker": stats.longest_banker,
        "longest_player": stats.longest_player,
    }
