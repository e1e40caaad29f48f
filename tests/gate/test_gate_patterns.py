import pytest

from lexguard import RuleTimeoutError
from lexguard.gate import derive_patterns, find_pattern, is_regex_pattern

CATASTROPHIC = "/(a+)+$/"
LONG_AS = "a" * 5000 + "!"


def test_regex_vs_keyword_detection():
    assert is_regex_pattern("/abc/")
    assert not is_regex_pattern("/")
    assert not is_regex_pattern("//")
    assert not is_regex_pattern("a/b/")


def test_keyword_is_case_insensitive_substring_with_context():
    text = "x" * 30 + " The SECRET door " + "y" * 30
    found = find_pattern("secret", text)
    assert found is not None
    assert found.matched == "SECRET"
    assert text[found.span[0]:found.span[1]] == "SECRET"
    assert found.violating_text == text[found.span[0] - 20:found.span[1] + 20].strip()


def test_regex_is_case_insensitive_and_captures_the_match():
    found = find_pattern(r"/\bgold\s+coins?\b/", "He paid 3 GOLD  COINS today.")
    assert found.matched == "GOLD  COINS" and found.violating_text == "GOLD  COINS"


def test_keyword_special_characters_are_literal():
    assert find_pattern("a.b", "axb") is None
    assert find_pattern("(c++)", "I like (C++).").matched == "(C++)"


def test_case_sensitive_matching():
    assert find_pattern("Secret", "a secret", case_sensitive=True) is None
    assert find_pattern("/[A-Z]{3}/", "abc", case_sensitive=True) is None
    assert find_pattern("/[A-Z]{3}/", "ABC", case_sensitive=True) is not None


def test_unicode_case_folding_and_exact_spans():
    text = "İstanbul und STRASSE in Köln"
    found = find_pattern("köln", text.upper())
    assert found is not None and found.matched == "KÖLN"
    found = find_pattern("straße", text)
    assert found is not None and found.matched == "STRASSE"
    assert find_pattern("/東京/", "私は東京に住む").span == (2, 4)


def test_no_match_returns_none():
    assert find_pattern("dragon", "a quiet village") is None


def test_invalid_regex_falls_back_to_keywords_with_a_warning_and_a_hint():
    from lexguard.gate._patterns import compile_pattern

    compile_pattern.cache_clear()
    with pytest.warns(UserWarning, match="drop the surrounding slashes"):
        assert find_pattern("/(unclosed/", "text") is None
    assert find_pattern("/(unclosed/", "an (unclosed bracket").matched == "(unclosed"


def test_catastrophic_regex_times_out_instead_of_hanging():
    with pytest.raises(RuleTimeoutError, match="simplify"):
        find_pattern(CATASTROPHIC, LONG_AS, timeout=0.2)


def test_catastrophic_regex_on_plain_as_still_matches():
    assert find_pattern(CATASTROPHIC, "a" * 5000, timeout=0.2) is not None


@pytest.mark.parametrize(
    ("description", "expected"),
    [('Never say "open sesame"', ("open sesame",)),
     ("Don't use 'magic words' or “spells”", ("magic words", "spells")),
     ("Do not mention the dragon", ("dragon",)),
     ("Never talk about the war or reveal anything about Tom", ("war", "Tom")),
     ("Must tell them prices", ("them",)),
     ("Never mention it", ()),
     ("Be polite", ())],
)
def test_derive_patterns(description, expected):
    assert derive_patterns(description) == expected


@pytest.mark.parametrize(
    ("pattern", "text", "shown"),
    [
        (r"/\b\d{3}-\d{4}\b/", "Call 555-\u200b1234 now.", "555-\u200b1234"),  # zero-width space
        (r"/\b\d{3}-\d{4}\b/", "Call 555\u20111234 now.", "555\u20111234"),  # non-breaking hyphen
        (r"/\b\d{3}-\d{4}\b/", "Call 555\u22121234 now.", "555\u22121234"),  # minus sign
        ("password", "The \u202edrowssap\u202c is secret.", "drowssap"),  # right-to-left override
        ("/password/", "The \u202edrowssap is secret.", "drowssap is secret."),  # override to line end
        ("password", "The pa\u0301ssword is hunter2.", "pa\u0301ssword"),  # combining accent
        ("/password/", "The pa\u0301ssword is hunter2.", "pa\u0301ssword"),
        ("/secret/", "The s\u0435cr\u200bet.", "s\u0435cr\u200bet"),  # Cyrillic e + zero-width, in a regex
    ],
)
def test_rules_are_not_dodged_by_characters_a_reader_does_not_see(pattern: str, text: str, shown: str) -> None:
    """A new user's trial: each of these passed a prohibited rule (the regex ran on the stored
    text; keywords ignored zero-width characters but not accents, dashes or overrides)."""
    found = find_pattern(pattern, text)
    assert found is not None
    assert text[found.span[0] : found.span[1]] == found.matched
    matched = found.matched.replace("\u202e", "").replace("\u202c", "")  # a reversed run's span holds its marks
    assert shown in matched or matched in shown


def test_display_form_keeps_case_for_case_sensitive_patterns() -> None:
    assert find_pattern("/Password/", "the pa\u0301ssword", case_sensitive=True) is None
    assert find_pattern("/Password/", "the Pa\u0301ssword", case_sensitive=True) is not None
    assert find_pattern("/password/", "the plain text") is None
