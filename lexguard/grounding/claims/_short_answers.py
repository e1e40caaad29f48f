"""A short answer is read as the statement it makes with its question.

"Who founded the Marlow Theatre?" - "Thomas Crane." states "Thomas Crane founded the Marlow
Theatre". Read alone, "Thomas Crane." names two words that both occur in the sources, and read
as "Who founded the Marlow Theatre? Thomas Crane." the verifier sees a question, a shape it was
not trained on; both let a wrong short answer through. The statement is made by putting the
answer in the place of the question word:

- a question word that is the subject: "Who founded X?" + "Thomas Crane" -> "Thomas Crane founded X";
- one that asks for what something *is*: "What color is the flag's background?" + "White" ->
  "the flag's background is White";
- when, where, how long, how many and the other questions with an auxiliary: the rest read as a
  statement (as a yes/no question is, :func:`~lexguard.grounding.claims._questions.polar_proposition`) with
  the answer after it: "What year did the bridge open?" + "1973" -> "the bridge opened in 1973"
  (before a closing time phrase: "Where did he play before Rivergate?").

Answers with a statement of their own ("It opened in 1978."), yes/no questions and questions
not in these shapes are left to the verifier as before (question and answer read together).
"""

from __future__ import annotations

import regex

from lexguard.grounding.claims._questions import polar_proposition

__all__ = ["WH_QUESTION", "answer_statement", "bare_answer", "plain_question"]

_AUX = r"is|are|was|were|do|does|did|has|have|had|can|could|will|would|should"
_BE = frozenset({"is", "are", "was", "were"})
WH_QUESTION = regex.compile(
    r"^\s*(?:in\s+)?(?P<wh>who|whom|what|which|when|where|how\s+(?:many|much|long|old|far|tall|big|high|often))"
    r"\s+(?P<after>[^?]+?)\s*\??\s*$",
    regex.IGNORECASE,
)
_AUX_WORD = regex.compile(rf"^(?:{_AUX})$", regex.IGNORECASE)
_PLACE_NOUNS = {"year": "in", "month": "in", "decade": "in", "century": "in", "time": "at", "day": "on", "date": "on"}
_MAX_NOUN_WORDS = 2
_LEADING_AUX = regex.compile(rf"^(?P<aux>{_AUX})\b\s*(?P<tail>.*)$", regex.IGNORECASE | regex.DOTALL)
_TRAILING_AUX = regex.compile(rf"\s+(?:{_AUX}|did so|does so)\s*$", regex.IGNORECASE)
_OWN_STATEMENT = regex.compile(
    rf"^(?:it|he|she|they|we|i|you|this|that|these|those|there|not|never|no|only)\b|\b(?:{_AUX}|it|him|her|them)\b",
    regex.IGNORECASE,
)
_ENDS_WITH_PREPOSITION = regex.compile(r"\b(?:after|for|from|to|with|by|of|about|in|on|at)\s*$", regex.IGNORECASE)
_FUNCTION_WORD = regex.compile(r"^(?:the|a|an|in|on|at|of|to|by|for|from|with|and|or|about|around|some)$", regex.IGNORECASE)
_PREPOSITION = regex.compile(r"^(?:in|on|at|by|from|since|around|about|near|after|before|during)\b", regex.IGNORECASE)
_MAX_ANSWER_WORDS = 5
_TIME_ADJUNCT = regex.compile(r"^(?P<head>.+?)\s+(?P<tail>(?:before|after|during|until|since)\s+.+)$", regex.IGNORECASE)
"""A question's closing time phrase: the answer goes before it ("Where did he play *before Rivergate*?")."""
_THAT_IS = regex.compile(
    r"^(?:(?:oh|ah|well)[,!\s]+)?(?:(?:i['\u2019]m\s+)?(?:pretty|fairly|quite)\s+sure\s+|i\s+(?:think|believe)\s+)?"
    r"(?:(?:that|it|the\s+(?P<noun>\p{L}+))(?:['\u2019]s|\s+is|\s+was|['\u2019]d\s+be|\s+would\s+be)\s+(?=(?-i:\p{Lu}|\d))"
    r"|(?:he|she)\s+(?:is|was)\s+(?=(?-i:\p{Lu}\p{L}+\s+\p{Lu})))",  # "He was Tobin Reyes.", not "He's Swiss!"
    regex.IGNORECASE,
)
"""An answer that points at a name: "That's Juno Arcade!", "It was 1998.", "He was Tobin Reyes.",
"Pretty sure it was Oona Falk.", "The director is Oona Falk." to "Who directed ...?" (the name or
value is the answer)."""
_CONTRACTED = regex.compile(r"^\s*(?P<wh>who|what|where|which|when|how)['\u2019]s\s+", regex.IGNORECASE)
_ASKS_IF_KNOWN = regex.compile(
    r"^\s*(?:do|does|did)\s+(?:you|anyone)\s+(?:know|remember|recall|happen\s+to\s+know)\s+(?=(?:who|which)\s)",
    regex.IGNORECASE)
"""A question about what the one answering knows, around a question whose word is its subject:
"Do you know who plays drums for them?" asks who plays drums for them."""
_AGAIN = regex.compile(r"\s+again\s*\?\s*$", regex.IGNORECASE)
"""A reminder's "again" ("Who sings it again?") asks nothing more."""
_HEDGE_TAIL = regex.compile(
    r",\s*(?:i\s+(?:believe|think|reckon)|i['\u2019]d\s+(?:say|guess)|i['\u2019]m\s+(?:pretty\s+|fairly\s+)?sure|if\s+i\s+remember\s+(?:rightly|correctly))\W*$",
    regex.IGNORECASE,
)
"""A hedge after a short answer ("1998, I believe.", "Synth-pop, I'd say."): the answer is what it says."""
_INTERJECTION = regex.compile(r"^\s*(?:(?:oh|ah|so|and|but|ok|okay|well|hmm|cool|nice|wow|right)[,!.\s]+)+", regex.IGNORECASE)
"""A word before a question that asks nothing ("Oh, who wrote that one?")."""
_NAMING = regex.compile(r"\b(?:would|do|did)\s+you\s+(?:call|describe|class|classify)\s+(?P<it>[^?]+?)(?:\s+as)?(?=\s*\?)",
                        regex.IGNORECASE)
"""A question of what the reader would call a thing: "What genre would you call it?" asks what it is."""


_DID_IT = regex.compile(r"^(?P<name>(?-i:\p{Lu})[\p{L}'\u2019.-]*+(?:\s++(?-i:\p{Lu})[\p{L}'\u2019.-]*+){0,3})\s++"
                     r"(?P<verb>\p{L}+)\s++(?:it|them)$", regex.IGNORECASE)
"""A name and a verb of the question's (or "made", "did") said of "it": "Tobin Reyes made it"."""


def _asked_of(noun: str, question: str) -> bool:
    """Whether a noun names what the question asks of ("director" of "Who directed ...?"): it
    begins as one of the question's words does (four letters at least)."""
    return any(len(w) >= 4 and noun[:4].lower() == w[:4].lower() for w in regex.findall(r"\p{L}+", question))


def bare_answer(answer: str, question: str) -> str | None:
    """The answer without its closing stop and a trailing auxiliary ("Edison did." -> "Edison"),
    or ``None`` when it makes a statement of its own ("Shakespeare wrote it.", "He did it.")."""
    text = _TRAILING_AUX.sub("", _HEDGE_TAIL.sub("", answer.strip().rstrip(".!").strip()))
    pointed = _THAT_IS.match(text)  # "That's Juno Arcade!" names the answer; "The director is ..." one asked of
    if pointed is not None and (not pointed.group("noun") or _asked_of(pointed.group("noun"), question)):
        text = text[pointed.end() :]
    did = _DID_IT.match(text)  # "Tobin Reyes made it." to "Who directed it?": the name is the answer
    if did is not None and (did.group("verb").lower() in ("made", "did") or _asked_of(did.group("verb"), question)):
        text = did.group("name")
    if not text or len(text.split()) > _MAX_ANSWER_WORDS or _OWN_STATEMENT.search(text) or "?" in text:
        return None
    asked = {w.lower() for w in regex.findall(r"[\p{L}]+", question)}
    if any(w.islower() and w in asked and not _FUNCTION_WORD.match(w) for w in regex.findall(r"[\p{L}]+", text)):
        return None  # it repeats the question's words: a statement, not a bare answer
    first, _, others = text.partition(" ")
    return f"{first.lower()} {others}".strip() if _FUNCTION_WORD.match(first) else text


def _place(wh: str, noun: str) -> str:
    """The preposition before an answer that says when or where ("in 1978", "at noon")."""
    if wh in {"when", "where"}:
        return "in"
    return _PLACE_NOUNS.get(noun.split()[-1].lower(), "") if noun and wh in {"what", "which"} else ""


def _split(wh: str, after: str) -> tuple[str, str]:
    """The words after the question word cut into its noun and the rest, at the first auxiliary
    within the next :data:`_MAX_NOUN_WORDS` + 1 words ("color | is the background"; one more after
    "of": "kind of music | is it"). Without one,
    "which" and "what" take one noun when a verb follows it ("company | makes the watch"), not
    when the word after them is itself the verb ("what | happened to", "what | caused the fire")."""
    words = after.split()
    kind_of = len(words) > 2 and words[1].lower() == "of"  # "kind of music | is it"
    for i, word in enumerate(words[: _MAX_NOUN_WORDS + 1 + kind_of]):
        if _AUX_WORD.match(word):
            return " ".join(words[:i]), " ".join(words[i:])
    verb_first = words[0].lower().endswith("ed") or (len(words) > 1 and _FUNCTION_WORD.match(words[1]))
    if wh in {"which", "what"} and len(words) > 1 and (wh == "which" or not verb_first):
        return words[0], " ".join(words[1:])
    return "", after


def plain_question(question: str | None) -> str:
    """The question a short answer answers: "Who's" as "Who is", "would you call it" as "is it", a
    word before it ("Oh, ..."), a reminder's "again" and a "Do you know ..." around it left out ("Do you know who plays drums for them?" -> "who plays drums for them?")."""
    question = _INTERJECTION.sub("", question or "", count=1)  # "Oh, who wrote that one?"
    question = _NAMING.sub(r"is \g<it>", question)  # "What genre would you call it?" asks what it is
    question = _CONTRACTED.sub(r"\g<wh> is ", _AGAIN.sub("?", question))  # "Who's her husband again?"
    return _ASKS_IF_KNOWN.sub("", question, count=1)


def answer_statement(question: str | None, answer: str) -> str | None:
    """The statement ``answer`` makes as the answer to ``question``, or ``None`` when not a short one.

    Examples:
        >>> answer_statement("Who founded the Marlow Theatre?", "Thomas Crane.")
        'Thomas Crane founded the Marlow Theatre.'
        >>> answer_statement("What color is the background of the flag?", "White.")
        'The background of the flag is White.'
        >>> answer_statement("When did the bridge open?", "1978")
        'The bridge opened in 1978.'
        >>> answer_statement("Where did Tomas Ferrin play before Rivergate?", "Castelo Athletic.")
        'Tomas Ferrin played in Castelo Athletic before Rivergate.'
        >>> answer_statement("When did the bridge open?", "It opened in 1978.") is None
        True
        >>> answer_statement("Where is Anneke Vollmar from?", "Saltmarsh Cove.")
        'Anneke Vollmar is from Saltmarsh Cove.'
        >>> answer_statement("What year did it come out?", "1998, I believe.")
        'It came out in 1998.'
        >>> answer_statement("Who sings Paper Satellites?", "That's Juno Arcade!")
        'Juno Arcade sings Paper Satellites.'
        >>> answer_statement("Which city are the Dunmore Harriers in?", "Greyhaven.")
        'The Dunmore Harriers are in Greyhaven.'
        >>> answer_statement("Who's her husband again?", "Teodor Willems.")
        'Her husband is Teodor Willems.'
        >>> answer_statement("Do you know who plays drums for them?", "That's Lev Tarrant.")
        'Lev Tarrant plays drums for them.'
        >>> answer_statement("Oh, who's it by again?", "George Orwell.")
        'It is by George Orwell.'
    """
    if _CHOICE.match(question or ""):
        return choice_statement(question, answer)
    question = plain_question(question)
    match = WH_QUESTION.match(question)
    bare = bare_answer(answer, question)
    if match is None or bare is None or "\n" in match.group("after") or "," in bare:
        return None
    wh = " ".join(match.group("wh").lower().split())
    # the answer after the preposition: "Where is she from?", "Which city are they in?", "Who is it by?"
    origin = wh in {"where", "which", "what", "who", "whom"} and _ENDS_WITH_PREPOSITION.search(match.group("after")) is not None
    if _ENDS_WITH_PREPOSITION.search(match.group("after")) and not origin:
        return None  # "Who is the bridge named after?": the answer's place is after the preposition
    if regex.match(r"(?:happen|happened|happens|go|goes|went|occur|occurred|occurs)\b", match.group("after"), regex.IGNORECASE):
        return None  # "What happened to X?": the answer tells an event of its own
    noun, rest = _split(wh, match.group("after"))
    aux = _LEADING_AUX.match(rest)
    simple_wh = wh in {"who", "what", "which", "whom"}
    if origin:
        proposition = polar_proposition(f"{rest}?") if aux is not None else None
        return None if proposition is None else _sentence(f"{proposition} {bare}")
    if aux is None:
        if not simple_wh:
            return None
        statement = f"{bare} {rest}"  # the question word is the subject: "Who founded X?"
    elif simple_wh and aux.group("aux").lower() in _BE:
        statement = f"{aux.group('tail')} {aux.group('aux')} {bare}"  # "What color is X?" -> "X is A"
    else:
        proposition = polar_proposition(f"{rest}?")
        if proposition is None:
            return None
        counted = f" {noun}" if wh.startswith("how") and noun else ""
        place = "" if _PREPOSITION.match(bare) else _place(wh, noun)
        later = _TIME_ADJUNCT.match(proposition) if wh in {"when", "where"} else None  # "... before Rivergate"
        head, tail = (later.group("head"), later.group("tail")) if later is not None else (proposition, "")
        statement = " ".join(part for part in (head, place, bare + counted, tail) if part)
    return _sentence(statement)


_CHOICE = regex.compile(
    r"^\s*(?:which|who)(?:\s+(?:one|of\s+(?:the|them|these)(?:\s+two)?))?\s+(?P<aux>is|was|are|were)\s+"
    r"(?P<compared>(?:more|less)\s+\p{L}+|\p{L}+er)\s*,?\s+(?P<a>[^?,]+?)\s+or\s+(?P<b>[^?,]+?)\s*\?\s*$",
    regex.IGNORECASE)
"""A question that asks to choose one of two by a comparison: "Which is older, the lighthouse or the
glass museum?"."""
_CHOICE_TAIL = regex.compile(r"\s*[,\u2014\u2013-]\s*(?:easily|by\s+(?:a\s+long\s+way|far|a\s+mile|miles)|for\s+sure"
                             r"|definitely|no\s+contest|no\s+question)\s*[.!]*\s*$", regex.IGNORECASE)


def choice_statement(question: str | None, answer: str) -> str | None:
    """The comparison a short answer to a choice question states: "The lighthouse, by a long way." to
    "Which is older, the lighthouse or the glass museum in Port Selwyn?" says "The lighthouse is
    older than the glass museum in Port Selwyn." (read alone, the verifier doubted it: 0.08).

    Example:
        >>> choice_statement("Which is older, the lighthouse or the museum?", "The lighthouse, easily.")
        'The lighthouse is older than the museum.'
        >>> choice_statement("Which is older, the lighthouse or the museum?", "Both are old.") is None
        True
    """
    found = _CHOICE.match(question or "")
    if found is None:
        return None
    chosen = _CHOICE_TAIL.sub("", answer.strip()).strip().rstrip(".!").strip()
    words = {w.lower() for w in regex.findall(r"\p{L}+", chosen)} - {"the", "a", "an", "one"}
    options = [found.group("a"), found.group("b")]
    held = [{w.lower() for w in regex.findall(r"\p{L}+", o)} for o in options]
    fits = [i for i in (0, 1) if words and words <= held[i] and not words <= held[1 - i]]
    if len(fits) != 1 or len(chosen.split()) > _MAX_ANSWER_WORDS:
        return None
    other = options[1 - fits[0]]
    return _sentence(f"{options[fits[0]]} {found.group('aux').lower()} {found.group('compared')} than {other}")


def _sentence(statement: str) -> str:
    statement = " ".join(statement.split())
    return statement[0].upper() + statement[1:] + "."
