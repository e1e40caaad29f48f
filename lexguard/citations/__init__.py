"""Citation validation: model-produced citations, a quality gate, and code-source citations.

* :func:`validate_citations` / :func:`validate_citation_batch` check citations a model
  produced (required and enhanced fields, hallucinated spans, quotes against sources) and apply
  the FAIL / WARN / PASS quality gate.
* :func:`validate_source` checks code-assistant citations (path + line range + quoted text)
  under an allowed root and decides PASS / REVIEW / REJECT.
"""

from lexguard.citations._io import iter_qa_items, load_qa_items
from lexguard.citations._models import (
    BatchReport,
    CitationCheck,
    CitationMetrics,
    CitationPolicy,
    CitationReport,
    GateOutcome,
    ModelCitation,
    QAItem,
    QualityGateResult,
    QuoteMatch,
)
from lexguard.citations._sources import (
    CodeCitation,
    Decision,
    SourceCheck,
    SourcePolicy,
    validate_source,
    validate_sources,
)
from lexguard.citations._text import (
    AlignmentScorer,
    fold_whitespace,
    match_quote,
    token_overlap_scorer,
)
from lexguard.citations._report import compute_metrics, quality_gate, validate_citation_batch, validate_citations
from lexguard.citations._validate import validate_citation
from lexguard._lazy import publish_all

__all__ = [
    "AlignmentScorer",
    "BatchReport",
    "CitationCheck",
    "CitationMetrics",
    "CitationPolicy",
    "CitationReport",
    "CodeCitation",
    "Decision",
    "GateOutcome",
    "QualityGateResult",
    "ModelCitation",
    "QAItem",
    "QuoteMatch",
    "SourceCheck",
    "SourcePolicy",
    "compute_metrics",
    "fold_whitespace",
    "iter_qa_items",
    "load_qa_items",
    "match_quote",
    "quality_gate",
    "token_overlap_scorer",
    "validate_citation_batch",
    "validate_citation",
    "validate_citations",
    "validate_source",
    "validate_sources",
]

publish_all(__name__, globals())
