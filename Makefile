.PHONY: run test lint bench

# Set everything up and serve the site with the embedded defaults (SQLite, in-process Celery, demo data).
run:
	bash scripts/run.sh

# Set up and run the whole test suite against the real PostgreSQL and Redis.
test:
	bash scripts/test.sh

lint:
	.venv/bin/ruff check .

# The pure benchmarks; the server ones (entry_load, api_load, live_spectators, pipeline_latency, rebuild_ratings) run one by one.
bench:
	for b in engine_replay scoring_bench seating_bench ratings_bench; do .venv/bin/python benchmarks/$$b.py || exit 1; done
