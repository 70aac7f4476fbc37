"""The shape of every refusal the API answers (400, 403, 404, 409, 413, 429): one sentence
naming what is wrong. (A malformed request's 422 adds pydantic's list: api.api.)"""

from ninja import Schema


class ErrorOut(Schema):
    detail: str
