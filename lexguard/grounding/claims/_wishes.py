"""Closing wishes: "Happy listening!", "Have a great hike!", "Good luck with your project!".

A wish that closes an answer is a sign-off, not a fact to check against the sources; refusing it
refused correct answers ("A new episode comes out every Tuesday. Happy listening!"). A wish that
carries a fact is not one: "Enjoy the free parking!", "Enjoy your stay at the Grand Hotel!",
"Have a great 12 km hike!", "Enjoy the heated pool!" say something the sources must hold, so they
stay facts. A wish here is a wish frame ("happy", "have a", "enjoy", "good luck", "stay safe", ...)
followed by at most :data:`_MOST_OBJECT_WORDS` words that each name a thing or an activity (a word
the dictionary reads as a noun, or a verb's -ing form) or are a wish's own adjective ("great",
"lovely"); no number, name, other adjective, participle, preposition of place or verb of a
statement. "Have ..." is a wish only with a wish's adjective: "Have a doctor check it" is advice.
"""

from __future__ import annotations

import regex

from lexguard.grounding.signals._words import word_kinds

__all__ = ["is_closing_wish"]

_WISHES = r"""(?:
        (?:i\s+)?(?:hope|wish)\s+you\s+(?:have|enjoy)\b
      | (?:i\s+)?wish\s+you\b
      | (?:have|enjoy)\b
      | happy\s+(?=\w+ing\b|holidays\b|travels\b|trails\b)(?!\w+ing\s+\w)
      | safe\s+(?=travels?\b|journey\b|trip\b|flight\b)
      | (?:good|best\s+of)\s+luck\b | all\s+the\s+best\b
      | take\s+care\b | stay\s+safe\b | have\s+fun\b | cheers\b
      | bon\s+(?:app[eé]tit|voyage)\b
    )"""
"""The frames a wish opens with ("happy" only before an activity: "Happy listening!")."""

_FRAME = regex.compile(
    r"^\W*(?:(?:and|so|now|until\s+then|in\s+the\s+meantime)[,\s]+)?" + _WISHES, regex.IGNORECASE | regex.VERBOSE
)
_AND_WISH = regex.compile(r",?\s+and\s+(?=" + _WISHES + ")", regex.IGNORECASE | regex.VERBOSE)
"""An "and" that opens a second wish ("Stay safe out there and enjoy the views!")."""

_FUNCTION = frozenset(
    "a an the your you yourself yourselves with and or it them this that all of to for out there "
    "everyone everybody folks friends guys again ahead today tonight".split()
)
"""Words a wish may hold besides its object ("good luck *with your* project", "enjoy *it*")."""

_WISH_WORDS = frozenset(
    "great good nice wonderful lovely fantastic fun safe pleasant happy amazing delicious relaxing "
    "productive successful enjoyable brilliant terrific splendid fabulous awesome memorable restful "
    "smooth beautiful merry joyful peaceful exciting very really so much most".split()
)
"""A wish's own adjectives and intensifiers ("have a *really great* day")."""

_HAVE = regex.compile(r"^\W*(?:(?:and|so|now)[,\s]+)?(?:i\s+hope\s+you\s+)?have\b(?!\s+fun)", regex.IGNORECASE)
"""The "have" frame, a wish only with a wish's adjective ("Have a *great* hike!")."""

_MOST_OBJECT_WORDS = 3
"""Most words naming what the wish is for ("good luck *planning your visit*")."""

_LONGEST = 160
"""Longest sentence read as a wish, in characters."""
_WORD = regex.compile(r"[\p{L}\p{N}][\p{L}\p{N}'\u2019-]*")


def _names_a_thing(word: str, last: bool) -> bool:
    """Whether a lower-case word can name a thing or an activity and describes nothing itself: a
    noun with no adjective reading ("hike", "views"), or a verb's -ing form ending the wish
    ("happy reading"; not "enjoy the sparkling water", where it describes)."""
    kinds = word_kinds(word)
    if last and word.endswith("ing") and "VERB" in kinds:
        return True
    if "ADJ" in kinds or "AUX" in kinds or "NUM" in kinds or not kinds:
        return False
    return "NOUN" in kinds


def is_closing_wish(text: str) -> bool:
    """Whether ``text`` (one sentence) is only a wish, with no fact in it.

    Example:
        >>> is_closing_wish("Happy listening!")
        True
        >>> is_closing_wish("Good luck planning your visit!")
        True
        >>> is_closing_wish("Enjoy the free parking!")
        False
        >>> is_closing_wish("Enjoy your stay at the Grand Hotel!")
        False
    """
    text = text.strip()
    if len(text) > _LONGEST or regex.search(r"[\d:;()\[\]\"]", text):
        return False
    # "Stay safe out there and enjoy the views!": two wishes, each a wish on its own
    return all(_one_wish(part) for part in _AND_WISH.split(text))


def _one_wish(text: str) -> bool:
    frame = _FRAME.match(text)
    if frame is None:
        return False
    words = [(m.group(), m.group().lower().replace("\u2019", "'")) for m in _WORD.finditer(text, frame.end())]
    objects = [(word, lower) for word, lower in words if lower not in _FUNCTION and lower not in _WISH_WORDS]
    if len(objects) > _MOST_OBJECT_WORDS:
        return False
    if _HAVE.match(frame.group()) and not any(lower in _WISH_WORDS for _, lower in words):
        return False  # "Have a doctor check it", "Have the receipt with you": an instruction, not a wish
    # a name, or a word that describes or states something, makes it a fact
    return not any(word[0].isupper() or not _names_a_thing(lower, last=n == len(objects) - 1)
                   for n, (word, lower) in enumerate(objects))
