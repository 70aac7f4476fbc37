from django.urls import path

from odds import counting, counts, views

app_name = "odds"

urlpatterns = [
    path("", views.calculator, name="calculator"),
    path("counting/", counting.counting, name="counting"),
    path("counting/systems/", counts.systems, name="counting_systems"),
    path("counting/systems/step/", counts.step, name="counting_systems_step"),
]
