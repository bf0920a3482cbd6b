.PHONY: run test lint bench

# Set everything up and serve the site with the embedded defaults (SQLite, in-process Celery, demo data).
run:
	bash scripts/run.sh

# Set up and run the whole test suite against the real PostgreSQL and Redis.
test:
	bash scripts/test.sh

lint:
	.venv/bin/ruff check .

bench:
	for b in benchmarks/*.py; do .venv/bin/python $$b || exit 1; done
