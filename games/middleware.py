"""Server-Timing: how long the server spent on a request, for browsers' dev tools and benchmarks."""

import time

from django.utils.decorators import decorator_from_middleware


class ServerTimingMiddleware:
    """Adds ``Server-Timing: app;dur=<ms>, cpu;dur=<ms>`` to every response it wraps.

    Usable in settings.MIDDLEWARE (first, to time the whole stack) or, as ``server_timing``,
    on single views (the entry page's actions use it).
    """

    def __init__(self, get_response=None):
        self.get_response = get_response

    def __call__(self, request):
        self.process_request(request)
        return self.process_response(request, self.get_response(request))

    def process_request(self, request):
        request._server_timing_started = (time.perf_counter(), time.thread_time())

    def process_response(self, request, response):
        started = getattr(request, "_server_timing_started", None)
        if started is not None:
            # app: wall time on the server; cpu: this thread's CPU time (excludes waiting for
            # the database and for other threads), which tells a busy machine from slow code.
            elapsed = (time.perf_counter() - started[0]) * 1000
            cpu = (time.thread_time() - started[1]) * 1000
            timing = f"app;dur={elapsed:.2f}, cpu;dur={cpu:.2f}"
            existing = response.get("Server-Timing")
            response["Server-Timing"] = f"{existing}, {timing}" if existing else timing
        return response


server_timing = decorator_from_middleware(ServerTimingMiddleware)
