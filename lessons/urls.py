"""The course, under /lessons/.

A mark on a lesson's board is addressed by the board itself (its outcomes), the road's key
and the mark's 0-based index: the board is the learner's, not saved anywhere.
"""

from django.urls import path

from lessons import views

app_name = "lessons"

urlpatterns = [
    path("", views.index, name="index"),
    path("<slug:module>/", views.module_page, name="module"),
    path("<slug:module>/<slug:lesson>/", views.lesson, name="lesson"),
    path("<slug:module>/<slug:lesson>/read/", views.mark_read, name="read"),
    path("<slug:module>/<slug:lesson>/checks/<slug:check>/", views.answer_check, name="check"),
    path(
        "<slug:module>/<slug:lesson>/marks/<str:outcomes>/<str:road>/<int:index>/",
        views.mark,
        name="mark",
    ),
]
