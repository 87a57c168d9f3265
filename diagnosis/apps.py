from django.apps import AppConfig


class DiagnosisConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "diagnosis"
    verbose_name = "诊断 Diagnosis"

    def ready(self) -> None:
        from django.db.backends.signals import connection_created

        from diagnosis.alerts.notify import on_run_ended
        from diagnosis.audit.signals import run_ended
        from diagnosis.stored_times import guard_stored_times

        run_ended.connect(on_run_ended, dispatch_uid="diagnosis.alerts.notify")
        connection_created.connect(guard_stored_times, dispatch_uid="diagnosis.stored_times")
