"""The quiz, included by lessons/urls.py under quiz/ (lessons namespace)."""

from django.urls import path

from lessons import quiz as views

urlpatterns = [
    path("", views.index, name="quiz"),
    path("progress/", views.progress, name="quiz_progress"),
    path("speed/", views.speed, name="quiz_speed"),
    path("speed/start/", views.speed_start, name="quiz_speed_start"),
    path("speed/answer/", views.speed_answer, name="quiz_speed_answer"),
    path("<slug:topic>/", views.question_page, name="quiz_topic"),
    path("<slug:topic>/answer/", views.answer, name="quiz_answer"),
    path("<slug:topic>/next/", views.next_question, name="quiz_next"),
]
