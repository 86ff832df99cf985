"""Replaying a game move by move and reviewing it."""
