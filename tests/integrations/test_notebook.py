"""notebooks/quickstart.ipynb executes headless (so it cannot rot) and renders reports as HTML."""

from __future__ import annotations

from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "quickstart.ipynb"


@pytest.mark.slow
def test_quickstart_notebook_executes_and_shows_report_html():
    nb = nbformat.read(NOTEBOOK, as_version=4)
    assert all(not cell.get("outputs") for cell in nb.cells if cell.cell_type == "code"), "commit it without outputs"
    client = nbclient.NotebookClient(
        nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOK.parent)}}
    )
    client.execute()  # raises CellExecutionError when a cell (or one of its asserts) fails
    html = [
        output["data"]["text/html"]
        for cell in nb.cells
        if cell.cell_type == "code"
        for output in cell.get("outputs", [])
        if "text/html" in output.get("data", {})
    ]
    assert len(html) == 3
    assert all('class="lexguard-report"' in h for h in html)
    assert 'class="lg-unsupported"' in html[0] and "It was painted gold in 1990." in html[0]
    assert 'class="lg-supported"' in html[1]
