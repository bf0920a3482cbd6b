"""Which edition of the scoring rules' readings the engine implements.

Bumped whenever a reading changes the points of games already scored. Stored scores keep the
edition they were computed under, and the pipeline's sweep rescores every game whose stored
scores are of an older edition (docs/pipeline.md), so confirmed results follow the rules as
they are now read without anyone re-entering a protocol.

1. The first release.
2. Red checks confirm the remaining blacks only while the game goes on, among the players at the
   table; the Sheriff's free vote holds in the six-player split revote (docs/scoring.md, 9 and 10).
"""

RULES_EDITION = 2
