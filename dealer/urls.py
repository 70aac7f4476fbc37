from django.urls import path

from dealer import calling, procedure, views

app_name = "dealer"

urlpatterns = [
    path("", views.index, name="index"),
    path("calling/", calling.calling, name="calling"),
    path("calling/answer/", calling.answer, name="calling_answer"),
    path("procedure/", procedure.procedure, name="procedure"),
    path("procedure/answer/", procedure.answer, name="procedure_answer"),
]
