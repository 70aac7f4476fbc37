from django.urls import path

from patterns import views

app_name = "patterns"

urlpatterns = [
    path("", views.index, name="index"),
    path("<slug:slug>/", views.detail, name="detail"),
]
