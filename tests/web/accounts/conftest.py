"""Set-up every account test shares: a cheap password hasher (the real one takes ~0.4 s
on purpose) and Ada's account."""

import pytest
from django.contrib.auth.models import User

PASSWORD = "a long enough password 1"  # the accounts' password in every test module here


@pytest.fixture(autouse=True)
def fast_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def ada(db):
    return User.objects.create_user("ada", password=PASSWORD)
