from django.urls import path

from hands import practice, views

app_name = "hands"

urlpatterns = [
    path("", views.hands, name="walkthrough"),
    path("practice/", practice.practice, name="practice"),
    path("practice/answer/", practice.answer, name="practice_answer"),
    path("practice/deal/", practice.deal_hand, name="practice_deal"),
    path("practice/reset-score/", practice.reset_score, name="practice_reset_score"),
]
