"""Citation formatter: markdown, text and footnote styles."""

from __future__ import annotations

import pytest

from lexguard import Citation, Claim
from lexguard.grounding.evidence._provenance import format_citation, format_citations

ANSWER = "Paris is the capital of France. It has 90 million people. It is old."

ATLAS = Citation(
    claim_index=0, claim="Paris is the capital of France.", source_id="atlas", chunk_id="atlas#2",
    score=0.873, method="semantic", quote="Paris is the capital and largest city of France.",
    metadata={"title": "World Atlas", "page": 12, "url": "https://example.org/atlas"},
)
WIKI = Citation(claim_index=0, claim="x", source_id="wiki", chunk_id="wiki#0", score=1.0,
                method="exact")
NLI = Citation(claim_index=2, claim="It is old.", source_id="atlas", chunk_id="atlas#2",
               score=0.66, method="nli", metadata={"source": "https://example.org/atlas"})
CLAIMS = [
    Claim(index=0, text="Paris is the capital of France.", span=(0, 31), support=0.91,
          supported=True, citations=(ATLAS, WIKI)),
    Claim(index=1, text="It has 90 million people.", span=(32, 57), support=0.08, supported=False),
    Claim(index=2, text="It is old.", span=(58, 68), support=0.7, supported=True, citations=(NLI,)),
]


def test_markdown_lists_claims_with_source_details():
    out = format_citations(CLAIMS, "markdown")
    lines = out.splitlines()
    assert lines[0] == '1. "Paris is the capital of France." (supported, support 0.91)'
    assert lines[1] == (
        "   - **atlas** (chunk `atlas#2`), *World Atlas*, p. 12, <https://example.org/atlas>"
        " - score 0.87, semantic similarity"
    )
    assert lines[2] == "   - **wiki** (chunk `wiki#0`) - score 1.00, exact match"
    assert lines[3].startswith('2. "It has 90 million people." (not supported')
    assert lines[4] == "   - _no supporting source found_"
    assert "NLI entailment" in lines[6] and "<https://example.org/atlas>" in lines[6]


def test_text_style_has_no_markdown():
    out = format_citations(CLAIMS, "text")
    assert "**" not in out and "`" not in out and "<http" not in out
    assert "[1] Paris is the capital of France. (supported, support 0.91)" in out
    assert '    - atlas (chunk atlas#2), "World Atlas", p. 12, https://example.org/atlas' in out
    assert "    - no supporting source found" in out


def test_max_per_claim_and_quotes():
    out = format_citations(CLAIMS[:1], "text", max_per_claim=1, quote_chars=20)
    assert "wiki" not in out
    assert ': "Paris is the capita…"' in out


def test_footnotes_mark_claims_in_the_answer_and_share_numbers():
    out = format_citations(CLAIMS, "footnotes", answer=ANSWER)
    body, notes = out.split("\n\n")
    assert body == (
        "Paris is the capital of France.[^1][^2] It has 90 million people. *(unsupported)* "
        "It is old.[^1]"
    )
    assert notes.splitlines() == [
        "[^1]: **atlas** (chunk `atlas#2`), *World Atlas*, p. 12, <https://example.org/atlas>"
        " - score 0.87, semantic similarity",
        "[^2]: **wiki** (chunk `wiki#0`) - score 1.00, exact match",
    ]


def test_footnotes_without_answer_join_claim_texts():
    out = format_citations(CLAIMS[:1], "footnotes")
    assert out.startswith("Paris is the capital of France.[^1][^2]\n\n[^1]:")


def test_single_citation_and_unknown_method():
    custom = WIKI.model_copy(update={"method": "regex", "chunk_id": "wiki", "source_id": "wiki"})
    assert format_citation(custom) == "wiki - score 1.00, regex"


def test_empty_and_bad_style():
    assert format_citations([], "markdown") == ""
    with pytest.raises(ValueError, match="unknown citation style"):
        format_citations(CLAIMS, "html")  # type: ignore[arg-type]
