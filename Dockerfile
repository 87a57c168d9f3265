# syntax=docker/dockerfile:1
# SuperBiz Diagnosis — the production image (docs/OPERATIONS.md "Containers and Kubernetes").
#   docker build -t superbiz-diagnosis:0.1.0 .
# One image for every role: web (the default command), Celery worker and beat, the migration
# step (compose.yaml and deploy/k8s/ give each its command).

# --- builder: the dependencies of pyproject.toml in a virtualenv --------------------------------
FROM python:3.11-slim AS builder
ENV PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_CACHE_DIR=1
WORKDIR /build
COPY pyproject.toml ./
# The project's own dependencies only (not the project: its code is copied to /app below and run
# from there, beside templates/, static/ and prompts/, as the README's checkout runs it). Read from
# pyproject.toml so there is no second list to keep in step. None needs a compiler (wheels, and
# pure-Python sdists such as jieba's).
RUN python -c "import tomllib; print('\n'.join(tomllib.load(open('pyproject.toml', 'rb'))['project']['dependencies']))" \
        > requirements.txt \
    && python -m venv /opt/venv \
    && /opt/venv/bin/pip install --upgrade pip \
    && /opt/venv/bin/pip install -r requirements.txt

# --- final: python:3.11-slim, the virtualenv, the app, a non-root user --------------------------
FROM python:3.11-slim
# PYTHONPATH: `celery -A superbiz` imports the app from /app too (celery does not add the working
# directory to sys.path; python manage.py and gunicorn do).
ENV PATH=/opt/venv/bin:$PATH \
    PYTHONPATH=/app \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    DJANGO_SETTINGS_MODULE=superbiz.settings \
    GUNICORN_BIND=0.0.0.0:8000
RUN groupadd --system --gid 10001 superbiz \
    && useradd --system --uid 10001 --gid superbiz --home-dir /app --shell /usr/sbin/nologin superbiz \
    && install -d -o superbiz -g superbiz /var/lib/superbiz /run/superbiz-metrics
COPY --from=builder /opt/venv /opt/venv
WORKDIR /app
COPY manage.py gunicorn.conf.py pyproject.toml ./
COPY superbiz ./superbiz
COPY diagnosis ./diagnosis
COPY gatekeeper ./gatekeeper
COPY contracts ./contracts
COPY evaluation ./evaluation
COPY prompts ./prompts
COPY templates ./templates
COPY static ./static
COPY deploy/healthcheck.py ./deploy/healthcheck.py
# Static files at build time (whitenoise serves them, compressed and cache-busted). The key is a
# throw-away one for this command only: nothing secret is baked into the image, and without it
# the settings would write a generated .secret_key into the image.
RUN SECRET_KEY="$(python -c 'import secrets; print(secrets.token_urlsafe(50))')" \
    python manage.py collectstatic --noinput
USER 10001:10001
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=10s --start-period=30s --retries=3 \
    CMD ["python", "deploy/healthcheck.py", "/healthz"]
# gunicorn reads ./gunicorn.conf.py: uvicorn workers (ASGI, for the SSE stream), WEB_CONCURRENCY,
# GUNICORN_BIND (0.0.0.0:8000 here), access log to stdout.
CMD ["gunicorn", "superbiz.asgi:application"]
