"""Evidence scopes (DESIGN §10.3, issue 13): every evidence row and every session belongs to one
``EvidenceScope``; the once-global uniqueness (bundle content hash, row fingerprints, service
names, document source + hash) becomes per scope, so one bundle can be loaded into two scopes.

Data step (``assign_scopes``): a ``live`` scope; one replay scope per existing bundle, named after
the bundle (bundles sharing a name share a scope; the demo bundle's scope is ``demo``, the name
``load_demo`` uses), with the bundle's ``reference_time``; the rows each bundle wrote go to its
scope. A row a later bundle only *skipped* (it was already there) stays with the first bundle's
scope: loading that bundle again restores it in its own scope. Rows without a bundle (uploaded
documents) and every existing session go to the default scope — ``demo`` if there is one, else
the most recently loaded bundle's scope, else ``live``; services (which had no bundle) are copied
into every replay scope (into ``live`` when there are none).
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


LIVE_SCOPE = "live"
DEMO_SCOPE = "demo"
DEMO_BUNDLE_NAME = "SuperBiz 演示环境 2026-11-28"  # the committed demo bundle's ``name`` (frozen here)
BUNDLED_ROWS = ("LogRecord", "Alert", "MetricSeries", "KnowledgeDocument")


def _scope_name(bundle_name, bundle_pk):
    name = (bundle_name or "").strip()[:200] or f"bundle-{bundle_pk}"
    if name == DEMO_BUNDLE_NAME:
        return DEMO_SCOPE
    return f"{name} (replay)"[:200] if name == LIVE_SCOPE else name


def assign_scopes(apps, schema_editor):
    Scope = apps.get_model("diagnosis", "EvidenceScope")
    Bundle = apps.get_model("diagnosis", "EvidenceBundle")
    Service = apps.get_model("diagnosis", "Service")
    Session = apps.get_model("diagnosis", "DiagnosisSession")
    live, _ = Scope.objects.get_or_create(name=LIVE_SCOPE, defaults={"kind": "live"})
    replay = {}
    for bundle in Bundle.objects.order_by("loaded_at", "pk"):
        scope, _ = Scope.objects.get_or_create(name=_scope_name(bundle.name, bundle.pk), defaults={"kind": "replay"})
        if bundle.reference_time is not None:
            scope.reference_time = bundle.reference_time  # the later load of a shared name wins
        scope.loaded_at = bundle.loaded_at
        scope.save(update_fields=["reference_time", "loaded_at"])
        Bundle.objects.filter(pk=bundle.pk).update(scope=scope)
        for model in BUNDLED_ROWS:
            apps.get_model("diagnosis", model).objects.filter(bundle_id=bundle.pk).update(scope=scope)
        replay[scope.pk] = scope
    demo = next((s for s in replay.values() if s.name == DEMO_SCOPE), None)
    latest = max(replay.values(), key=lambda s: (s.loaded_at, s.pk), default=None)
    default = demo or latest or live
    for model in BUNDLED_ROWS:
        apps.get_model("diagnosis", model).objects.filter(scope__isnull=True).update(scope=default)
    Session.objects.filter(scope__isnull=True).update(scope=default)
    targets = list(replay.values()) or [live]
    for service in Service.objects.filter(scope__isnull=True).order_by("pk"):
        first, *others = targets
        Service.objects.bulk_create(
            Service(scope=s, name=service.name, aliases=service.aliases, description=service.description)
            for s in others
        )
        Service.objects.filter(pk=service.pk).update(scope=first)
    if schema_editor.connection.vendor == "postgresql":
        # Check the deferred FKs now: PostgreSQL refuses to ALTER a table with pending trigger events.
        schema_editor.execute("SET CONSTRAINTS ALL IMMEDIATE")


def _scope_required(model_name, related_name, on_delete):
    return migrations.AlterField(
        model_name=model_name,
        name="scope",
        field=models.ForeignKey(on_delete=on_delete, related_name=related_name, to="diagnosis.evidencescope"),
    )


class Migration(migrations.Migration):

    dependencies = [
        ('diagnosis', '0003_run_created_index'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='EvidenceScope',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('name', models.CharField(max_length=200, unique=True)),
                ('kind', models.CharField(choices=[('live', '实时'), ('replay', '回放')], default='replay', max_length=16)),
                ('reference_time', models.DateTimeField(blank=True, null=True)),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('loaded_at', models.DateTimeField(blank=True, null=True)),
            ],
            options={
                'verbose_name': '证据范围',
                'verbose_name_plural': '证据范围',
                'ordering': ['name'],
            },
        ),
        migrations.RemoveConstraint(
            model_name='knowledgedocument',
            name='document_source_hash_unique',
        ),
        migrations.RemoveIndex(
            model_name='alert',
            name='alert_service_time',
        ),
        migrations.RemoveIndex(
            model_name='logrecord',
            name='log_service_time',
        ),
        migrations.RemoveIndex(
            model_name='logrecord',
            name='log_time',
        ),
        migrations.RemoveIndex(
            model_name='metricseries',
            name='metric_service_name',
        ),
        migrations.AlterField(
            model_name='alert',
            name='fingerprint',
            field=models.CharField(max_length=64),
        ),
        migrations.AlterField(
            model_name='evidencebundle',
            name='content_hash',
            field=models.CharField(max_length=64),
        ),
        migrations.AlterField(
            model_name='logrecord',
            name='fingerprint',
            field=models.CharField(max_length=64),
        ),
        migrations.AlterField(
            model_name='metricseries',
            name='fingerprint',
            field=models.CharField(max_length=64),
        ),
        migrations.AlterField(
            model_name='service',
            name='name',
            field=models.CharField(max_length=100),
        ),
        migrations.AddIndex(
            model_name='evidencescope',
            index=models.Index(fields=['kind', '-loaded_at'], name='scope_kind_loaded'),
        ),
        migrations.AddField(
            model_name='alert',
            name='scope',
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.CASCADE, related_name='alerts', to='diagnosis.evidencescope'),
        ),
        migrations.AddField(
            model_name='diagnosissession',
            name='scope',
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.PROTECT, related_name='sessions', to='diagnosis.evidencescope'),
        ),
        migrations.AddField(
            model_name='evidencebundle',
            name='scope',
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.CASCADE, related_name='bundles', to='diagnosis.evidencescope'),
        ),
        migrations.AddField(
            model_name='knowledgedocument',
            name='scope',
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.CASCADE, related_name='documents', to='diagnosis.evidencescope'),
        ),
        migrations.AddField(
            model_name='logrecord',
            name='scope',
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.CASCADE, related_name='logs', to='diagnosis.evidencescope'),
        ),
        migrations.AddField(
            model_name='metricseries',
            name='scope',
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.CASCADE, related_name='metric_series', to='diagnosis.evidencescope'),
        ),
        migrations.AddField(
            model_name='service',
            name='scope',
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.CASCADE, related_name='services', to='diagnosis.evidencescope'),
        ),
        migrations.RunPython(assign_scopes, migrations.RunPython.noop),
        _scope_required("alert", "alerts", django.db.models.deletion.CASCADE),
        _scope_required("diagnosissession", "sessions", django.db.models.deletion.PROTECT),
        _scope_required("evidencebundle", "bundles", django.db.models.deletion.CASCADE),
        _scope_required("knowledgedocument", "documents", django.db.models.deletion.CASCADE),
        _scope_required("logrecord", "logs", django.db.models.deletion.CASCADE),
        _scope_required("metricseries", "metric_series", django.db.models.deletion.CASCADE),
        _scope_required("service", "services", django.db.models.deletion.CASCADE),
        migrations.AddIndex(
            model_name='alert',
            index=models.Index(fields=['scope', 'service', '-starts_at'], name='alert_service_time'),
        ),
        migrations.AddIndex(
            model_name='logrecord',
            index=models.Index(fields=['scope', 'service', '-timestamp'], name='log_service_time'),
        ),
        migrations.AddIndex(
            model_name='logrecord',
            index=models.Index(fields=['scope', '-timestamp'], name='log_time'),
        ),
        migrations.AddIndex(
            model_name='metricseries',
            index=models.Index(fields=['scope', 'service', 'name'], name='metric_service_name'),
        ),
        migrations.AddConstraint(
            model_name='alert',
            constraint=models.UniqueConstraint(fields=('scope', 'fingerprint'), name='alert_fingerprint_unique_in_scope'),
        ),
        migrations.AddConstraint(
            model_name='evidencebundle',
            constraint=models.UniqueConstraint(fields=('scope', 'content_hash'), name='bundle_hash_unique_in_scope'),
        ),
        migrations.AddConstraint(
            model_name='knowledgedocument',
            constraint=models.UniqueConstraint(fields=('scope', 'source', 'content_hash'), name='document_source_hash_unique'),
        ),
        migrations.AddConstraint(
            model_name='logrecord',
            constraint=models.UniqueConstraint(fields=('scope', 'fingerprint'), name='log_fingerprint_unique_in_scope'),
        ),
        migrations.AddConstraint(
            model_name='metricseries',
            constraint=models.UniqueConstraint(fields=('scope', 'fingerprint'), name='series_fingerprint_unique_in_scope'),
        ),
        migrations.AddConstraint(
            model_name='service',
            constraint=models.UniqueConstraint(fields=('scope', 'name'), name='service_name_unique_in_scope'),
        ),
    ]
