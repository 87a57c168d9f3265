from __future__ import annotations

from django.urls import path

from diagnosis.web import views

app_name = "web"

urlpatterns = [
    path("", views.home, name="home"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("ask/", views.ask, name="ask"),
    path("sessions/", views.session_list, name="session-list"),
    path("sessions/<uuid:pk>/", views.session_detail, name="session-detail"),
    path("runs/<uuid:pk>/", views.run_detail, name="run-detail"),
    path("runs/<uuid:pk>/label/", views.run_label, name="run-label"),
    path("runs/<uuid:pk>/turn/", views.run_turn, name="run-turn"),
]
