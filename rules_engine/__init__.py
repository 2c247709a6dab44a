"""Dice Systems SRD rules engine."""
