"""Rumizi (رومیزی): a digital tabletop. See docs/engine.md for the public API."""

__version__ = "0.1.0"
