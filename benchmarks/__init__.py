"""Benchmarks, runnable as scripts (`make bench`) and importable (`benchmarks.ratings_synthetic`)."""
