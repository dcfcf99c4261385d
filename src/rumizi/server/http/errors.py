"""Every failure of an HTTP request as the protocol's error object: refused requests
(``RoomError``), a database that did not answer, the framework's own errors (unknown
path, wrong method) and bodies that are not what the API takes. Never a 500."""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from .. import protocol
from ..errors import RoomError
from ..store import StoreError

log = logging.getLogger("rumizi.server")

_STATUS_CODES = {404: "not_found", 405: "bad_method", 400: "bad_message", 401: "no_token"}


async def room_error(request: Request, e: RoomError) -> JSONResponse:
    headers = {"Retry-After": "10"} if e.status in (429, 503) else None
    return JSONResponse(e.to_message(), status_code=e.status, headers=headers)


async def store_error(request: Request, e: StoreError) -> JSONResponse:
    log.exception("the database failed a request", exc_info=e)
    body = protocol.error("storage", "the database did not answer: nothing changed")
    return JSONResponse(body, status_code=503, headers={"Retry-After": "10"})


async def http_error(request: Request, e: StarletteHTTPException) -> JSONResponse:
    code = _STATUS_CODES.get(e.status_code, "bad_request")
    return JSONResponse(
        protocol.error(code, str(e.detail)), status_code=e.status_code, headers=e.headers
    )


async def bad_request(request: Request, e: RequestValidationError) -> JSONResponse:
    problems = e.errors()
    if problems and problems[0].get("type") == "json_invalid":
        return JSONResponse(protocol.error("bad_json", "not valid JSON"), status_code=400)
    message = protocol.reasons(problems, "request")
    return JSONResponse(protocol.error("bad_message", message), status_code=422)


def install(app: FastAPI) -> None:
    """Answer every failure of ``app`` with the protocol's error object."""
    app.add_exception_handler(RoomError, room_error)  # type: ignore[arg-type]
    app.add_exception_handler(StoreError, store_error)  # type: ignore[arg-type]
    app.add_exception_handler(StarletteHTTPException, http_error)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, bad_request)  # type: ignore[arg-type]
