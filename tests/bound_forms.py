"""A form bound to a query string, as a view binds it to request.GET."""

from django.http import QueryDict


def bound(form_class, query):
    """`form_class` bound to `query` and validated (its errors and cleaned data filled in)."""
    form = form_class(QueryDict(query))
    form.is_valid()
    return form
