"""`manage.py score_protocol FILE`: print the scores of a `mafia-protocol/1` document.

Thin: reading the file and printing are `ProtocolCommand`'s; replaying and scoring are the pure
engines'. A refused document prints `{"valid": false, "error": {...}}` and exits 1.
"""

from __future__ import annotations

from games.engine import ProtocolError
from games.management.protocol_command import ProtocolCommand
from scoring.engine import score_document


class Command(ProtocolCommand):
    help = "Score a mafia-protocol/1 game document (FILE, or - for standard input) and print the scores as JSON."

    def handle(self, *args, **options):
        document = self.read_document(options["file"])
        try:
            result = score_document(document)
        except ProtocolError as error:  # ScoringError is a ProtocolError too
            self.refuse(error.to_dict())
        self.emit(result.to_dict())
