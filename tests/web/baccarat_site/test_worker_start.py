"""What gunicorn's master prepares before it forks a worker (gunicorn.conf.py): a worker's
first pages must not compile templates, time the processor share (guards.shares) would
charge to the visitor who happened to ask first."""

import importlib.util
from unittest import mock

import pytest
from django.forms.renderers import get_default_renderer
from django.template import Template, engines
from production_process import ROOT

PAGES = ["/rules/", "/tracker/", "/lab/", "/odds/", "/quiz/", "/lessons/", "/glossary/", "/hands/"]


@pytest.fixture
def gunicorn_conf():
    spec = importlib.util.spec_from_file_location("gunicorn_conf", ROOT / "gunicorn.conf.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def fresh_template_cache():
    for engine in [*engines.all(), get_default_renderer().engine]:
        for loader in engine.engine.template_loaders:
            loader.reset()


@pytest.mark.django_db
@pytest.mark.parametrize("prefix", ["", "/zh-hant", "/zh-hans"])
def test_a_worker_s_first_pages_compile_no_template(
    client, gunicorn_conf, fresh_template_cache, prefix
):
    gunicorn_conf.compile_templates()
    with mock.patch.object(
        Template, "compile_nodelist", autospec=True, side_effect=Template.compile_nodelist
    ) as compiled:
        for page in PAGES:
            assert client.get(prefix + page).status_code == 200, page
    assert [call.args[0].origin.name for call in compiled.call_args_list] == []


@pytest.mark.django_db
def test_without_it_they_do(client, fresh_template_cache):
    # The check above can fail: a page's first showing compiles its templates.
    with mock.patch.object(
        Template, "compile_nodelist", autospec=True, side_effect=Template.compile_nodelist
    ) as compiled:
        assert client.get("/rules/").status_code == 200
    assert compiled.call_count > 0
