"""Named personas shared by the suite (STYLE §7): who is acting matters more than how."""

from __future__ import annotations

from django.contrib.auth import get_user_model

PASSWORD = "correct-horse-battery-staple"


def make_user(username: str, *, staff: bool = False, superuser: bool = False):
    User = get_user_model()
    user = User.objects.create_user(username=username, password=PASSWORD, email=f"{username}@example.com")
    user.is_staff = staff or superuser
    user.is_superuser = superuser
    user.save()
    return user


def make_reviewer():
    """Reviews runs in the Django admin audit console."""
    return make_user("reviewer", staff=True, superuser=True)


def make_staff():
    """On-call engineer using the web UI."""
    return make_user("staff", staff=True)


def make_api_user():
    """A plain API consumer."""
    return make_user("api_user")


def make_outsider():
    """Another user who must never see api_user's sessions or runs."""
    return make_user("outsider")


#: What a reviewer needs beyond staff status (issue 25 item 7): read runs, label verdicts and claims.
REVIEW_PERMISSIONS = ("view_diagnosisrun", "add_runlabel", "add_claimlabel")


def grant_permissions(user, *codenames: str):
    """Give ``user`` these ``diagnosis`` model permissions (the admin's per-model checks read them)."""
    from django.contrib.auth.models import Permission

    user.user_permissions.add(*Permission.objects.filter(content_type__app_label="diagnosis", codename__in=codenames))
    return type(user).objects.get(pk=user.pk)  # a fresh object: permissions are cached per instance
