from django.urls import path, re_path

from reference import views

app_name = "reference"

urlpatterns = [
    path("", views.home, name="home"),
    path("rules/", views.rules, name="rules"),
    re_path(r"^rules/banker/(?P<total>[0-9])/$", views.banker_row, name="banker_row"),
    path("glossary/", views.glossary, name="glossary"),
    path("faq/", views.faq, name="faq"),
    path("sources/", views.sources, name="sources"),
]
