"""Renderers: terminal, JSON, Markdown, HTML and PDF, all from one report object."""
