import pytest
from pydantic import BaseModel

from lexguard import FindingKind, ParseError, Severity
from lexguard.parsing import ParserConfig, extract_json, parse_output, validate_json


class Reply(BaseModel):
    answer: str
    confidence: float


STRUCTURED = ParserConfig.preset("structured")


@pytest.mark.parametrize(
    "raw",
    ['{"a": 1}', 'Here you go:\n```json\n{"a": 1}\n```\nThanks', '```\n{"a": 1}\n```',
     'Sure! {"a": 1} is the result', '  {"a": 1}  '],
)
def test_extract_json_variants(raw):
    assert extract_json(raw) == {"a": 1}


def test_extract_json_prefers_fenced_block():
    assert extract_json('{"b": 2} and ```json\n{"a": 1}\n```') == {"a": 1}


def test_extract_json_lists_and_unicode():
    assert extract_json('Liste: ["é", "日本"]') == ["é", "日本"]


@pytest.mark.parametrize("raw", ["no json here", '{"a": 1', "```json\n{oops}\n```", "42"])
def test_extract_json_failure_raises_parse_error(raw):
    with pytest.raises(ParseError, match="JSON"):
        extract_json(raw)


def test_structured_mode_returns_data():
    result = parse_output('```json\n{"answer": "x", "confidence": 0.5}\n```', STRUCTURED)
    assert result.ok and result.data == {"answer": "x", "confidence": 0.5}


def test_structured_mode_validates_model():
    config = ParserConfig.preset("structured", structured_model=Reply)
    result = parse_output('{"answer": "x", "confidence": 0.5}', config)
    assert result.ok and result.data == Reply(answer="x", confidence=0.5)


def test_missing_json_is_malformed_and_critical():
    result = parse_output("I cannot answer in JSON.", STRUCTURED)
    assert not result.ok and result.malformed
    (finding,) = result.findings
    assert finding.kind == FindingKind.MALFORMED
    assert finding.severity == Severity.CRITICAL
    assert finding.rule_id == "parse.json"


def test_malformed_severity_can_allow_retry():
    result = parse_output("nope", STRUCTURED.model_copy(update={"malformed_severity": Severity.HARD}))
    assert result.findings[0].severity == Severity.HARD and not result.malformed


def test_schema_mismatch_is_hard_feedback_naming_the_field():
    config = ParserConfig.preset("structured", structured_model=Reply)
    result = parse_output('{"answer": "x", "confidence": "high"}', config)
    assert not result.ok and not result.malformed
    (finding,) = result.findings
    assert finding.rule_id == "parse.schema" and finding.severity == Severity.HARD
    assert "confidence" in finding.message


def test_validate_json_error_lists_fields():
    with pytest.raises(ParseError, match="answer, confidence"):
        validate_json({}, Reply)


def test_structured_mode_empty_is_empty_output():
    assert parse_output("  ", STRUCTURED).findings[0].kind == FindingKind.EMPTY_OUTPUT


# -- what the content checks read of a JSON answer: the values, never the syntax -----------------------

S = "The Eiffel Tower is 330 metres tall. It was completed in 1889."


def test_checked_text_of_a_json_answer_is_the_prose_of_its_string_values():
    result = parse_output('{"answer": "The Eiffel Tower is 330 metres tall."}', STRUCTURED)
    assert result.ok and result.text == '{"answer": "The Eiffel Tower is 330 metres tall."}'  # JSON kept
    assert result.checked_text == "The Eiffel Tower is 330 metres tall."


def test_checked_text_reads_nested_values_in_order_and_skips_keys_and_non_strings():
    raw = ('```json\n{"answer": "It is 330 metres tall.", "n": 2, "ok": true, '
           '"facts": [{"claim": "It was completed in 1889."}, "  ", null]}\n```')
    assert parse_output(raw, STRUCTURED).checked_text == "It is 330 metres tall.\nIt was completed in 1889."


def test_checked_text_of_a_validated_model_and_of_text_mode():
    config = ParserConfig.preset("structured", structured_model=Reply)
    result = parse_output('{"answer": "It opened in 1889.", "confidence": 0.9}', config)
    assert result.checked_text == "It opened in 1889."
    assert parse_output("  It opened in 1889.  ", ParserConfig()).checked_text == "It opened in 1889."


def test_json_prose_helper():
    from lexguard.parsing import json_prose

    assert json_prose({"a": "x", "b": ["y", {"c": "z"}], "d": 1}) == "x\ny\nz"
    assert json_prose([]) == ""


@pytest.mark.xfail(strict=True, reason="needs ParseCheck (checks/_builtin.py) to hand parsed.checked_text "
                   "to the later checks while the answer stays the JSON; see ParseResult.checked_text")
def test_a_correct_json_answer_passes_and_a_false_value_is_caught():
    from lexguard import Guard
    from tests.fakes import SubstringChecker

    guard = Guard(parser=STRUCTURED, sources=[S], checker=SubstringChecker(), max_retries=0)
    good = guard.invoke('{"answer": "The Eiffel Tower is 330 metres tall."}')
    bad = guard.invoke('{"answer": "The Eiffel Tower is 500 metres tall."}')
    assert good.accepted and good.answer == '{"answer": "The Eiffel Tower is 330 metres tall."}'
    assert not bad.accepted
