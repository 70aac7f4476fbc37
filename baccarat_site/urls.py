from django.contrib import admin
from django.urls import include, path

from api.api import api
from baccarat_site.health import healthz

urlpatterns = [
    path("", include("lessons.urls")),
    path("tracker/", include("tracker.urls")),
    path("accounts/", include("accounts.urls")),
    path("api/v1/", api.urls),
    path("admin/", admin.site.urls),
    path("healthz", healthz, name="healthz"),
]
