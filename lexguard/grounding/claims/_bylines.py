"""Where a news article's byline and dateline end: "By Jane Doe PUBLISHED: 10:22 EST, 3 March 2014 |
UPDATED: 11:05 EST, 3 March 2014", "LONDON, England (CNN) --", "HARWICK, March 6 (Newswire) –".

Such a header has no full stop of its own, so it was read as part of the article's first sentence:
"By Richard Sloane PUBLISHED: ... A financial adviser who stole £212,000 ... was jailed" named
the reporter as the one the lead is about, and a summary that names the adviser ("Gareth
Pennington, 46, jailed for six years") was refused as giving the lead to another person.
:func:`header_end` tells where the header stops, so that it is a sentence of its own.
"""

from __future__ import annotations

import regex

__all__ = ["header_end"]

_STAMP = r"(?:\.\s*+)?\d{1,2}:\d{2}\s*+(?:[AP]M\s*+)?(?:[A-Z]{2,4}\s*+)?,?\s*+\d{1,2}\s++\p{L}+\s++\d{4}\s*+\.?"
_HEADER = regex.compile(
    rf"\s*+(?:By\s++[^|\n]{{1,80}}?\s++)?(?:PUBLISHED|Published)\s*+:\s*+{_STAMP}"
    rf"(?:\s*+\|\s*+\.?\s*+(?:UPDATED|Updated)\s*+:\s*+{_STAMP})?"
    r"|\s*+(?:\p{Lu}[\p{L}., ]{0,40}?(?:,\s*+\p{Lu}\p{Ll}+\.?\s++\d{1,2})?\s*+)?"
    r"\((?:CNN|Reuters|AP|AFP|PA|UPI|Bloomberg|Newswire|\p{Lu}[\p{L}&. ]{1,24})\)\s*+(?:--|-|\u2014|\u2013)"
)


def header_end(text: str, start: int = 0) -> int:
    """Where the byline or dateline that opens ``text`` at ``start`` ends (``start`` when none).

    Example:
        >>> text = "By Ann Lee PUBLISHED: 10:22 EST, 3 March 2014 | UPDATED: 11:05 EST, 3 March 2014 A man was held."
        >>> text[header_end(text):].strip()
        'A man was held.'
        >>> header_end("LONDON, England (CNN) -- Police said ...")
        24
        >>> header_end("HARWICK, March 6 (Newswire) \u2013 The council approved ...")
        29
    """
    found = _HEADER.match(text, start)
    return found.end() if found is not None else start
