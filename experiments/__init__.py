"""Reproducible experiments and benchmarks; results under experiments/results/."""
