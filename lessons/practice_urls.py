"""The practice dealer, included by lessons/urls.py under hands/practice/ (lessons namespace)."""

from django.urls import path

from lessons import practice as views

urlpatterns = [
    path("", views.practice, name="practice"),
    path("answer/", views.answer, name="practice_answer"),
    path("deal/", views.deal_hand, name="practice_deal"),
    path("reset-score/", views.reset_score, name="practice_reset_score"),
]
