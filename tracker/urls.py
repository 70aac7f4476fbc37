from django.urls import path, register_converter

from tracker import bead_points, keypad, offline, printing, views


class ShareToken:
    """A share link's token as tracker.models.new_share_token writes it (URL-safe base64):
    anything else is a 404 before it reaches the database, which a NUL (%00) would fail on
    PostgreSQL."""

    regex = r"[A-Za-z0-9_-]{1,64}"

    def to_python(self, value):
        return value

    def to_url(self, value):
        return value


register_converter(ShareToken, "share_token")

app_name = "tracker"

# A derived mark is addressed by its road's key and its 0-based index in that road's marks
# (baccarat.roads.scoreboard.DerivedCell.mark), under the page that shows the board.
urlpatterns = [
    path("", views.index, name="index"),
    path("import/", views.import_page, name="import"),
    path("sheet/", printing.sheet, name="sheet"),
    path("stats/", views.stats, name="stats"),
    path("offline/", offline.offline_page, name="offline"),
    path("<int:shoe_id>/", views.shoe, name="shoe"),
    path("<int:shoe_id>/export.csv", views.export, {"extension": "csv"}, name="export_csv"),
    path("<int:shoe_id>/export.json", views.export, {"extension": "json"}, name="export_json"),
    path("<int:shoe_id>/print/", printing.print_shoe, name="print"),
    path("<int:shoe_id>/roads.svg", printing.roads_image, {"extension": "svg"}, name="roads_svg"),
    path("<int:shoe_id>/roads.png", printing.roads_image, {"extension": "png"}, name="roads_png"),
    path("<int:shoe_id>/hands/", views.record, name="record"),
    path("<int:shoe_id>/cards/", keypad.deal, name="deal"),
    path("<int:shoe_id>/undo/", views.undo, name="undo"),
    path("<int:shoe_id>/rename/", views.rename, name="rename"),
    path("<int:shoe_id>/delete/", views.delete, name="delete"),
    path("<int:shoe_id>/share/", views.share, name="share"),
    path("<int:shoe_id>/marks/<str:road>/<int:index>/", views.mark, name="mark"),
    path("bead/", bead_points.bead, name="bead"),
    path("shared/<share_token:token>/", views.shared, name="shared"),
    path("shared/<share_token:token>/print/", printing.print_shared, name="shared_print"),
    path(
        "shared/<share_token:token>/roads.svg",
        printing.shared_roads_image,
        {"extension": "svg"},
        name="shared_roads_svg",
    ),
    path(
        "shared/<share_token:token>/roads.png",
        printing.shared_roads_image,
        {"extension": "png"},
        name="shared_roads_png",
    ),
    path(
        "shared/<share_token:token>/marks/<str:road>/<int:index>/",
        views.shared_mark,
        name="shared_mark",
    ),
]
