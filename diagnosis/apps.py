from django.apps import AppConfig


class DiagnosisConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "diagnosis"
    verbose_name = "诊断 Diagnosis"

    def ready(self) -> None:
        from diagnosis.alerts.notify import on_run_ended
        from diagnosis.audit.signals import run_ended

        run_ended.connect(on_run_ended, dispatch_uid="diagnosis.alerts.notify")
