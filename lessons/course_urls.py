"""The lessons, included by lessons/urls.py under lessons/ (lessons namespace).

A mark on a lesson's board is addressed by the board itself (its outcomes), the road's key
and the mark's 0-based index: the board is the learner's, not saved anywhere.
"""

from django.urls import path

from lessons import course_views as views

urlpatterns = [
    path("", views.index, name="course"),
    path("<slug:module>/", views.module_page, name="course_module"),
    path("<slug:module>/<slug:lesson>/", views.lesson, name="course_lesson"),
    path("<slug:module>/<slug:lesson>/read/", views.mark_read, name="course_read"),
    path(
        "<slug:module>/<slug:lesson>/checks/<slug:check>/",
        views.answer_check,
        name="course_check",
    ),
    path(
        "<slug:module>/<slug:lesson>/marks/<str:outcomes>/<str:road>/<int:index>/",
        views.mark,
        name="course_mark",
    ),
]
