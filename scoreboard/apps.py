from django.apps import AppConfig


class ScoreboardConfig(AppConfig):
    """The road boards every section draws (the tracker's shoes, the lessons' boards, the
    quiz's road questions, the lab's sample shoes): their drawing context (boards.py), the
    {% repeat %} tag that fills their cells (templatetags/road_cells.py) and their templates
    (templates/scoreboard/). It has no pages of its own."""

    name = "scoreboard"
