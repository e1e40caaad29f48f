"""Report HTML: highlighted spans, evidence, escaping."""

from __future__ import annotations

from lexguard import Guard
from lexguard.gate import GateConfig
from lexguard.grounding import GroundingConfig
from lexguard.integrations import render_report_html
from tests.fakes import SubstringChecker

SOURCES = ["The bridge opened in 1932. It is 503 metres long."]


def report(answer: str, **config):
    guard = Guard(sources=SOURCES, checker=SubstringChecker(), max_retries=0, repair_without_generator=False, **config)
    return guard.invoke(answer)


def test_unsupported_span_is_highlighted_with_evidence_and_escaped():
    r = report("The bridge opened in 1932. It was <b>painted</b> gold.")
    html = r._repr_html_()
    assert html == render_report_html(r)
    assert '<mark class="lg-supported" title="source-0: \u201cThe bridge opened in 1932.' in html
    assert '<mark class="lg-unsupported"' in html
    assert "It was &lt;b&gt;painted&lt;/b&gt; gold.</mark>" in html
    assert "<b>painted</b>" not in html
    assert "Returned answer:" in html and r.answer.replace("'", "&#x27;") in html  # the refusal
    assert "lg-invalid" in html


def test_accepted_answer_has_no_returned_answer_block():
    html = report("The bridge opened in 1932.")._repr_html_()
    assert "lg-valid" in html
    assert "Returned answer" not in html
    assert html.count("<mark") == 2  # in the answer and in the evidence list


def test_rule_findings_are_highlighted_when_no_claim_covers_them():
    r = report("The bridge opened in 1932.", gate=GateConfig(prohibited_patterns=("bridge",)),
               grounding=GroundingConfig(enabled=False))
    html = r._repr_html_()
    assert 'The <mark class="lg-rule"' in html
    assert ">bridge</mark><sup>1</sup> opened" in html
    assert "<td>hard</td><td>prohibited</td>" in html


def test_a_report_from_the_package_root_renders_in_a_fresh_interpreter():
    """``lexguard.render`` registers the view (``_models`` does not import the renderer); the
    package root loads it, so a report reached through ``lexguard`` always renders."""
    import subprocess
    import sys

    code = (
        "import lexguard; r = lexguard.ValidationReport(status='valid', verdict='accept', confidence=0.9, "
        "answer='a'); print(r._repr_html_()[:40])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.startswith("<style>")
