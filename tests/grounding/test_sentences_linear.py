"""Issue 13 item 4: sentence splitting does linear work (no rescans from position 0)."""

from __future__ import annotations

from lexguard.grounding.claims._sentences import split_blocks, split_sentences


class CountingStr(str):
    """A str that counts the characters copied out of it by slicing."""

    copied = 0

    def __getitem__(self, key):  # type: ignore[override]
        value = str.__getitem__(self, key)
        if isinstance(key, slice):
            CountingStr.copied += len(value)
        return value


def test_splitting_copies_a_bounded_multiple_of_the_text():
    text = CountingStr("Dr. Smith went to Washington. He saw the U.S. Capitol; it was big! " * 3_000)
    CountingStr.copied = 0
    sentences = split_sentences(text)
    assert len(sentences) >= 9_000
    assert CountingStr.copied <= 5 * len(text)  # the old splitter copied the rest of the block per sentence


def test_abbreviations_still_work_with_the_bounded_look_back():
    text = "Dr. Smith met J. R. R. Tolkien in the U.S. in 1950. They talked e.g. about trees. Then they left."
    got = [text[s:e] for s, e in split_sentences(text)]
    assert got == ["Dr. Smith met J. R. R. Tolkien in the U.S. in 1950.",
                   "They talked e.g. about trees.", "Then they left."]


def test_pathological_runs_split_quickly_and_keep_offsets():
    for text in ("!" * 50_000 + " A", " " * 50_000 + "x", "a" * 50_000 + ". B", "x. " * 20_000):
        for start, end in split_sentences(text):
            assert 0 <= start < end <= len(text)
    assert split_blocks("  " * 10_000 + "| --- |") == []



def test_thousands_of_negations_copy_a_bounded_multiple_of_the_text():
    """Found in review: each negation re-split the rest of its sentence (8,000 negations in one
    source sentence took 27 s); the sentence is now cut into clause pieces once."""
    from lexguard.grounding.signals._negation import denied_words as _denied_words

    for raw in ("the price is unknown, " * 4000, "it was not listed, " * 4000, "it was not, " * 4000):
        text = CountingStr(raw)
        CountingStr.copied = 0
        _denied_words(text)
        assert CountingStr.copied <= 3 * len(text)  # the old reading copied the rest per negation
