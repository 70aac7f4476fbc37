"""Set-up every account test shares: Ada's account (the cheap password hasher every test
uses is tests/conftest.py's)."""

import pytest
from django.contrib.auth.models import User

PASSWORD = "a long enough password 1"  # the accounts' password in every test module here


@pytest.fixture
def ada(db):
    return User.objects.create_user("ada", password=PASSWORD)
