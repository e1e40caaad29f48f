"""Rule-based claim extraction and sentence segmentation edge cases."""

from __future__ import annotations

import pytest

from lexguard.grounding import LLMClaimExtractor, extract_claims
from lexguard.grounding.claims._sentences import split_sentences
from tests.fakes import FakeStructuredChatModel


def texts(answer: str) -> list[str]:
    claims = extract_claims(answer)
    for claim in claims:
        assert answer[claim.span[0] : claim.span[1]] == claim.text
    assert [c.index for c in claims] == list(range(len(claims)))
    return [c.text for c in claims]


def test_abbreviations_and_initials_do_not_split() -> None:
    answer = "Dr. Smith met J. K. Rowling in the U.S. in Jan. 2020. They talked e.g. about books."
    assert texts(answer) == [
        "Dr. Smith met J. K. Rowling in the U.S. in Jan. 2020.",
        "They talked e.g. about books.",
    ]


def test_decimals_and_money_do_not_split() -> None:
    answer = "Revenue rose 3.5% to $1,234.56 million. Margins were 0.8 points higher."
    assert texts(answer) == ["Revenue rose 3.5% to $1,234.56 million.", "Margins were 0.8 points higher."]


def test_quote_closing_a_sentence() -> None:
    answer = 'He said "We will win." Then the match began! Was it fair? Nobody really knows.'
    assert texts(answer) == ['He said "We will win."', "Then the match began!", "Was it fair?", "Nobody really knows."]


def test_lists_bullets_and_markdown() -> None:
    answer = (
        "## Summary\n"
        "Here are the key facts:\n\n"
        "1. The plant opened in 1999.\n"
        "2) It employs 300 people; most live nearby.\n"
        "- **Revenue** grew by 5% last year.\n"
        "* Costs fell sharply in March.\n"
        "\u2022 **The board approved the plan.**\n\n"
        "```\nprint(total)\nThe total is printed once.\n```\n"
        "> A quoted line that is a claim.\n"
    )
    assert texts(answer) == [
        "Summary",
        "Here are the key facts:",
        "The plant opened in 1999.",
        "It employs 300 people;",
        "most live nearby.",
        "**Revenue** grew by 5% last year.",
        "Costs fell sharply in March.",
        "The board approved the plan.",
        "print(total)",
        "The total is printed once.",
        "A quoted line that is a claim.",
    ]
    # code inside a fence is kept, not checked, and says so; prose inside a fence is checked
    claims = {c.text: c for c in extract_claims(answer)}
    code = claims["print(total)"]
    assert (code.status, code.kind) == ("not_checked", "code") and "fence" in (code.reason or "")
    assert claims["The total is printed once."].kind != "code"
    meta = {"Summary", "Here are the key facts:"}  # reported, with the reason, not dropped
    assert all((c.status, c.kind) == ("not_checked", "meta") and c.reason for text, c in claims.items() if text in meta)
    assert all(c.status != "not_checked" for text, c in claims.items() if text not in meta | {"print(total)"})


def test_wrapped_paragraph_is_one_sentence() -> None:
    answer = "The bridge was\nbuilt in 1932 by the city. It is long."
    assert texts(answer) == ["The bridge was\nbuilt in 1932 by the city.", "It is long."]


def test_fillers_are_reported_and_blank_text_has_no_claims() -> None:
    claims = extract_claims("Sure! The answer is 42. Hope this helps!")
    assert [(c.text, c.kind, c.status) for c in claims] == [
        ("Sure!", "meta", "not_checked"), ("The answer is 42.", "fact", None), ("Hope this helps!", "meta", "not_checked")]
    assert texts("") == []
    assert texts("   \n\n ") == []


def test_split_sentences_keeps_offsets_with_hard_newlines() -> None:
    text = "name: Cafe Uno\ncity: Santa Barbara\nstars: 4.5"
    spans = split_sentences(text, hard_newlines=True)
    assert [text[s:e] for s, e in spans] == ["name: Cafe Uno", "city: Santa Barbara", "stars: 4.5"]


def test_llm_extractor_locates_claims_verbatim() -> None:
    answer = "Paris is the capital of France. It has 2.1 million inhabitants."
    llm = FakeStructuredChatModel(responses=[{"claims": ["Paris is the capital of France", "2.1 million inhabitants"]}])
    claims = LLMClaimExtractor(llm).extract(answer)
    assert [c.text for c in claims] == ["Paris is the capital of France", "2.1 million inhabitants"]
    assert claims[1].span == (answer.index("2.1"), answer.index("2.1") + len("2.1 million inhabitants"))


@pytest.mark.parametrize("reply", ["not json at all", {"claims": ["a sentence that is not in the answer"]}])
async def test_llm_extractor_falls_back_to_rules(reply: object) -> None:
    answer = "Paris is the capital of France. It has 2.1 million inhabitants."
    llm = FakeStructuredChatModel(responses=[reply])
    extractor = LLMClaimExtractor(llm)
    expected = [c.text for c in extract_claims(answer)]
    assert [c.text for c in extractor.extract(answer)] == expected
    assert [c.text for c in await extractor.aextract(answer)] == expected


# -- fail-open repros: text a user sees must become a claim or a reported not_checked claim ------

OK = "The Eiffel Tower is 330 metres tall."
BAD = "It was completed in 1650 in Berlin."
LINE_BREAKS = ["\n", "\r\n", "\r", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"]


@pytest.mark.parametrize("br", LINE_BREAKS)
def test_every_line_break_cuts_blocks_and_fences_alike(br: str) -> None:
    prose = extract_claims(OK + br + "```" + br + BAD + br + "```")
    assert [(c.text, c.status) for c in prose] == [(OK, None), (BAD, None)]
    code = extract_claims(OK + br + "```" + br + "year = 1650  # Berlin" + br + "```" + br + "It opened in 1889.")
    assert [c.text for c in code] == [OK, "year = 1650  # Berlin", "It opened in 1889."]
    assert (code[1].status, code[1].kind) == ("not_checked", "code")
    wrapped = extract_claims(OK + br + BAD)
    assert [c.text for c in wrapped] == [OK, BAD]


@pytest.mark.parametrize("br", ["\n", "\r\n", "\u2028"])
@pytest.mark.parametrize("mark", ["# ", "## ", "###### ", "--- ", "*** ", "___ "])
def test_headings_and_text_after_a_rule_are_claims(br: str, mark: str) -> None:
    assert texts(OK + br + mark + BAD) == [OK, BAD]
    assert texts(mark + BAD + br + OK) == [BAD, OK]


def test_a_heading_is_a_block_of_its_own() -> None:
    assert texts("## Berlin built it in 1650\nThe tower is tall.") == ["Berlin built it in 1650", "The tower is tall."]
    assert texts("## Summary\n" + OK) == ["Summary", OK]  # the meta-statement rule decides about "Summary"


def test_rules_and_table_separators_alone_are_markup() -> None:
    assert texts(OK + "\n---\n" + OK) == [OK, OK]
    assert texts("| City | Year |\n|:---|---:|\n| Paris | 1889 |") == ["City | Year", "Paris | 1889"]


def test_short_sentences_are_checked_not_dropped() -> None:
    claims = extract_claims(OK + " Aliens helped.")
    assert [(c.text, c.status, c.kind) for c in claims] == [(OK, None, "fact"), ("Aliens helped.", None, "fact")]
    assert texts("Berlin.") == ["Berlin."]


def test_fillers_and_list_introductions_are_reported_not_dropped() -> None:
    claims = extract_claims("Sure! Here are the key facts:\n- The answer is 42.\nHope this helps!")
    assert [c.text for c in claims] == ["Sure!", "Here are the key facts:", "The answer is 42.", "Hope this helps!"]
    skipped = [c for c in claims if c.text != "The answer is 42."]
    assert all(c.status == "not_checked" and c.kind == "meta" and c.reason for c in skipped)
    assert claims[2].status is None


def test_fence_info_string_with_words_is_checked() -> None:
    claims = extract_claims(OK + "\n```" + BAD + "\nx = 1\n```")
    assert [(c.text, c.status) for c in claims][:2] == [(OK, None), (BAD, None)]
    assert claims[-1].status == "not_checked" and claims[-1].text == "x = 1"
    assert [c.text for c in extract_claims(OK + "\n```python\nx = 1\n```")] == [OK, "x = 1"]


def test_a_fence_marker_inside_a_longer_fence_is_code() -> None:
    answer = OK + "\n````\n```\n" + BAD + "\n```\n````"
    claims = extract_claims(answer)
    assert BAD in [c.text for c in claims]


def test_closing_fence_with_text_after_it_does_not_close() -> None:
    claims = extract_claims(OK + "\n```\nx = 1\n``` " + BAD + "\n")
    assert any(BAD in c.text for c in claims)


@pytest.mark.slow
@pytest.mark.parametrize(
    "answer",
    [OK + "\n## " + BAD, OK + "\n--- " + BAD, OK + "\r\n# " + BAD, OK + "\u2028```\u2028" + BAD + "\u2028```",
     OK + "\x1c```\x1c" + BAD + "\x1c```", OK + " Aliens helped."],
)
def test_guard_does_not_accept_hidden_false_text(answer: str) -> None:
    from lexguard import Guard

    sources = ["The Eiffel Tower is 330 metres tall. It was completed in 1889 in Paris."]
    report = Guard(audit=False, max_retries=0).invoke({"answer": answer, "sources": sources})
    assert not report.accepted, report.reason


def test_table_column_names_are_reported_and_rows_checked() -> None:
    table = "| Landmark | Height | Year |\n|---|---|---|\n| Eiffel Tower | 330 m | 1889 |\n| Aliens | helped |"
    claims = extract_claims(table)
    assert [(c.text, c.status, c.kind) for c in claims] == [
        ("Landmark | Height | Year", "not_checked", "meta"), ("Eiffel Tower | 330 m | 1889", None, "fact"),
        ("Aliens | helped", None, "fact")]
    sentence = extract_claims("| It was completed in 1650 in Berlin. |\n|---|\n| x |")
    assert sentence[0].status is None  # a header row that states a fact is checked


def test_a_fence_info_string_that_is_not_a_language_tag_is_reported() -> None:
    for tag in ("python", "c++", "objective-c", "text"):
        assert [c.text for c in extract_claims(OK + "\n```" + tag + "\nThe tower is tall and old.\n```")] == [
            OK, "The tower is tall and old."]
    claims = extract_claims(OK + "\n```Aliens\nThe tower is tall and old.\n```")
    assert [(c.text, c.status) for c in claims] == [(OK, None), ("Aliens", "not_checked"), ("The tower is tall and old.", None)]


@pytest.mark.parametrize(
    ("line", "meta"),
    [
        ("Here are the key points:", True),
        ("The Eiffel Tower has the following features:", True),
        ("Based on the passages, here are the facts:", True),
        ("Aliens built it in Berlin:", False),  # a statement that happens to end in a colon
        ("Based on the sources, aliens built it in Berlin:", False),
        ('Based on the given passages, here\'s a brief answer to the question "How do I start?":', True),
        ('Therefore, the answer to the question "What is arthritis?" is:', True),
        ("Based on the passages, here are two ways to save money:", True),
        ("Here is the tower, built by aliens in 1650:", False),  # a figure: read as a statement
        ("That's it!", True),
        ("Here is why aliens built the tower in Berlin:", False),  # a review's cases: statements
        ("So, based on the data, here are the reasons aliens built it:", False),
        ("The key fact is that aliens built it in Berlin:", False),
        ("Aliens built the key bridge in Berlin:", False),
    ],
)
def test_a_line_ending_in_a_colon_is_an_introduction_only_with_a_cue_word(line: str, meta: bool) -> None:
    """Any line of up to 12 words ending in a colon was a list introduction, not checked: a fact
    written that way ("Aliens built it in Berlin:") went through unread."""
    claim = extract_claims(line + "\n- The tower is 330 metres tall.")[0]
    assert (claim.status == "not_checked") is meta


def test_a_header_cell_with_a_figure_is_checked() -> None:
    """Short header cells were column names (meta) even when they stated a figure."""
    claims = extract_claims("| Opened 1889 | By aliens |\n|---|---|\n| yes | no |")
    assert claims[0].status != "not_checked"
    names = extract_claims("| Name | Height |\n|---|---|\n| Eiffel Tower | 330 m |")
    assert names[0].status == "not_checked"


@pytest.mark.parametrize(("text", "sentences"), [
    ("Check-in starts at 3 p.m. Just so you know, breakfast is included.",
     ["Check-in starts at 3 p.m.", "Just so you know, breakfast is included."]),
    ("Doors open at 5 p.m. Tickets are sold at the door.", ["Doors open at 5 p.m.", "Tickets are sold at the door."]),
    ("The show starts at 8 p.m. Friday and ends late.", ["The show starts at 8 p.m. Friday and ends late."]),
    ("It opens at 3 p.m. Eastern Time every day.", ["It opens at 3 p.m. Eastern Time every day."]),
])
def test_a_sentence_opens_after_a_time_of_day(text: str, sentences: list[str]) -> None:
    """"... at 3 p.m. Just so you know, breakfast is included free of charge" was one claim, and
    its invented second sentence passed (0.74) with the first."""
    assert [text[s:e] for s, e in split_sentences(text)] == sentences


@pytest.mark.parametrize(("text", "fact"), [
    ("Happy to help further — and as a reminder, sale items are refunded in full too.",
     "sale items are refunded in full too."),
    ("Just so you know, breakfast is included free of charge for all guests.",
     "breakfast is included free of charge for all guests."),
    ("I am glad to help, and the museum opens at 9.", "the museum opens at 9."),
])
def test_a_polite_lead_in_is_not_part_of_the_fact(text: str, fact: str) -> None:
    """The lead-in's words kept the polarity rule from reading "sale items are refunded" against
    "Sale items can be exchanged but not refunded": the wrong answer passed at 0.96."""
    from lexguard.grounding.claims._meta_split import meta_segments

    assert [text[a:b] for a, b, reason in meta_segments(text) if reason is None] == [fact]
