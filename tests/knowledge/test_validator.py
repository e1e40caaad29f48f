"""The design's cases: validate and validate_and_fix against a small catalogue."""

from __future__ import annotations

import pytest

from lexguard import InputError, Severity, Status
from lexguard.knowledge import (
    KnowledgeConfig,
    KnowledgeKind,
    KnowledgeValidator,
    check_knowledge,
    knowledge_score,
)
from tests.knowledge.catalogue import CATALOGUE, catalogue


@pytest.fixture
def validator():
    return KnowledgeValidator(catalogue())


def kinds(report):
    return [f.kind for f in report.findings]


def test_clean_content_is_valid(validator):
    text = (
        "Service X is at version 2 and depends on Database Z. Database Z runs PostgreSQL with "
        "max connections: 500. Service X uses Cache Q."
    )
    report = validator.validate(text)
    assert report.findings == ()
    assert report.status == Status.VALID
    assert report.user_message == "Content validated against knowledge graph"
    assert [e.id for e in report.verified_entities] == ["svc-x", "db-z", "cache-q"]
    assert report.score == 1.0


def test_empty_content_is_valid(validator):
    for text in ("", "   \n "):
        report = validator.validate(text)
        assert report.status == Status.VALID
        assert report.score == 1.0
        assert report.findings == ()


def test_unknown_entity_caught_with_closest_match(validator):
    text = "The Acme Router X300 costs 199 dollars."
    report = validator.validate(text)
    [finding] = report.findings
    assert finding.kind == KnowledgeKind.UNKNOWN_ENTITY
    assert text[finding.span[0] : finding.span[1]] == "Acme Router X300"
    assert finding.suggested_fix == "Acme Router X200"
    assert finding.confidence > 0.8
    assert finding.fix_confidence <= 0.9  # a different product name is suggested, never auto-applied
    assert report.status == Status.INVALID
    assert report.user_message == "Content has 1 errors and 0 unverified claims"
    fixed = validator.validate_and_fix(text)
    assert fixed.corrected_text is None and fixed.applied_fixes == ()


def test_contradicted_value_caught_and_autofixed(validator):
    text = "Service X has version: 3."
    report = validator.validate(text)
    [finding] = report.findings
    assert finding.kind == KnowledgeKind.CONTRADICTED_VALUE
    assert finding.severity == Severity.HARD
    assert text[finding.span[0] : finding.span[1]] == "3"
    assert finding.suggested_fix == "2" and finding.fix_confidence > 0.9
    assert finding.source_id == "svc-x"
    assert report.status == Status.INVALID

    fixed = validator.validate_and_fix(text)
    assert fixed.corrected_text == "Service X has version: 2."
    assert fixed.text == text and fixed.original_text == text
    assert [f.kind for f in fixed.applied_fixes] == [KnowledgeKind.CONTRADICTED_VALUE]
    assert fixed.status == Status.INVALID and fixed.findings == report.findings  # verdict kept
    assert fixed.corrected.status == Status.VALID and fixed.corrected.findings == ()


def test_multiple_fixes_applied_without_corruption(validator):
    text = (
        "Servise X has version: 10. The owner of Service X is Team Borealis. "
        "Databse Z allows max connections: 5 and runs engine: MySQL."
    )
    fixed = validator.validate_and_fix(text)
    assert fixed.corrected_text == (
        "Service X has version: 2. The owner of Service X is Team Atlas. "
        "Database Z allows max connections: 500 and runs engine: PostgreSQL."
    )
    assert len(fixed.applied_fixes) == 6  # two misspelt names, four values; lengths grow and shrink
    spans = [f.span for f in fixed.applied_fixes]
    assert spans == sorted(spans) and all(a[1] <= b[0] for a, b in zip(spans, spans[1:]))
    assert fixed.status == Status.INVALID
    assert fixed.corrected.status == Status.VALID and fixed.corrected.findings == ()


def test_uncertain_fix_stays_a_suggestion(validator):
    text = "Service X has version: 3. The owner of Service X is Team Borealis Group."
    fixed = validator.validate_and_fix(text)
    assert fixed.corrected_text == "Service X has version: 2. The owner of Service X is Team Borealis Group."
    [left] = fixed.corrected.findings  # where the stated owner ends is unclear: suggestion only
    assert left.kind == KnowledgeKind.CONTRADICTED_VALUE and left.fix_confidence <= 0.9
    assert fixed.corrected_text[left.span[0] : left.span[1]] == "Team Borealis"
    assert fixed.status == Status.INVALID and fixed.corrected.status == Status.INVALID
    assert [(s.original, s.auto_applied) for s in fixed.suggested_fixes] == [
        ("3", True), ("Team Borealis", False)]


def test_contradicted_string_value_in_clean_position_is_autofixed(validator):
    fixed = validator.validate_and_fix("The owner of Service X is Team Borealis.")
    assert fixed.corrected_text == "The owner of Service X is Team Atlas."


def test_property_mentioned_before_entity_and_value_equal_as_float(validator):
    assert validator.validate("The version of Service X is 2.0.").findings == ()
    report = validator.validate("The port of Service X is 8,081.")
    assert [f.suggested_fix for f in report.findings] == ["8080"]


def test_unsupported_relationship(validator):
    text = "Service X depends on Cache Q."
    report = validator.validate(text)
    [finding] = report.findings
    assert finding.kind == KnowledgeKind.UNSUPPORTED_RELATIONSHIP
    assert finding.span == (0, len(text) - 1)
    assert finding.suggested_fix == "Service X depends on Database Z"
    assert finding.fix_confidence <= 0.9
    assert report.status == Status.INVALID


def test_relationship_forms_passive_coordinated_and_negated(validator):
    assert validator.validate("Cache Q is used by Service X.").findings == ()
    assert kinds(validator.validate("Database Z is used by Service X.")) == [KnowledgeKind.UNSUPPORTED_RELATIONSHIP]
    assert validator.validate("Service X depends on Database Z and uses Cache Q.").findings == ()
    assert validator.validate("Service X does not depend on Cache Q.").findings == ()


def test_unverifiable_number_is_a_warning(validator):
    report = validator.validate("Service X handles 10,000 requests per second.")
    [finding] = report.findings
    assert finding.kind == KnowledgeKind.UNVERIFIABLE and finding.severity == Severity.SOFT
    assert "10,000" in finding.message
    assert report.status == Status.VALID_WITH_WARNINGS
    assert report.user_message == "Content has 1 potential issues"


def test_unknown_entity_without_close_name_is_a_warning(validator):
    report = validator.validate("Service X streams events to Kafka.")
    assert kinds(report) == [KnowledgeKind.UNKNOWN_ENTITY]
    assert report.findings[0].suggested_fix is None
    assert report.status == Status.VALID_WITH_WARNINGS
    quiet = KnowledgeValidator(catalogue(), KnowledgeConfig(flag_unmatched_mentions=False))
    assert quiet.validate("Service X streams events to Kafka.").status == Status.VALID


def test_invalid_message_counts_errors_and_unverified(validator):
    report = validator.validate("Service X has version: 3. Service X serves 40 teams.")
    assert report.status == Status.INVALID
    assert report.user_message == "Content has 1 errors and 1 unverified claims"


def test_score_formula():
    assert knowledge_score(0, 0, 0) == 1.0
    assert knowledge_score(1, 4, 0) == 0.75
    assert knowledge_score(1, 4, 2) == pytest.approx(0.85)
    assert knowledge_score(1, 4, 10) == pytest.approx(0.95)  # boost capped at 0.2
    assert knowledge_score(5, 2, 1) == pytest.approx(0.05)
    assert knowledge_score(0, 3, 6) == 1.0


def test_score_in_report_uses_claims_and_verified_entities(validator):
    report = validator.validate("Service X has version: 3. Database Z runs PostgreSQL.")
    # 1 issue over 2 claims, 2 verified entities
    assert report.score == pytest.approx(0.5 + 0.1)


def test_check_knowledge_accepts_a_dict():
    report = check_knowledge("Service X has version: 3.", CATALOGUE)
    assert report.status == Status.INVALID
    assert [e.name for e in report.verified_entities] == ["Service X"]


def test_check_knowledge_rejects_other_types():
    with pytest.raises(InputError, match="KnowledgeContext"):
        check_knowledge("text", ["not", "a", "context"])  # type: ignore[arg-type]


def test_findings_carry_stage_and_rule_id(validator):
    [finding] = validator.validate("Service X has version: 3.").findings
    assert finding.stage == "knowledge" and finding.rule_id == "knowledge.contradicted_value"


def test_number_before_key_property_alias_and_pronoun(validator):
    text = "Service X listens on 9090 port. Acme Router X200 costs 249 dollars. Its price rose."
    fixed = validator.validate_and_fix(text)
    assert fixed.corrected_text == "Service X listens on 8080 port. Acme Router X200 costs 199 dollars. Its price rose."
    pronoun = validator.validate("Database Z is fast. Its max connections: 50.")
    assert [(f.source_id, f.suggested_fix) for f in pronoun.findings] == [("db-z", "500")]


def test_example_runs_and_prints_the_fixed_text(capsys):
    import runpy
    from pathlib import Path

    example = Path(__file__).resolve().parents[2] / "examples" / "knowledge_catalogue.py"
    runpy.run_path(str(example), run_name="__main__")
    out = capsys.readouterr().out
    assert "The Acme Router X200 has 4 ports and costs 199 dollars; its colour is black." in out
    assert "applied 4 automatic fixes" in out


# ---- the design's report: original verdict kept, corrected content beside it ---------------


def test_auto_fix_keeps_the_original_verdict_and_adds_corrected_content(validator):
    fixed = validator.validate_and_fix("Service X has version: 3.")
    assert fixed.status == Status.INVALID and not fixed.is_valid
    assert fixed.corrected_text == "Service X has version: 2."
    assert fixed.corrected is not None and fixed.corrected.is_valid


def test_is_valid_only_for_valid_not_for_valid_with_warnings(validator):
    warned = validator.validate("Service X handles 10,000 requests per second.")
    assert warned.status == Status.VALID_WITH_WARNINGS
    assert not warned.is_valid and not warned.valid
    assert validator.validate("Service X depends on Database Z.").is_valid


def test_report_has_separate_hallucinations_and_suggested_fixes(validator):
    text = "Service X has version: 3. Service X serves 40 teams. The Acme Router X300 is new."
    report = validator.validate(text)
    assert [f.kind for f in report.hallucinations] == [KnowledgeKind.CONTRADICTED_VALUE,
                                                       KnowledgeKind.UNKNOWN_ENTITY]
    assert [f.kind for f in report.warnings] == [KnowledgeKind.UNVERIFIABLE]
    assert [(s.original, s.replacement) for s in report.suggested_fixes] == [
        ("3", "2"), ("Acme Router X300", "Acme Router X200")]
    assert all(not s.auto_applied for s in report.suggested_fixes)


@pytest.mark.parametrize(
    "invisible",
    ["\u200b", "\u00ad", "\u200e", "\u061c", "\u2062", "\u180e", "\u034f", "\u202e", "\u2066", "\ufe0f", "\U000e0041"],
)
def test_no_invisible_character_hides_a_wrong_value(validator, invisible):
    # soft hyphens, bidi marks, tags, variation selectors: each unlinked the name before
    report = validator.validate(f"Data{invisible}base Z runs PostgreSQL with max connections: 900.")
    assert report.status == Status.INVALID
    assert [f.kind for f in report.findings] == [KnowledgeKind.CONTRADICTED_VALUE]


def test_zero_width_characters_do_not_hide_a_wrong_value(validator):
    # A zero-width space inside the entity name used to unlink it: the wrong value passed as valid.
    text = "Data\u200bbase Z runs PostgreSQL with max connections: 900."
    report = validator.validate(text)
    assert report.status == Status.INVALID
    [finding] = report.findings
    assert finding.kind == KnowledgeKind.CONTRADICTED_VALUE
    assert text[finding.span[0] : finding.span[1]] == "900"  # spans index the text as given
    assert report.text == text
    assert text[slice(*report.mentions[0].span)] == "Data\u200bbase Z"
    assert report.mentions[0].text == "Data\u200bbase Z"
    assert all(c.text == text[slice(*c.span)] for c in report.claims)
    fixed = validator.validate_and_fix(text)
    assert fixed.corrected_text == "Data\u200bbase Z runs PostgreSQL with max connections: 500."


@pytest.mark.parametrize("text, stated, fix", [
    ("Service X has version: three.", "three", "2"),
    ("Service X is at version Three and depends on Database Z.", "Three", "2"),
    ("Database Z allows max connections: four hundred.", "four hundred", "500"),
    ("Database Z allows max connections: two hundred and fifty.", "two hundred and fifty", "500"),
    ("Service X listens on port eighty.", "eighty", "8080"),
    ("Database Z allows four hundred max connections.", "four hundred", "500"),
])
def test_a_number_written_in_words_is_read_and_contradicted(validator, text, stated, fix):
    report = validator.validate(text)
    assert kinds(report) == [KnowledgeKind.CONTRADICTED_VALUE], report.findings
    finding = report.findings[0]
    assert text[finding.span[0]:finding.span[1]] == stated and finding.suggested_fix == fix
    assert report.status == Status.INVALID


@pytest.mark.parametrize("text", ["Service X has version: two.", "Service X is at version Two.",
                                  "Database Z allows max connections: five hundred.".replace("five", "Five"),
                                  "Database Z allows five hundred max connections."])
def test_a_right_number_in_words_is_valid(validator, text):
    report = validator.validate(text)
    assert report.status == Status.VALID, report.findings


@pytest.mark.parametrize("text, value", [("Service X has version: latest.", "latest"),
                                         ("Service X has version = unknown.", "unknown"),
                                         ("Service X has version three point five.", "three point five"),
                                         ("Service X has version: three and a half.", "three and a half"),
                                         ("The port of Service X is eighty eighty.", "eighty eighty")])
def test_a_value_it_cannot_read_is_unverifiable_not_valid(validator, text, value):
    report = validator.validate(text)
    assert kinds(report) == [KnowledgeKind.UNVERIFIABLE], report.findings
    [finding] = report.findings
    assert report.status != Status.VALID and text[finding.span[0]:finding.span[1]] == value
    assert value in finding.message and "could not be read as a number" in finding.message


def test_a_property_word_that_introduces_no_value_is_not_flagged(validator):
    report = validator.validate("Service X's version is managed by Team Atlas.")
    assert KnowledgeKind.UNVERIFIABLE not in kinds(report)
