"""Textual dashboard of the companion (docs/dashboard.md).

``from companion.tui import run_dashboard, CompanionApp`` — imported lazily, so
importing the package does not load Textual.
"""

__all__ = ["CompanionApp", "run_dashboard"]


def __getattr__(name: str):
    if name in __all__:
        from . import app  # noqa: PLC0415 - lazy: importing the package does not load Textual

        return getattr(app, name)
    raise AttributeError(f"module 'companion.tui' has no attribute {name!r}")
