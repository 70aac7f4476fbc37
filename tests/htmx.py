"""The header htmx adds to every request it makes, as Django's test client takes it:
`client.get(url, **HTMX)` asks for the partial a page swaps in."""

HTMX = {"HTTP_HX_REQUEST": "true"}
