"""Dashboard widgets grouped by area (DESIGN.md: tui/widgets/)."""
