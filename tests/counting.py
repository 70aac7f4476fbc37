"""Counting the calls of a function while it keeps working, for the tests of how much work a
request may cause."""


def counted(monkeypatch, module, name):
    """The arguments of every call of module.name from now on (the function left working)."""
    calls = []
    original = getattr(module, name)

    def wrapper(*args, **kwargs):
        calls.append(args)
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, wrapper)
    return calls
