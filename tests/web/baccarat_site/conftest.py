"""Set-up shared by the site-wide tests."""

import pytest
from django.test import override_settings


@pytest.fixture
def debug_off():
    """DEBUG off, as production runs, so the site's own error pages answer; the modules
    about those pages ask for it with pytest.mark.usefixtures."""
    with override_settings(DEBUG=False, ALLOWED_HOSTS=["testserver"]):
        yield
