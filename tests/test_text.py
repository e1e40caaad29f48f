"""The text normaliser (issue 13 items 1 and 8): safe at the door, folded for comparison."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from lexguard._text import (
    strip_invisible,
    CITATION_MARKER,
    clean_text,
    comparison_key,
    find_folded,
    fold,
    has_lone_surrogates,
    split_fenced,
)


def test_clean_text_replaces_lone_surrogates_one_for_one():
    text = "built by aliens in 1650\ud83d. \udc00x"
    cleaned = clean_text(text)
    assert len(cleaned) == len(text)
    assert not has_lone_surrogates(cleaned)
    cleaned.encode("utf-8")  # the old text raised UnicodeEncodeError here
    assert cleaned.replace("\ufffd", "") == text.replace("\ud83d", "").replace("\udc00", "")


def test_clean_text_keeps_everything_else():
    text = "Zero\u200bwidth, soft\u00adhyphen, \u0435 (Cyrillic), tab\tand 😀."
    assert clean_text(text) is text or clean_text(text) == text


def test_comparison_key_ignores_invisible_characters_homoglyphs_and_case():
    assert fold("The Eiffel\u200b Tow\u00ader is 330 m") == fold("the eiffel tower is 330 m")
    assert fold("P\u0430ris") == "paris"  # Cyrillic a
    assert fold("ﬁne ＡＢＣ") == "fine abc"  # NFKC ligature and full-width letters
    assert fold("e\u0301") == fold("\u00e9")  # NFD vs NFC


def test_spans_found_in_the_key_index_the_original():
    original = "Built in 18\u200b89 by Gust\u0430ve."
    span = find_folded("1889 by gustave", original)
    assert span is not None
    assert original[span[0]:span[1]] == "18\u200b89 by Gust\u0430ve"


def test_find_folded_is_none_for_missing_or_empty_needles():
    assert find_folded("zzz", "abc") is None
    assert find_folded("\u200b", "abc") is None


def test_citation_markers_are_recognised():
    text = "It opened in 1889 [source-0]. It is 330 m tall [1]. See [1, 2] and [^3] and [doc 4]."
    assert CITATION_MARKER.findall(text) == ["[source-0]", "[1]", "[1, 2]", "[^3]", "[doc 4]"]
    assert CITATION_MARKER.search("a list [a, b]") is None


def test_split_fenced_covers_the_text_and_marks_code():
    text = "Intro.\n```python\nx = 1\n```\nOutro.\n~~~\nopen"
    parts = split_fenced(text)
    assert parts[0] == (0, 7, False)
    assert [fenced for *_, fenced in parts] == [False, True, False, True]
    assert "".join(text[s:e] for s, e, _ in parts) == text


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_key_offsets_always_point_into_the_original(text):
    key = comparison_key(text)
    assert len(key.starts or key.text) == len(key.text)
    for i in range(len(key.text)):
        assert 0 <= key.index_of(i) < max(1, len(text))
    start, end = key.span_of(0, len(key.text))
    assert 0 <= start <= end <= len(text)
    assert not has_lone_surrogates(key.text)
    assert not has_lone_surrogates(clean_text(text))


def test_strip_invisible_drops_zero_width_characters_and_maps_spans_back():
    text = "It is 3\u200b30\u2060 m\ufeff tall; \u200c\u200dok"
    key = strip_invisible(text)
    assert key.text == "It is 330 m tall; ok"
    start = key.text.index("330")
    assert key.span_of(start, start + 3) == (6, 10) and text[6:10] == "3\u200b30"
    assert strip_invisible("plain").starts is None and strip_invisible("caf\u00e9").starts is None
