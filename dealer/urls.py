from django.urls import path

from dealer import table, views
from dealer.commission import commission
from dealer.payouts import payouts

app_name = "dealer"

urlpatterns = [
    path("", views.index, name="index"),
    path("commission/", commission, name="commission"),
    path("payouts/", payouts, name="payouts"),
    path("table/", table.table, name="table"),
]
