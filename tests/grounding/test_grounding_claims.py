"""Rule-based claim extraction and sentence segmentation edge cases."""

from __future__ import annotations

import pytest

from lexguard.grounding import LLMClaimExtractor, extract_claims, split_sentences
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
    assert all(c.status != "not_checked" for text, c in claims.items() if text != "print(total)")


def test_wrapped_paragraph_is_one_sentence() -> None:
    answer = "The bridge was\nbuilt in 1932 by the city. It is long."
    assert texts(answer) == ["The bridge was\nbuilt in 1932 by the city.", "It is long."]


def test_fillers_and_fragments_are_skipped() -> None:
    assert texts("Sure! The answer is 42. Hope this helps!") == ["The answer is 42."]
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
