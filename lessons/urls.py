from django.urls import include, path, re_path

from lessons import hands, odds, views

app_name = "lessons"

urlpatterns = [
    path("", views.home, name="home"),
    path("rules/", views.rules, name="rules"),
    re_path(r"^rules/banker/(?P<total>[0-9])/$", views.banker_row, name="banker_row"),
    path("hands/practice/", include("lessons.practice_urls")),
    path("hands/", hands.hands, name="hands"),
    path("odds/", odds.calculator, name="odds"),
    path("glossary/", views.glossary, name="glossary"),
    path("lessons/", include("lessons.course_urls")),
    path("quiz/", include("lessons.quiz_urls")),
]
