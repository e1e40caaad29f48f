from lexguard.parsing import normalize_whitespace


def test_strips_bom_and_converts_line_ends():
    assert normalize_whitespace("\ufeffa\r\nb\rc") == "a\nb\nc"


def test_trims_trailing_spaces_but_keeps_leading():
    assert normalize_whitespace("  indented  \t\n\tx \n") == "  indented\n\tx\n"


def test_collapses_three_or_more_blank_lines_to_two():
    assert normalize_whitespace("a\n\n\n\n\nb") == "a\n\n\nb"
    assert normalize_whitespace("a\n\n\nb") == "a\n\n\nb"  # two blank lines stay
    assert normalize_whitespace("a\n\nb") == "a\n\nb"


def test_keeps_trailing_newline_state():
    assert normalize_whitespace("text") == "text"
    assert normalize_whitespace("text\n") == "text\n"
    assert normalize_whitespace("text\r\n") == "text\n"


def test_is_idempotent_on_mixed_input():
    raw = "\ufeff x \r\n\r\n\r\n\r\n y\t\r\n"
    once = normalize_whitespace(raw)
    assert once == " x\n\n\n y\n"
    assert normalize_whitespace(once) == once


def test_unicode_text_is_untouched():
    text = "Größe: 10 €  \nこんにちは。"
    assert normalize_whitespace(text) == "Größe: 10 €\nこんにちは。"
