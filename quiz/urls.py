from django.urls import path

from quiz import mastery, speed, views

app_name = "quiz"

urlpatterns = [
    path("", views.index, name="index"),
    path("progress/", mastery.progress, name="progress"),
    path("speed/", speed.speed, name="speed"),
    path("speed/start/", speed.speed_start, name="speed_start"),
    path("speed/answer/", speed.speed_answer, name="speed_answer"),
    path("<slug:topic>/", views.question_page, name="topic"),
    path("<slug:topic>/answer/", views.answer, name="answer"),
    path("<slug:topic>/next/", views.next_question, name="next"),
]
