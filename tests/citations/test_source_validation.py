"""Code-assistant source validation: root confinement, line ranges, content and alignment."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from lexguard.citations import (
    CodeCitation,
    Decision,
    SourcePolicy,
    token_overlap_scorer,
    validate_source,
    validate_sources,
)

CODE = '''def add(a, b):
    """Return the sum of a and b."""
    return a + b


def parse_config(path):
    with open(path) as handle:
        return handle.read()
'''


@pytest.fixture
def root(tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    (repo / "pkg").mkdir(parents=True)
    (repo / "pkg" / "math.py").write_text(CODE)
    (tmp_path / "secret.txt").write_text("password = hunter2\n")
    return repo


def test_exact_citation_with_aligned_claim_passes(root: Path) -> None:
    check = validate_source(
        {
            "path": "pkg/math.py",
            "start_line": 1,
            "end_line": 3,
            "content": "def add(a, b):\n    \"\"\"Return the sum of a and b.\"\"\"\n    return a + b",
            "claim": "add returns the sum of a and b",
        },
        root,
    )
    assert check.decision == Decision.PASS, check.reasons
    assert check.content_match == "exact"
    assert check.alignment is not None and check.alignment >= 0.8
    assert check.resolved_path == str((root / "pkg" / "math.py").resolve())


def test_whitespace_insensitive_content_match_passes(root: Path) -> None:
    check = validate_source(
        CodeCitation(path="pkg/math.py", start_line=3, content="return   a+b"), root
    )
    assert check.decision == Decision.PASS
    assert check.content_match == "whitespace"


@pytest.mark.parametrize("path", ["../secret.txt", "pkg/../../secret.txt", "./pkg/../../secret.txt"])
def test_dotdot_traversal_is_rejected(root: Path, path: str) -> None:
    check = validate_source(CodeCitation(path=path, start_line=1, content="password"), root)
    assert check.decision == Decision.REJECT
    assert "outside the allowed root" in check.reasons[0]
    assert check.cited_text is None


def test_absolute_path_outside_root_is_rejected(root: Path) -> None:
    outside = str(root.parent / "secret.txt")
    check = validate_source(CodeCitation(path=outside, start_line=1, content="password"), root)
    assert check.decision == Decision.REJECT
    assert "outside the allowed root" in check.reasons[0]
    check = validate_source(CodeCitation(path="/etc/passwd", start_line=1), root)
    assert check.decision == Decision.REJECT


def test_absolute_path_inside_root_is_allowed(root: Path) -> None:
    inside = str(root / "pkg" / "math.py")
    check = validate_source(CodeCitation(path=inside, start_line=3, content="return a + b"), root)
    assert check.decision == Decision.PASS


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symlinks")
def test_symlink_out_of_root_is_rejected(root: Path) -> None:
    (root / "link.txt").symlink_to(root.parent / "secret.txt")
    (root / "linkdir").symlink_to(root.parent, target_is_directory=True)
    for path in ("link.txt", "linkdir/secret.txt"):
        check = validate_source(CodeCitation(path=path, start_line=1, content="password"), root)
        assert check.decision == Decision.REJECT, path
        assert "outside the allowed root" in check.reasons[0]


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symlinks")
def test_symlink_inside_root_and_symlinked_root_are_fine(root: Path, tmp_path: Path) -> None:
    (root / "alias.py").symlink_to(root / "pkg" / "math.py")
    assert validate_source(CodeCitation(path="alias.py", start_line=3, content="return a + b"), root).decision == Decision.PASS
    root_link = tmp_path / "root-link"
    root_link.symlink_to(root, target_is_directory=True)
    check = validate_source(CodeCitation(path="pkg/math.py", start_line=3, content="return a + b"), root_link)
    assert check.decision == Decision.PASS


def test_line_range_past_end_of_file_is_rejected(root: Path) -> None:
    n_lines = len(CODE.splitlines())
    check = validate_source(
        CodeCitation(path="pkg/math.py", start_line=7, end_line=n_lines + 1, content="return"), root
    )
    assert check.decision == Decision.REJECT
    assert "past the end" in check.reasons[0] and f"({n_lines} lines)" in check.reasons[0]
    last = validate_source(
        CodeCitation(path="pkg/math.py", start_line=n_lines, content="return handle.read()"), root
    )
    assert last.decision == Decision.PASS


@pytest.mark.parametrize(("start", "end"), [(0, 2), (-1, 1), (5, 3)])
def test_invalid_line_range_is_rejected(root: Path, start: int, end: int) -> None:
    check = validate_source(CodeCitation(path="pkg/math.py", start_line=start, end_line=end), root)
    assert check.decision == Decision.REJECT
    assert "invalid" in check.reasons[0]


def test_missing_file_and_directory_are_rejected(root: Path) -> None:
    assert validate_source(CodeCitation(path="pkg/nope.py", start_line=1), root).decision == Decision.REJECT
    assert validate_source(CodeCitation(path="pkg", start_line=1), root).decision == Decision.REJECT
    assert validate_source(CodeCitation(path="", start_line=1), root).decision == Decision.REJECT
    assert validate_source(CodeCitation(path="a\x00b", start_line=1), root).decision == Decision.REJECT


def test_content_mismatch_goes_to_review_not_reject(root: Path) -> None:
    # the audit pipeline design: a code citation whose content does not match is REVIEW
    check = validate_source(
        CodeCitation(path="pkg/math.py", start_line=1, end_line=3, content="return a - b"), root
    )
    assert check.decision == Decision.REVIEW
    assert check.content_match is None
    assert "does not match" in check.reasons[0]
    assert check.cited_text is not None and "return a + b" in check.cited_text


def test_weak_alignment_goes_to_review(root: Path) -> None:
    check = validate_source(
        CodeCitation(
            path="pkg/math.py",
            start_line=3,
            content="return a + b",
            claim="the function encrypts the database password with AES",
        ),
        root,
    )
    assert check.decision == Decision.REVIEW
    assert check.alignment is not None and check.alignment < 0.3
    assert "weak semantic alignment" in check.reasons[0]


def test_pluggable_scorer_and_failing_scorer(root: Path) -> None:
    citation = CodeCitation(path="pkg/math.py", start_line=3, content="return a + b", claim="sum")
    assert validate_source(citation, root, scorer=lambda c, t: 0.95).decision == Decision.PASS
    assert validate_source(citation, root, scorer=lambda c, t: 0.1).decision == Decision.REVIEW

    def broken(claim: str, text: str) -> float:
        raise RuntimeError("model offline")

    check = validate_source(citation, root, scorer=broken)
    assert check.decision == Decision.REVIEW and "scorer failed" in check.reasons[0]


def test_nothing_quoted_goes_to_review(root: Path) -> None:
    check = validate_source(CodeCitation(path="pkg/math.py", start_line=1, end_line=2), root)
    assert check.decision == Decision.REVIEW


def test_oversized_file_goes_to_review(root: Path) -> None:
    check = validate_source(
        CodeCitation(path="pkg/math.py", start_line=1, content="def add"),
        root,
        policy=SourcePolicy(max_bytes=10),
    )
    assert check.decision == Decision.REVIEW


def test_validate_sources_takes_the_worst_decision(root: Path) -> None:
    ok = CodeCitation(path="pkg/math.py", start_line=3, content="return a + b")
    bad = CodeCitation(path="../secret.txt", start_line=1)
    assert validate_sources([ok], root)[0] == Decision.PASS
    decision, checks = validate_sources([ok, bad], root)
    assert decision == Decision.REJECT and len(checks) == 2
    assert validate_sources([], root)[0] == Decision.REVIEW


def test_token_overlap_scorer_splits_identifiers() -> None:
    assert token_overlap_scorer("parse config reads the file", "def parse_config(path): read") >= 0.75
    assert token_overlap_scorer("encrypts passwords", "def parseConfig(): pass") == 0.0
    assert token_overlap_scorer("the of", "anything") == 1.0
