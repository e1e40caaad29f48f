"""Issue 23, item 4: a code citation passes only when its quote can identify its place, its
alignment is a real number and its file is not a hard link (which may be a file outside the root)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from lexguard.citations import CodeCitation, Decision, SourcePolicy, validate_source

CONFIG = "MAX_RETRIES = 3\nTIMEOUT_S = 30\nHOST = 'db.internal'\nretries = 0\n"


@pytest.fixture
def root(tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "settings.py").write_text(CONFIG)
    return repo


@pytest.mark.parametrize(
    ("line", "quote", "claim"),
    [
        (1, "3", "The client retries 30 times before it gives up."),
        (1, "=", "Retries are disabled."),
        (2, "3", "The timeout is 3 seconds."),
        (2, "30", "The timeout is 30 minutes."),
        (3, "'", "The host is localhost."),
        (4, "0", "The retry counter starts at one."),
    ],
)
def test_a_quote_too_short_to_identify_its_place_is_review(root: Path, line: int, quote: str, claim: str) -> None:
    """Each claim is false; the quote is found in the line and a scorer that believes every claim
    does not rescue it (main: PASS)."""
    citation = CodeCitation(path="settings.py", start_line=line, content=quote, claim=claim)
    check = validate_source(citation, root, scorer=lambda claim, text: 1.0)
    assert check.decision == Decision.REVIEW and "too short" in " ".join(check.reasons)


def test_a_long_enough_quote_or_the_whole_line_passes(root: Path) -> None:
    assert validate_source(CodeCitation(path="settings.py", start_line=1, content="MAX_RETRIES = 3"),
                           root).decision == Decision.PASS
    assert validate_source(CodeCitation(path="settings.py", start_line=4, content="retries = 0"),
                           root).decision == Decision.PASS
    (root / "short.py").write_text("x = 1\n")
    assert validate_source(CodeCitation(path="short.py", start_line=1, content="x = 1"), root).decision == Decision.PASS


def test_the_minimum_quote_is_configurable(root: Path) -> None:
    citation = CodeCitation(path="settings.py", start_line=2, content="30")
    loose = SourcePolicy(min_quote_chars=1, min_quote_tokens=1)
    assert validate_source(citation, root, policy=loose).decision == Decision.PASS
    strict = SourcePolicy(min_quote_chars=20)
    citation = CodeCitation(path="settings.py", start_line=3, content="HOST = 'db")
    assert validate_source(citation, root, policy=strict).decision == Decision.REVIEW


@pytest.mark.parametrize("value", [float("nan"), float("inf"), float("-inf"), 7.5, -1.0, True])
def test_a_scorer_that_returns_no_number_in_0_1_is_review(root: Path, value: object) -> None:
    citation = CodeCitation(path="settings.py", start_line=1, content="MAX_RETRIES = 3", claim="Up to 3 retries.")
    check = validate_source(citation, root, scorer=lambda claim, text: value)  # type: ignore[arg-type,return-value]
    assert check.decision == Decision.REVIEW and check.alignment is None
    assert "not a number in 0..1" in " ".join(check.reasons)


def test_a_hard_link_inside_the_root_is_review_and_its_text_is_not_used(tmp_path: Path, root: Path) -> None:
    secret = tmp_path / "secret.env"
    secret.write_text("PASSWORD = hunter2-very-secret\n")
    os.link(secret, root / "innocent.py")
    check = validate_source(CodeCitation(path="innocent.py", start_line=1, content="PASSWORD = hunter2-very-secret"),
                            root)
    assert check.decision == Decision.REVIEW and "hard link" in check.reasons[0]
    assert check.cited_text is None
