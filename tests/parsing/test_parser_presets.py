"""The ``rag`` default preset and the ``dialogue`` preset (the validation-gating design, rule by rule)."""

from __future__ import annotations

import pytest

from lexguard import Severity
from lexguard.parsing import (
    DIALOGUE_DANGLING_WORDS,
    DIALOGUE_META_PHRASES,
    ParserConfig,
    parse_output,
)

DIALOGUE = ParserConfig.preset("dialogue")


def rule_of(result):
    assert not result.ok
    [finding] = result.findings
    return finding.rule_id


# --------------------------------------------------------------------------- rag (default)


@pytest.mark.parametrize(
    "answer",
    [
        "Answer: The Golden Gate Bridge opened in 1937.",
        "Note: the sources disagree about the opening year.",
        "based on the sources, the bridge opened in 1937.",
        "The bridge opened in 1937.\n\nIt is 2,737 metres long.",
        "- opened in 1937\n- painted International Orange",
        "You should cross on foot; you can see the bay.",
    ],
)
def test_default_preset_passes_ordinary_rag_answers_unchanged(answer):
    result = parse_output(answer)
    assert result.ok, result.findings
    assert result.text == answer


def test_default_preset_still_refuses_empty_and_cut_off_answers():
    assert rule_of(parse_output("  ")) == "parse.empty"
    assert rule_of(parse_output("The bridge opened in the")) == "parse.dangling"
    trimmed = parse_output("It opened in 1937. It is painted", truncated=True)
    assert trimmed.ok and trimmed.text == "It opened in 1937."


# --------------------------------------------------------------------------- dialogue


def test_dialogue_has_the_designs_27_meta_phrases():
    assert len(DIALOGUE_META_PHRASES) == 27 == len(set(DIALOGUE_META_PHRASES))
    for phrase in ("you can", "respectively", "player asks", "for strong emotions", "tip:"):
        assert phrase in DIALOGUE.meta_phrases


@pytest.mark.parametrize("phrase", DIALOGUE_META_PHRASES)
def test_dialogue_meta_text_is_detected_anywhere_in_the_text(phrase):
    text = f"The gate is open, and {phrase} the guard waves."
    assert rule_of(parse_output(text, DIALOGUE)) == "parse.meta_text"


def test_dialogue_meta_phrase_must_be_a_whole_phrase():
    assert parse_output("The tax is paid irrespectively of rank.", DIALOGUE).ok


def test_dialogue_example_label_is_meta_text_not_a_speaker_label():
    assert rule_of(parse_output("Example: the king is here.", DIALOGUE)) == "parse.meta_text"


def test_dialogue_enforces_a_single_line_by_default():
    result = parse_output("\nThe road is closed.\nAsk the guard.", DIALOGUE)
    assert result.ok and result.text == "The road is closed."
    assert result.applied[0] == "single_line"


def test_dialogue_removes_stage_directions_anywhere():
    result = parse_output("I think *smiles* that the road is closed.", DIALOGUE)
    assert result.text == "I think that the road is closed."
    assert parse_output("*sighs*The road is closed.* waves *", DIALOGUE).text == "The road is closed."


def test_dialogue_removes_script_directions_anywhere_with_the_design_pattern():
    result = parse_output("It costs [pause] five gold [1].", DIALOGUE)
    assert result.text == "It costs five gold."
    assert result.removed == ("[pause]", "[1]")


def test_dialogue_removes_multi_word_speaker_labels():
    assert parse_output("The Old Wizard: Go north.", DIALOGUE).text == "Go north."


@pytest.mark.parametrize("start", ["depending on", "based on", "according to", "in order to",
                                   "so that", "such that"])
def test_dialogue_rejects_fragments(start):
    assert rule_of(parse_output(f"{start} the weather, yes.", DIALOGUE)) == "parse.fragment"


def test_dialogue_completes_sentences():
    assert parse_output("The gate is open", DIALOGUE).text == "The gate is open."
    assert parse_output('He said "go!"', DIALOGUE).text == 'He said "go!"'


def test_dialogue_truncation_trims_or_names_the_dangling_word():
    assert parse_output("The king died. His heir was", DIALOGUE, truncated=True).text == "The king died."
    result = parse_output("His heir was crowned with some", DIALOGUE, truncated=True)
    assert rule_of(result) == "parse.truncated"
    assert result.findings[0].evidence == "some" and "'some'" in result.findings[0].message
    assert set(DIALOGUE_DANGLING_WORDS) >= {"some", "kind"} and len(DIALOGUE_DANGLING_WORDS) == 16


def test_dialogue_minimum_length_is_one_character():
    assert DIALOGUE.min_chars == 1
    assert parse_output("No.", DIALOGUE).ok
    assert rule_of(parse_output("Hi.", DIALOGUE.model_copy(update={"min_chars": 5}))) == "parse.min_chars"


@pytest.mark.parametrize("raw", ["", "*nods*", "Note: go north.", "based on it."])
def test_dialogue_format_failures_are_critical_so_never_retried(raw):
    result = parse_output(raw, DIALOGUE)
    assert not result.ok and result.malformed
    assert result.findings[0].severity == Severity.CRITICAL


def test_custom_patterns_are_validated():
    with pytest.raises(ValueError, match="not a valid regular expression"):
        ParserConfig(stage_pattern="(*")
