from django.urls import path

from odds import views

app_name = "odds"

urlpatterns = [
    path("", views.calculator, name="calculator"),
]
