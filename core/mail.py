"""Where the site's e-mail goes when no mail server is configured (the embedded default of
`make run`): every message appended, whole, to one file (``settings.EMAIL_FILE``, var/mail.log),
the way Django's console backend would print it. The console stays for what `make run` says."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.mail.backends.console import EmailBackend as ConsoleBackend


class FileBackend(ConsoleBackend):
    def __init__(self, *args, file_path=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.path = Path(file_path or settings.EMAIL_FILE)

    def send_messages(self, email_messages):
        if not email_messages:
            return 0
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.path.open("a", encoding="utf-8") as stream:
            self.stream = stream
            return super().send_messages(email_messages)
