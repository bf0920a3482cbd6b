"""A tournament's standings, apart from the per-game scores they are made of (docs/tournaments.md).

- ``compute``: the standings as a function of plain score rows (no database);
- ``selectors``: the rows from the stored scores of counted games, and the stored snapshot;
- ``store``: the outbox's runner that recomputes and stores a tournament's snapshot, and what
  asks for it (a game's scores stored, results published or hidden);
- ``pages``: what the standings page and the API show;
- ``stored``: those renderings, made once per version and kept in the cache;
- ``fast``: the fast path in front of Django for an anonymous visitor's page (config/wsgi.py).
"""
