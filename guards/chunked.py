"""Request bodies sent with Transfer-Encoding: chunked, made whole before Django reads them.

Such a body has no Content-Length, and Django reads CONTENT_LENGTH bytes, that is none: a
chunked JSON body reached the API as empty. gunicorn decodes the chunks as they are read
from wsgi.input; this WSGI wrapper reads them (at most MAX_REQUEST_BODY_BYTES, else 413,
as for a declared length), and hands Django the bytes with their length. A proxy in front
(nginx) usually does the same already; then there is nothing to do here.
"""

import io

from django.conf import settings


class WholeChunkedBodies:
    def __init__(self, application):
        self.application = application

    def __call__(self, environ, start_response):
        if "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower():
            limit = settings.MAX_REQUEST_BODY_BYTES
            body = environ["wsgi.input"].read(limit + 1)
            if len(body) > limit:
                start_response(
                    "413 Content Too Large", [("Content-Type", "text/plain; charset=utf-8")]
                )
                return [f"The request body is over the limit of {limit:,} bytes.".encode()]
            environ["wsgi.input"] = io.BytesIO(body)
            environ["CONTENT_LENGTH"] = str(len(body))
            del environ["HTTP_TRANSFER_ENCODING"]
        return self.application(environ, start_response)
