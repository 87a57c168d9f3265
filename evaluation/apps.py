from django.apps import AppConfig


class EvaluationConfig(AppConfig):
    """The evaluation harness as a Django app only for its ``manage.py evaluate`` command: no models,
    no URLs, no signals."""

    name = "evaluation"
    verbose_name = "评估 Evaluation"
