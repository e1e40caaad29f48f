"""lexguard.integrations: lazy names resolve, and importing it loads no optional dependency."""

from __future__ import annotations

import subprocess
import sys

import lexguard.integrations as integrations


def test_every_name_resolves():
    for name in integrations.__all__:
        assert getattr(integrations, name) is not None, name


def test_import_is_light():
    code = ("import sys, lexguard.integrations; print(','.join(m for m in ('langchain', 'mcp', 'langgraph') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
