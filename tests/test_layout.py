"""The layout shows the architecture: one app a section of the site, each with its
urls.py and views.py; no import cycle anywhere in the project, counting the imports made
inside functions too (an import deferred to dodge a cycle is still a cycle); no module too
long to read in one sitting; and baccarat/, the game, imports no Django."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = [
    "accounts", "api", "baccarat", "baccarat_site", "guards", "hands", "lab", "lessons", "odds",
    "progress", "quiz", "reference", "scoreboard", "tracker",
]  # fmt: skip
SECTIONS = ["reference", "hands", "odds", "lessons", "quiz", "tracker", "lab", "accounts"]
MOST_LINES = 500


def modules():
    """{dotted name: path} of every project module, migrations aside (generated)."""
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = path
    return found


def imports_of(path, known):
    """The project modules `path` imports, anywhere in it (function bodies included)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue
        for name in names:
            # "from tracker import views" names the module tracker.views.
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name:
                found.add(name)
    return found


def cycles(graph):
    """Strongly connected components with more than one module (Tarjan), or a module that
    imports itself."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in graph[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1 or node in graph[node]:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_import_cycles():
    known = modules()
    graph = {
        name: {
            target
            for target in imports_of(path, known)
            # A package's __init__ is imported on the way to its modules: not a cycle.
            if target != name and not name.startswith(target + ".")
        }
        for name, path in known.items()
    }
    assert cycles(graph) == []


def test_the_cycle_finder_finds_one():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


@pytest.mark.parametrize("name", sorted(modules()))
def test_no_module_is_too_long_to_read_in_one_sitting(name):
    lines = len(modules()[name].read_text().splitlines())
    assert lines <= MOST_LINES, f"{name}: {lines} lines"


def test_the_game_imports_no_django():
    known = modules()
    for name, path in known.items():
        if name.startswith("baccarat.") or name == "baccarat":
            source = ast.parse(path.read_text())
            for node in ast.walk(source):
                if isinstance(node, ast.Import | ast.ImportFrom):
                    module = node.module if isinstance(node, ast.ImportFrom) else None
                    names = [module] if module else [alias.name for alias in node.names]
                    assert not any(n and n.split(".")[0] == "django" for n in names), name


@pytest.mark.parametrize("app", SECTIONS)
def test_each_section_is_an_app_with_its_urls_views_and_templates(app):
    assert (ROOT / app / "urls.py").is_file()
    assert (ROOT / app / "views.py").is_file()
    assert "app_name = " in (ROOT / app / "urls.py").read_text()
    assert (ROOT / "templates" / app).is_dir()
