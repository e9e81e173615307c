"""Benchmarks: ``python -m bench`` prints the figures for every game the registry knows."""
