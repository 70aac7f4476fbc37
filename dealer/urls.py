from django.urls import path

from dealer import calling, procedure, table, views
from dealer.commission import commission
from dealer.payouts import payouts

app_name = "dealer"

urlpatterns = [
    path("", views.index, name="index"),
    path("commission/", commission, name="commission"),
    path("payouts/", payouts, name="payouts"),
    path("calling/", calling.calling, name="calling"),
    path("calling/answer/", calling.answer, name="calling_answer"),
    path("table/", table.table, name="table"),
    path("procedure/", procedure.procedure, name="procedure"),
    path("procedure/answer/", procedure.answer, name="procedure_answer"),
]
