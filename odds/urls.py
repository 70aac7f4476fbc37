from django.urls import path

from odds import counting, views

app_name = "odds"

urlpatterns = [
    path("", views.calculator, name="calculator"),
    path("counting/", counting.counting, name="counting"),
]
