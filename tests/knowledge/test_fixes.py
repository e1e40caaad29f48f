"""apply_fixes: any Finding with span + suggested_fix, all at once, right to left."""

from __future__ import annotations

from lexguard import Finding
from lexguard.knowledge import apply_fixes, is_auto_fixable


def fix(span, replacement, confidence=0.95, kind="x"):
    return Finding(kind=kind, message="m", span=span, suggested_fix=replacement, fix_confidence=confidence)


def test_fixes_that_change_length_do_not_shift_each_other():
    text = "a bb ccc dddd"
    findings = [fix((9, 13), "D"), fix((0, 1), "AAAA"), fix((5, 8), "")]
    fixed, applied = apply_fixes(text, findings)
    assert fixed == "AAAA bb  D"
    assert [f.span for f in applied] == [(0, 1), (5, 8), (9, 13)]


def test_threshold_is_strict_and_configurable():
    text = "one two"
    findings = [fix((0, 3), "1", 0.9), fix((4, 7), "2", 0.91)]
    assert apply_fixes(text, findings) == ("one 2", (findings[1],))
    assert apply_fixes(text, findings, min_confidence=0.5)[0] == "1 2"


def test_overlapping_fixes_keep_the_most_confident():
    text = "Service Y"
    low, high = fix((0, 9), "Service X", 0.92), fix((8, 9), "Z", 0.99)
    fixed, applied = apply_fixes(text, [low, high])
    assert fixed == "Service Z" and applied == (high,)


def test_duplicates_out_of_range_and_unfixable_findings_are_skipped():
    text = "abc"
    dup = fix((0, 1), "A")
    no_fix = Finding(kind="x", message="m", span=(1, 2))
    no_span = Finding(kind="x", message="m", suggested_fix="q", fix_confidence=1.0)
    fixed, applied = apply_fixes(text, [dup, dup, no_fix, no_span, fix((2, 10), "!")])
    assert fixed == "Abc" and applied == (dup,)
    assert not is_auto_fixable(no_fix) and not is_auto_fixable(no_span) and is_auto_fixable(dup)


def test_insertion_and_replacement_at_same_start():
    fixed, applied = apply_fixes("cat", [fix((0, 0), "the "), fix((0, 3), "dog")])
    assert fixed == "the dog" and len(applied) == 2
