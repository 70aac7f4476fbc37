"""The database out of reach (restarting, failing over, the network in between): a request
that needs it answers 503 with Retry-After, JSON under /api/ and the 503 page elsewhere, and
the site recovers by itself as soon as the database is back (errors.database_unavailable:
what counts as out of reach, the answer, the log line, closing the broken connection).

This middleware answers for an error in a view, in what it renders (the layout asks who is
signed in) and in the session or account the view reads: Django hands those to
process_exception. An error in a middleware's own code, such as saving the session in
SessionMiddleware's response phase, never reaches another middleware (Django turns it into
the 500 response where it happens, whatever the order), so the 500 handler answers for it
(errors.server_error). The middleware sits high in settings.MIDDLEWARE, below
the security and static-file layers: no middleware under it answers an exception first.
"""

from baccarat_site.errors import database_out_of_reach, database_unavailable


class DatabaseUnavailableMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if database_out_of_reach(exception):
            return database_unavailable(request, exception)
        return None
