import pytest

from lexguard import FindingKind, Severity
from lexguard.parsing import ParserConfig
from lexguard.parsing import parse_output as _parse_output

PROSE = ParserConfig.preset("prose")


def parse_output(text, config=None, **kwargs):
    """These cases cover the ``prose`` preset (every text rule, tolerant forms)."""
    return _parse_output(text, config or PROSE, **kwargs)


def rejected(result, rule):
    assert not result.ok
    assert [f.rule_id for f in result.findings] == [f"parse.{rule}"]
    return result.findings[0]


@pytest.mark.parametrize("raw", ["", "   ", "\n\t\r\n", "\ufeff  "])
def test_empty_output_is_a_hard_retryable_rejection(raw):
    finding = rejected(parse_output(raw), "empty")
    assert finding.kind == FindingKind.EMPTY_OUTPUT
    assert finding.severity == Severity.HARD
    assert finding.stage == "parse"


def test_plain_answer_passes_unchanged():
    result = parse_output("Paris is the capital of France.")
    assert result.ok and result.text == "Paris is the capital of France."
    assert result.findings == () and result.applied == ()


@pytest.mark.parametrize(
    "raw", ["Note: the castle is old.", "Example answer: yes.", "answer: it is 5.",
            "The inn is open.\nRemember: tip the bartender.", "Fine (hint: look left).",
            "Player says hello.", "You should try the bridge."],
)
def test_meta_text_is_rejected(raw):
    finding = rejected(parse_output(raw), "meta_text")
    assert finding.kind == FindingKind.MALFORMED
    assert finding.severity == Severity.HARD


def test_meta_phrase_inside_a_sentence_is_not_meta_text():
    result = parse_output("I took a note: the answer is in the ledger.")
    assert result.ok, result.findings


def test_meta_phrases_are_configurable():
    config = ParserConfig.preset("prose", meta_phrases=("psst",))
    assert parse_output("Note: fine.", config).ok
    rejected(parse_output("Psst, over here.", config), "meta_text")


def test_stage_directions_removed_at_line_edges_but_emphasis_kept():
    result = parse_output("*sighs* The road is closed. *waves*")
    assert result.text == "The road is closed."
    assert result.removed == ("*sighs*", "*waves*")
    assert "stage_directions" in result.applied
    assert parse_output("This is *not* allowed.").text == "This is *not* allowed."


def test_stage_directions_everywhere_mode():
    config = ParserConfig.preset("prose", stage_directions="all")
    assert parse_output("Well, *coughs* I never saw him.", config).text == "Well, I never saw him."
    assert parse_output("Well, *coughs* I never saw him.").text == "Well, *coughs* I never saw him."


def test_script_directions_removed_citations_and_links_kept():
    result = parse_output("[laughs] It costs 5 gold [1] and [see map](http://x.y) here [pause].")
    assert result.text == "It costs 5 gold [1] and [see map](http://x.y) here."
    assert result.removed == ("[laughs]", "[pause]")
    config = ParserConfig.preset("prose", keep_citations=False)
    assert parse_output("It costs 5 gold [1].", config).text == "It costs 5 gold."


def test_speaker_labels_removed_at_line_start():
    result = parse_output("Old Man: The bridge fell.\nÉlise Dubois: C'est vrai.")
    assert result.text == "The bridge fell.\nC'est vrai."
    assert result.removed == ("Old Man:", "Élise Dubois:")


def test_colon_inside_a_line_is_not_a_speaker_label():
    assert parse_output("The ratio is 3:2 at 10:30.").text == "The ratio is 3:2 at 10:30."
    assert parse_output("the bridge: closed.").text == "the bridge: closed."


def test_single_line_keeps_first_non_empty_line():
    config = ParserConfig.preset("prose", single_line=True)
    result = parse_output("\n\nFirst line here.\nSecond line.", config)
    assert result.text == "First line here."
    assert result.removed == ("Second line.",)
    assert parse_output("First.\nSecond.").text == "First.\nSecond."


def test_whitespace_collapse():
    result = parse_output("Too   many \t spaces.\n\n\n\nNext.")
    assert result.text == "Too many spaces.\n\nNext."


@pytest.mark.parametrize(
    "raw", ["depending on the weather, yes.", "based on the map it is north.",
            "according to legend he lives.", "in order to pass, pay.", "so that you know.",
            "such that it works."],
)
def test_lowercase_fragments_are_rejected(raw):
    rejected(parse_output(raw), "fragment")


@pytest.mark.parametrize(
    "raw", ["Based on the map, it is north.", "According to legend, he lives.",
            "depend on it."],
)
def test_capitalised_or_other_openings_are_not_fragments(raw):
    assert parse_output(raw).ok


@pytest.mark.parametrize(
    ("raw", "expected"),
    [("The gate is open", "The gate is open."),
     ('He said "go"', 'He said "go".'),
     ('He said "go."', 'He said "go."'),
     ("Is it open?", "Is it open?"),
     ("Stop!", "Stop!"),
     ("It is 5 km", "It is 5 km."),
     ("Ça coûte 5 €", "Ça coûte 5 €"),  # ends on a symbol: left alone
     ("「はい」。", "「はい」。")],
)
def test_sentence_completion(raw, expected):
    assert parse_output(raw).text == expected


def test_sentence_completion_can_be_switched_off():
    assert parse_output("No period", ParserConfig.preset("prose", complete_sentences=False)).text == "No period"


def test_truncated_output_is_trimmed_to_last_complete_sentence():
    result = parse_output("The king died. His heir was crowned in the", truncated=True)
    assert result.ok
    assert result.text == "The king died."
    assert result.removed == ("His heir was crowned in the",)
    assert "truncation_trim" in result.applied


def test_truncated_output_without_a_complete_sentence_is_rejected():
    finding = rejected(parse_output("The king died and his heir was", truncated=True), "truncated")
    assert finding.severity == Severity.HARD


def test_truncated_flag_with_complete_output_keeps_it():
    assert parse_output('He said "stop."', truncated=True).text == 'He said "stop."'


@pytest.mark.parametrize("raw", ["The heir walked to the", "Gold and", "Take one of",
                                 "The list includes:", "First,"])
def test_dangling_end_is_rejected_even_without_truncation_flag(raw):
    rejected(parse_output(raw), "dangling")


def test_dangling_check_looks_at_the_last_whole_word_only():
    assert parse_output("Theirs is the best one").text == "Theirs is the best one."
    assert parse_output("Go to Athe").text == "Go to Athe."


def test_min_chars():
    config = ParserConfig.preset("prose", min_chars=20)
    finding = rejected(parse_output("Too short.", config), "min_chars")
    assert "at least 20" in finding.message
    assert parse_output("This one is long enough.", config).ok


def test_only_directions_becomes_empty():
    finding = rejected(parse_output("*nods* [smiles]"), "empty")
    assert finding.kind == FindingKind.EMPTY_OUTPUT


def test_disabled_parser_passes_text_through():
    raw = "note: *x*  "
    assert parse_output(raw, ParserConfig.preset("prose", enabled=False)).text == raw


def test_very_long_output_is_handled():
    sentence = "The river Ærø flows north past the old mill. "
    raw = "*sighs* " + sentence * 5000 + "And then the"
    result = parse_output(raw, truncated=True)
    assert result.ok
    assert result.text.endswith("old mill.")
    assert len(result.text) == len((sentence * 5000).strip())


def test_unicode_fragment_and_meta_checks():
    assert parse_output("Über die Brücke geht es.").ok
    rejected(parse_output("NOTE: ñ"), "meta_text")
