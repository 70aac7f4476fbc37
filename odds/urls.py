from django.urls import path

from odds import counts, views

app_name = "odds"

urlpatterns = [
    path("", views.calculator, name="calculator"),
    path("counting/systems/", counts.systems, name="counting_systems"),
    path("counting/systems/step/", counts.step, name="counting_systems_step"),
]
