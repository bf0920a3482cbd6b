"""Calling a WSGI app (Django, and the fast paths in front of it: config/wsgi.py) as a server would."""

from __future__ import annotations

import io
import sys

import pytest
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections


class Counting:
    """Django, counting the requests that reach it."""

    def __init__(self):
        self.django, self.calls = WSGIHandler(), 0

    def __call__(self, environ, start_response):
        self.calls += 1
        return self.django(environ, start_response)


@pytest.fixture
def django_app():
    # As Django's test client does: a request must not close the test's transaction.
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield Counting()
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


def environ(path, method="GET", query="", **headers):
    return {"REQUEST_METHOD": method, "PATH_INFO": path, "QUERY_STRING": query, "SCRIPT_NAME": "",
            "SERVER_NAME": "testserver", "SERVER_PORT": "80", "SERVER_PROTOCOL": "HTTP/1.1",
            "REMOTE_ADDR": "127.0.0.1", "HTTP_HOST": "testserver", "wsgi.version": (1, 0),
            "wsgi.url_scheme": "http", "wsgi.input": io.BytesIO(b""), "wsgi.errors": sys.stderr,
            "wsgi.multithread": False, "wsgi.multiprocess": False, "wsgi.run_once": False, **headers}


def call(app, path, **kwargs):
    answered = {}

    def start_response(status, headers, exc_info=None):
        answered["status"], answered["headers"] = status, list(headers)

    chunks = app(environ(path, **kwargs), start_response)
    try:
        body = b"".join(chunks)
    finally:
        if hasattr(chunks, "close"):
            chunks.close()
    return answered["status"], answered["headers"], body
