from importlib import import_module

from django.apps import AppConfig

#: Model modules of the app's feature packages, beside ``diagnosis.models`` (the runs and the
#: evidence stores): each feature keeps its records with its code and imports the core models,
#: never the other way round.
FEATURE_MODELS = ("diagnosis.alerts.models", "diagnosis.im.models", "diagnosis.reviews.models")


class DiagnosisConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "diagnosis"
    verbose_name = "诊断 Diagnosis"

    def import_models(self) -> None:
        super().import_models()
        for module in FEATURE_MODELS:
            import_module(module)

    def ready(self) -> None:
        from django.db.backends.signals import connection_created

        from diagnosis.alerts.notify import on_run_ended
        from diagnosis.audit.signals import run_ended
        from diagnosis.im.services import on_run_ended as im_on_run_ended
        from diagnosis.models import DiagnosisRun
        from diagnosis.selectors.run_search import QuestionIContains
        from diagnosis.stored_times import guard_stored_times

        run_ended.connect(on_run_ended, dispatch_uid="diagnosis.alerts.notify")
        run_ended.connect(im_on_run_ended, dispatch_uid="diagnosis.im.services")
        connection_created.connect(guard_stored_times, dispatch_uid="diagnosis.stored_times")
        # The admin's run search by question (issue 30): icontains through PostgreSQL's indexes.
        DiagnosisRun._meta.get_field("question").register_lookup(QuestionIContains)
