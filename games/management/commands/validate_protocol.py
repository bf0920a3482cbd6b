"""`manage.py validate_protocol FILE`: replay a protocol and print the derived result as JSON."""

from __future__ import annotations

from games.engine import ProtocolError, replay
from games.management.protocol_command import ProtocolCommand


class Command(ProtocolCommand):
    help = (
        "Validate a mafia-protocol/1 document: print the derived result as JSON (exit 0), "
        'or {"valid": false, "error": {...}} (exit 1).'
    )

    def handle(self, *args, **options):
        document = self.read_document(options["file"])
        try:
            result = replay(document).to_result()
        except ProtocolError as error:
            self.refuse(error.to_dict())
        self.emit(result)
