"""Presentation of value objects: a :class:`~lexguard.ValidationReport` as HTML.

Renderers are pure functions of the value objects (they import nothing above
:mod:`lexguard._models`), so a report can render itself (``report._repr_html_``) without a
back-edge into the runnable or adapter layers.
"""

from lexguard._models import register_html_view
from lexguard.render._html import render_report_html
from lexguard._lazy import publish_all

__all__ = ["render_report_html"]

publish_all(__name__, globals())
register_html_view(render_report_html)
