from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from diagnosis.api import health

urlpatterns = [
    path("healthz", health.healthz, name="healthz"),
    path("readyz", health.readyz, name="readyz"),
    path("metrics", health.metrics, name="metrics"),
    path("admin/", admin.site.urls),
    path("api/alerts/", include("diagnosis.alerts.urls")),
    path("api/im/", include("diagnosis.im.urls")),
    path("api/", include("diagnosis.api.urls")),
    path("accounts/login/", auth_views.LoginView.as_view(redirect_authenticated_user=True), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("", include("diagnosis.web.urls")),
]

# /api/… paths answer unknown URLs and crashes outside DRF with the API's JSON error body.
handler400 = "diagnosis.api.errors.handler400"
handler403 = "diagnosis.api.errors.handler403"
handler404 = "diagnosis.api.errors.handler404"
handler500 = "diagnosis.api.errors.handler500"
