#!/usr/bin/env python
"""Django's command-line utility for SuperBiz Diagnosis."""

import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "superbiz.settings")
    try:
        from django.core.management import execute_from_command_line
    except ImportError as exc:
        raise ImportError(
            "Couldn't import Django. The project installs into ./.venv (see README): run "
            "`.venv/bin/python manage.py …` or activate the virtual environment first."
        ) from exc
    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
