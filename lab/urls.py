from django.urls import path

from lab import views

app_name = "lab"

urlpatterns = [
    path("", views.index, name="index"),
    path("step/", views.step, name="step"),
    path("marks/<str:outcomes>/<str:road>/<int:index>/", views.marks, name="mark"),
]
