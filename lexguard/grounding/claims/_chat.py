"""What a chat answer says to its reader or of its speaker: "Have you seen it?", "I haven't read it myself".

**Questions to the reader** ("Have you seen it?", "Which one do you prefer?", "What's your favourite?").

A chat answer often closes with a question back to the user; it states nothing, and reading it
as a fact refused correct answers ("He also directed Avatar. Have you seen it?" scored 0.01 for
the question). A question that carries a fact is not one: "Did you know he won three Oscars?",
"Have you seen his 2015 film?", "Do you think it was built by aliens?", "Have you tried their
famous lobster?" say or suppose something the sources must hold, so they stay facts. A question
to the reader here is a sentence that ends in "?", addressed to the reader ("have you", "do you",
"what do you ...", "what's your ...", "how about you"), holding no number, name, quotation or
clause of its own ("that", "which", "because", a comma), no verb that carries a statement ("know",
"think", "believe" before one), and at most :data:`MOST_OBJECT_WORDS` other words, each a thing
(a noun with no adjective reading); verbs the reader would do ("walked", "booked") and words of the
conversation itself ("seen", "favourite") are free.

**Remarks about the speaker** ("I haven't read it myself though.", "It's one of my favourite books!",
"I love that film!", "Glad you enjoyed it!", and praise with no verb: "Great band.", "Such a good track!"): what the speaker says of its own reading or taste states nothing of the
sources' world, and refusing it refused correct chat replies. :func:`is_speaker_remark` reads a
sentence that opens with the speaker's frame ("I haven't ...", "I love ...", "it's one of my
favourite ...") and holds no name, number, quotation or clause, with the same few things as a
question ("that film", "books"): "I loved the Louvre in Rome" and "I haven't read it, but it won
the Booker" state facts and are checked.
"""

from __future__ import annotations

import regex

from lexguard.grounding.claims._judgements import JUDGEMENTS
from lexguard.grounding.signals._words import word_kinds

__all__ = [
    "FEELING_WORDS", "LIKING_WORDS", "MOST_OBJECT_WORDS", "PRAISE_WORDS", "STATEMENT_VERB",
    "is_praise", "is_question_to_reader", "is_reaction", "is_speaker_remark",
]

MOST_OBJECT_WORDS = 2
"""Most words naming what the question is about ("a favourite *song* of hers")."""
_LONGEST = 120
"""Longest sentence read as a question to the reader, in characters."""

_OPENING = r"(?:(?:and|so|but|also|now|oh|ah|well|anyway|yes|yeah|yep|ooh)[,!\s]+){0,2}"
_FRAME = regex.compile(
    r"^\W*" + _OPENING + r"(?:"
    r"(?:have|do|did|would|could|can|will|are|were|should)\s+you\b"
    r"|(?:what|which|who|how|where|when)\b(?:\s+\w+){0,3}?\s+(?:do|did|would|could|can|will|are|were|have|should)\s+you\b"
    r"|(?:what|which|who)(?:\s+\w+){0,3}?(?:'s|\u2019s|\s+is|\s+are|\s+was|\s+were)\s+your\b"
    r"|(?:how|what)\s+about\s+you\b"
    r"|how\s+old\s+(?:is|was|are|were)\s+(?:he|she|they)\W*$"  # of someone the reader spoke of
    r"|(?:don't|don\u2019t|didn't|didn\u2019t|wouldn't|wouldn\u2019t|aren't|aren\u2019t)\s+you\b"
    r"|(?:is|was|are|were|do|does|did|has|have|had|would|could|can|will)(?:n't|n\u2019t|\s+not)\s+"
    r"(?:it|they|he|she|that|there|we|those|these)\W*$"  # a tag: "Wasn't it?"
    r"|right\W*$"
    r"|(?:is\s+there\s+)?any(?:thing)?\s+(?:else|other|more)\b"
    r")",
    regex.IGNORECASE,
)
_TAIL = regex.compile(r",\s*+(?:by\s+the\s+way|too|then|though|anyway|by\s+any\s+chance|(?:have|did|do|are|were)\s+you)\s*+(?=\W*$)",
                     regex.IGNORECASE)
"""A closing aside that adds nothing ("Have you seen it, by the way?", "I haven't heard it yet, have you?")."""
STATEMENT_VERB = regex.compile(
    r"\b(?:know|knew|reali[sz]e|aware|hear|heard|notice|noticed|remember|think|thought|believe|agree|feel|suppose|guess"
    r"|expect|mean|imagine|say|said|hope)\s+(?:that\b|(?:he|she|it|"
    r"it's|they|there|the|his|her|its|their|this|these|those|we|i|a|an)\b"
    r"(?=\s*+(?!(?:yet|though|too|either|before|already|myself|lately|recently)\b)[\p{L}'\u2019]))",
    regex.IGNORECASE,
)
"""A verb with a statement of its own after it: "Did you know *that he won*", "Do you think *it was
built by aliens*"; not "Have you heard it?" (nothing after the pronoun)."""
_CLAUSE = regex.compile(
    r"[\d,;:()\[\]\"\u201c\u201d]|\bthat\b(?!\W*$|['\u2019]s\b|\s++(?:kind|sort|type|one|ones|stuff|style|genre|sound|vibe)\b)"
    r"|\b(?:which|who|whose|whom|because|since|although|when|where|if|while)\b(?!\W*$)",
    regex.IGNORECASE,
)
_WORD = regex.compile(r"[\p{L}][\p{L}'\u2019-]*")

_FUNCTION = frozenset(
    "a an the you your yours yourself i me my we us our it its them they their theirs him his her hers one ones "
    "this that these those any anything something everything else more other another of about to for with in on at "
    "from by into too ever yet already also there here so then now very really much many some kind sort type bit "
    "before recently lately often again today tonight soon rather "
    "do did does would could can will are were is was have has had should be been being what which who how "
    "where when or and not".split()
)
"""Words a question to the reader may hold besides what it is about."""
_ASKED_FREE = frozenset({"long", "live", "properly"})
"""Words of how the reader did something ("followed her career *for long*", "seen her play *live*"),
free in a question to the reader only (in a remark "it was a little long" judges the thing)."""
_CONVERSATION = frozenset(
    "see seen saw watch watched read listen listened hear like liked love loved enjoy enjoyed prefer want wanted "
    "try tried visit visited go gone went play played know learn recommend recommendation recommendations need "
    "think favourite favorite fan fans interested curious question questions help idea ideas opinion thoughts "
    "plans plan planning experience chance heard similar next first last agree disagree start begin".split()
)
"""Words of the conversation itself, not of what the sources say ("have you *seen* it", "your *favourite*")."""


def is_question_to_reader(text: str, heard: frozenset[str] = frozenset()) -> bool:
    """Whether ``text`` (one sentence) is only a question to the reader, with no fact in it.

    A name is read as a fact the sources must hold ("Have you seen Avatar?" supposes it), unless
    it is one of ``heard`` (the names of the chat so far and of the sources) in a question that
    relates it to nothing ("Are you a Comets fan yourself?"; not "Have you seen his film Avatar?").

    Example:
        >>> is_question_to_reader("Have you seen it?")
        True
        >>> is_question_to_reader("Do you have a favourite song of hers?")
        True
        >>> is_question_to_reader("Did you know he won three Oscars?")
        False
        >>> is_question_to_reader("Have you seen Avatar, which won three Oscars?")
        False
        >>> is_question_to_reader("Are you a Comets fan?"), is_question_to_reader("Are you a Comets fan?", frozenset({"Comets"}))
        (False, True)
    """
    text = _TAIL.sub("", text.strip())
    if len(text) > _LONGEST or not text.rstrip("\"')\u2019\u201d ").endswith("?") or text.count("?") > 1:
        return False
    frame = _FRAME.match(text)
    if frame is None:
        return _asks_the_reader(text)
    if _CLAUSE.search(text, frame.end()) or STATEMENT_VERB.search(text):
        return False
    objects = []
    words = [match.group() for match in _WORD.finditer(text, frame.end())]
    for n, word in enumerate(words):
        lower = word.lower().replace("\u2019", "'")
        if word[0].isupper() and lower != "i":
            if (word in heard or word.removesuffix("s") in heard) and _RELATES.search(text, frame.end()) is None:
                continue  # a name the chat or the sources gave, asked of the reader alone
            if n + 1 < len(words) and words[n + 1][0].islower() and _people_word(word):
                continue  # "Do you follow Polish football?": a kind of thing, of the reader's taste
            return False  # a name: "Have you seen Avatar?" supposes what the sources say of it
        if lower in _FUNCTION or lower in _CONVERSATION or lower in _ASKED_FREE or _how_the_reader_does(lower):
            continue
        after = words[n + 1].lower() if n + 1 < len(words) else ""
        if _does(lower) and not (after not in _FUNCTION and _names_a_thing(after)):
            continue  # "have you walked it", not "the restored chapel" (which says it was restored)
        objects.append(lower)
    if _DEFINITE.search(text, frame.end()) is None:  # "Do you like a twisty plot?": of no thing the sources name
        return (len(objects) <= MOST_OBJECT_WORDS + 1 and not any("NUM" in word_kinds(word) for word in objects)
                or _asks_the_reader(text))
    return len(objects) <= MOST_OBJECT_WORDS and all(_names_a_thing(word) for word in objects)


def _how_the_reader_does(word: str) -> bool:
    """Whether a word only says how the reader does something: an adverb and nothing else ("Do you
    follow the Coastal League *closely*?"); not "only" or "early", which can describe a thing."""
    kinds = word_kinds(word)
    return word.endswith("ly") and "ADV" in kinds and not kinds & {"ADJ", "NOUN", "VERB"}


def _people_word(word: str) -> bool:
    """Whether ``word`` names a people or its country's things ("Polish", "French")."""
    from lexguard.grounding.signals._demonyms import places_of

    return bool(places_of(word))


_RELATES = regex.compile(r"\b(?:his|her|its|their|whose|by|from|with|starring|as)\b", regex.IGNORECASE)
"""A word that relates a name to another thing ("his film Avatar", "Avatar by Cameron")."""
_READER = regex.compile(r"\b(?:you|your|yours|yourself)\b", regex.IGNORECASE)
_OFFER = regex.compile(r"^\W*(?:want|need|fancy|any|anything)\b", regex.IGNORECASE)
_MOST_ASKED_WORDS = 12


def _asks_the_reader(text: str) -> bool:
    """A question in another shape that asks the reader of their own taste or plans ("What part
    stuck with you most?", "Do you usually like stories set at sea?", "Want a backup pick too?",
    "Any dietary restrictions I should keep in mind?"): addressed to the reader or offering, at
    most :data:`_MOST_ASKED_WORDS` words, and holding no name, number, quotation, clause, verb of
    a statement, nor a word that points at a thing the sources may name ("the new wing")."""
    words = _WORD.findall(text)
    if not (_READER.search(text) or _OFFER.match(text)) or len(words) > _MOST_ASKED_WORDS:
        return False
    if any(w[0].isupper() and w.lower() != "i" for w in words[1:]) or _CLAUSE.search(text) or STATEMENT_VERB.search(text):
        return False
    return _DEFINITE.search(text) is None


_DEFINITE = regex.compile(r"\b(?:the|their|his|her|its|(?:this|these|those)(?!\W*$)|that(?!\s+kind|\s+sort|\W*$))\b",
                          regex.IGNORECASE)
"""A word that points at a thing the sources may name ("their famous lobster"): a question
without one asks about the reader's taste in general ("Do you listen to much folk?") and may
describe it ("a twisty plot", "something lighter"); a demonstrative closing the question points at
the talk itself ("Want more picks after that?")."""


def _names_a_thing(word: str) -> bool:
    """Whether a lower-case word names a thing and describes nothing itself: a noun with no
    adjective, number or auxiliary reading ("song", "films"; not "famous", "vegan")."""
    kinds = word_kinds(word)
    return "NOUN" in kinds and not kinds & {"ADJ", "AUX", "NUM"}


_SPEAKER = regex.compile(
    r"^\W*" + _OPENING + r"(?:"
    r"i\s+(?:have\s+|'ve\s+|\u2019ve\s+|had\s+)?(?:not\s+|never\s+|n't\s+)?(?:also\s+|really\s+|just\s+|actually\s+|personally\s+)?"
    r"(?:read|seen|watched|heard\s+of|listened\s+to|tried|played|enjoyed|liked|loved|love|like|enjoy|adore|prefer)\b"
    r"|i\s+(?:haven't|haven\u2019t|havent|have\s+not|didn't|didn\u2019t|did\s+not|don't|don\u2019t|do\s+not)\s+"
    r"(?:read|seen|watched|heard|listened|tried|played|been|know)\b"
    r"|(?:it(?:'s|\u2019s|\s+is|\s+was)|that(?:'s|\u2019s|\s+is))\s+(?:one\s+of\s+)?my\s+(?:all[- ]time\s+)?(?:favou?rites?|favou?rite\s+\p{L}+)\b"
    r"|(?:i(?:'m|\u2019m|\s+am)\s+|so\s+)?(?:glad|happy|pleased)\s+(?:that\s+)?you\b"  # "Glad you enjoyed it!"
    r")",
    regex.IGNORECASE,
)
"""The frames of a remark about the speaker's own reading or taste."""
_THAT_THING = regex.compile(
    r"\b(?:that|this)\s+(?=(?:movie|film|book|novel|song|album|show|series|one|band|game|place)\b)", regex.IGNORECASE)
_SPEAKER_WORDS = frozenset("myself though either too yet really much so that those movie film book song album show one ones "
                           "good great nice lovely fun".split())
_PRAISE = regex.compile(
    r"^\W*" + _OPENING + r"(?:(?:what|such)\s+an?\s+)?(?:(?:really|so|very|truly|pretty)\s+)?"
    r"(?:great|good|nice|lovely|fun|cool|amazing|fantastic|brilliant|beautiful|wonderful|excellent|awesome|gorgeous"
    r"|superb|catchy|classic)\s+(?P<thing>(?-i:\p{Ll}+)(?:\s+(?-i:\p{Ll}+))?)\W*$",
    regex.IGNORECASE,
)
"""Praise with no verb: "Great band.", "Such a good track!", "Good choice!"."""


_PERSON = regex.compile(r"\b(?:i|me|my|mine|myself|you|your|yours|we|us|our)\b|\bi(?:'|\u2019)", regex.IGNORECASE)
_PART = regex.compile(r",\s*+(?:but|and|so)?\s*+|\s+(?:but|and)\s+", regex.IGNORECASE)
FEELING_WORDS = frozenset(
    "adore adored adores laugh laughed laughing cry cried crying hate hated hates enjoying watching listening reading "
    "rewatch rewatched rewatching repeat thing things taste style cup tea mine miss missed made make makes kept keep "
    "keeps lot lots bit little maybe probably definitely totally always still glad happy sad excited obsessed hooked "
    "smile smiled smiling scared chills goosebumps bored cheer cheered cheering fun hold holds up yes yeah yep wow "
    "moving calming soothing absorbing relaxing touching uplifting heartwarming gripping "
    "niece nephew son daughter kids children wife husband partner mum mom dad friend friends sister brother family".split()
)
"""Words of a reaction of the speaker's or the reader's own ("It made me laugh a lot", "Not my thing",
"It's really moving, I cried a bit", "My niece loved it!")."""
LIKING_WORDS = frozenset("love loved like liked enjoy enjoyed".split())
_SHORT_REACTION = 5
"""Most words of a reaction that names neither the speaker nor the reader ("Still holds up though!")."""


def is_reaction(text: str) -> bool:
    """Whether ``text`` only says how the speaker or the reader feels (:func:`_feels`), with no
    praise of a thing it names ("great music" of a list is what customers praised, a fact)."""
    return _feels(_TAIL.sub("", text.strip()))


def _feels(text: str) -> bool:
    """Whether ``text`` only says how the speaker or the reader feels about it: a word of either
    person ("I adored it.", "Made me laugh a lot.", "Not my thing, but maybe you'll like it!"), no
    name, no number, no clause that states something, and nothing but words of feeling,
    conversation and function in each of its parts."""
    words = [w.lower() for w in _WORD.findall(text)]  # "Love them!", "They're fun!", "Still holds up though!"
    short = len(words) <= _SHORT_REACTION and any(w in FEELING_WORDS or w in LIKING_WORDS for w in words)  # not "She has."
    if len(text) > _LONGEST or (_PERSON.search(text) is None and not short) or any(ch.isdigit() for ch in text):
        return False
    if regex.search(r"(?<=[\p{L}\s,;:'\u2019-])(?!I\b)\p{Lu}", text[1:]) or STATEMENT_VERB.search(text):
        return False
    for part in _PART.split(text):
        if _CLAUSE.search(part.strip(" ,")):
            return False
        for word in (match.group() for match in _WORD.finditer(part)):
            lower = word.lower().replace("\u2019", "'").split("'")[0]
            if not (lower in _FUNCTION or lower in _CONVERSATION or lower in _SPEAKER_WORDS or lower in FEELING_WORDS
                    or lower in {"i", "me", "my", "not", "no", "he", "she", "they", "him", "them"} or lower.endswith("ly")):
                return False
    return True


def is_speaker_remark(text: str) -> bool:
    """Whether ``text`` (one sentence) only says what the speaker has read, seen or likes.

    Example:
        >>> is_speaker_remark("I haven't read it myself though.")
        True
        >>> is_speaker_remark("It's one of my favourite books!")
        True
        >>> is_speaker_remark("I loved the Louvre in Rome.")
        False
        >>> is_speaker_remark("I haven't read it, but it won the Booker Prize.")
        False
        >>> is_speaker_remark("Glad you had a good night!"), is_speaker_remark("Such a good track.")
        (True, True)
        >>> is_speaker_remark("Made me laugh a lot."), is_speaker_remark("Not my thing, but maybe you'll like it!")
        (True, True)
        >>> is_speaker_remark("I heard it won three awards."), is_speaker_remark("You can see it at the Odeon.")
        (False, False)
        >>> is_speaker_remark("Love them!"), is_speaker_remark("They won it twice!"), is_speaker_remark("She has.")
        (True, False, False)
    """
    text = _THAT_THING.sub("the ", _TAIL.sub("", text.strip()))  # "I love that movie": no clause
    if _feels(text):
        return True
    praise = _PRAISE.match(text)
    if praise is not None:  # "Great band.": the speaker's taste, if it praises only a thing
        return all(_names_a_thing(word) for word in praise.group("thing").split())
    frame = _SPEAKER.match(text)
    if frame is None or len(text) > _LONGEST or _CLAUSE.search(text, frame.end()) or STATEMENT_VERB.search(text):
        return False
    objects = []
    for word in (match.group() for match in _WORD.finditer(text, frame.end())):
        lower = word.lower().replace("\u2019", "'")
        if word[0].isupper() and lower != "i":
            return False
        if lower not in _FUNCTION and lower not in _CONVERSATION and lower not in _SPEAKER_WORDS:
            objects.append(lower)
    return len(objects) <= MOST_OBJECT_WORDS and all(_names_a_thing(word) for word in objects)


def _does(word: str) -> bool:
    """Whether a lower-case word is only something the reader does ("walked", "cook", "booked"):
    a verb with no noun or adjective reading, which states nothing of the sources' world."""
    kinds = word_kinds(word)
    return "VERB" in kinds and not kinds & {"NOUN", "ADJ", "NUM"}


_PRAISED = regex.compile(
    r"^\W*" + _OPENING + r"(?:it|she|he|they|that|this)(?:['\u2019]s|['\u2019]re|\s+(?:is|are|was|were))\s+"
    r"(?P<rest>[^.!?]*)[.!?\s]*$",
    regex.IGNORECASE,
)
PRAISE_WORDS = frozenset(
    "classic iconic distinctive dazzling witty unforgettable lovable magical magic memorable timeless inspiring "
    "phenomenal spectacular exceptional remarkable extraordinary enchanting delightful captivating enjoyable "
    "entertaining mesmerizing mesmerising unmissable powerful great good nice fun sweet cool warm gem treat joy "
    "masterpiece".split()
)
"""Words a chat reply praises a thing with beyond :data:`~lexguard.grounding.claims._judgements.JUDGEMENTS`
("it's a *classic*", "a *powerful* read"): read so in chat replies only, where the judgement is the
speaker's; in a review's summary "exceptional service" is what customers said, a fact to check."""
_PRAISED_THING = frozenset(
    "read reads film movie book novel pick choice watch listen album record song track story show series one ones "
    "place start option".split()
)
_PRAISE_FUNCTION = frozenset("a an such so just really truly absolutely pure quite very pretty another of hers his "
                             "theirs its and to too also".split())


def is_praise(text: str) -> bool:
    """Whether a chat reply's sentence only praises what it points at: "It's a classic.", "It's a
    powerful read!", "it's another witty one of hers" (no name, number or clause; a word of praise,
    :data:`PRAISE_WORDS` or a judgement, and a thing it is, at most).

    Example:
        >>> is_praise("It's a powerful read!"), is_praise("It's a short novel."), is_praise("It's a Pixar film.")
        (True, False, False)
    """
    found = _PRAISED.match(text.strip())
    if found is None or any(ch.isdigit() for ch in text) or _CLAUSE.search(found.group("rest")):
        return False
    words = [w.lower() for w in _WORD.findall(found.group("rest"))]
    if any(w[0].isupper() for w in _WORD.findall(found.group("rest"))):
        return False
    praised = [w for w in words if w in PRAISE_WORDS or w in JUDGEMENTS]
    return bool(praised) and all(w in PRAISE_WORDS or w in JUDGEMENTS or w in _PRAISED_THING
                                 or w in _PRAISE_FUNCTION for w in words)
