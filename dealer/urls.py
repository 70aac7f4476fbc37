from django.urls import path

from dealer import table, views

app_name = "dealer"

urlpatterns = [
    path("", views.index, name="index"),
    path("table/", table.table, name="table"),
]
