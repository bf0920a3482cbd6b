"""The one error type that services raise for bad input, mapped to responses in one place."""


class ApplicationError(Exception):
    """A request that cannot be carried out as asked: nothing was changed.

    ``message`` is user-facing (already translated); ``extra`` carries structured details.
    """

    def __init__(self, message, *, code: str = "invalid", extra: dict | None = None):
        super().__init__(message)
        self.message = message
        self.code = code
        self.extra = extra or {}
