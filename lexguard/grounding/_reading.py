"""What the support models read of each claim: its text, and whether it is scored as a fact."""

from __future__ import annotations

from collections.abc import Sequence

import regex

from lexguard._models import Claim
from lexguard.grounding.claims._antecedents import Meant, people_meant
from lexguard.grounding.claims._dialogue import things_meant
from lexguard.grounding.claims._judged_facts import without_judgement
from lexguard.grounding._refusal import refuted_refusals
from lexguard.grounding.claims._worthiness import plain_text
from lexguard.grounding.evidence._index import SourceIndex
from lexguard.grounding.signals._entities import entities
from lexguard.grounding.signals._lexical import content_words, strip_markdown
from lexguard.grounding.verify._features import ClaimEvidence
from lexguard.grounding.signals._rewrite import as_sources_write, read_urls

__all__ = ["BUDGET_REASON", "UNREADABLE_REASON", "model_texts", "not_scored", "unreadable_claims", "verifier_texts",
           "with_names"]

BUDGET_REASON = "the time budget was spent before it was read"
UNREADABLE_REASON = "a word of it is outside the verifier's vocabulary and in no source, so no model read it"


def model_texts(
    claims: list[Claim], index: SourceIndex, turns: Sequence[str] = (), *, chat: bool = False
) -> tuple[list[str], list[str], list[Meant | None]]:
    """The text of each claim as the features read it (``plain``) and as the models read it.

    Citation markers ("[1]", "[source-0]") are references, not values: they are blanked out
    (same length, so mention spans still index the claim). Look-alike letters are read as their
    Latin twins (one for one). Pictographs ("The tower \U0001F47D was built by aliens") are read
    as spaces: the verifier's vocabulary has no word for them, and an unknown token swayed it to
    "supported". "Yes," / "No," before a statement answer the question: the statement is the
    claim. For the models, values the rules matched to the sources are then written as the
    sources write them ("27/05/1937" as "27 May 1937", "0.33 km" as "330 metres"), markdown is
    stripped and the words of a URL are read. Who a claim's "he" or "she" is (and what its "it" is), when an earlier
    claim or turn names the person, is found for the rules
    (:func:`~lexguard.grounding.claims._antecedents.people_meant`).

    Args:
        claims: The answer's claims.
        index: The sources' chunk index.
        turns: What came before the answer, nearest last (a chat's turns, or the question).
        chat: Whether the answer is a chat reply (its "it" may be what the claim before names).

    Returns:
        ``(plain, claim_texts, people)``, one each per claim (``people``: who its "he" or "she"
        is and what its "it" is, ``None`` where nothing is resolved).
    """
    plain = [plain_text(c.text) for c in claims]
    def named(name: str) -> bool:
        return any(index.profile.has_entity(e.key, e.text) for e in entities(name))

    people = people_meant(plain, turns, named)
    things = things_meant(plain, turns, named, people, chat=chat)
    meant = [Meant(p, t) if p or t else None for p, t in zip(people, things, strict=True)]
    claim_texts = [read_urls(as_sources_write(strip_markdown(t) or t, index)) for t in plain]
    return plain, claim_texts, meant


def not_scored(
    claims: list[Claim], claim_texts: list[str], unembedded: list[int], index: SourceIndex, question: str | None
) -> tuple[dict[int, str], dict[int, str]]:
    """The claims not scored as facts, with the reason, and the refusals the sources refute.

    Skipped, in this order: claims already marked not checked (fillers and meta statements among
    them: :mod:`~lexguard.grounding.claims._worthiness`), claims the time budget left unread. A refusal ("the context does not say X") is a claim about the
    sources: it is refuted (unsupported) when they do give what it says is missing, and is then
    no longer skipped (unless unread).

    Returns:
        ``(skipped, refuted)``: claim index -> reason, and claim index -> the refuting passage.
    """
    skipped = {c.index: c.reason or "not checked" for c in claims if c.status == "not_checked"}
    skipped |= {claims[i].index: BUDGET_REASON for i in unembedded if claims[i].index not in skipped}
    refuted = {i: ev for i, ev in refuted_refusals(claims, claim_texts, index, question).items()
               if skipped.get(i) != BUDGET_REASON}
    return {i: why for i, why in skipped.items() if i not in refuted}, refuted


def unreadable_claims(verifier: object, claim_texts: list[str], index: SourceIndex, skip: list[bool]) -> dict[int, str]:
    """The claims holding a word the verifier cannot read (:meth:`ClaimVerifier.unreadable`) that
    no source holds either, by position, with :data:`UNREADABLE_REASON`: not checked, never
    accepted. The verifier reads such a word as an unknown token that means nothing, so "The ferry
    left at 9 am. qqqq...(300 letters)" read as the true first sentence alone (0.97 supported).
    Claims marked in ``skip`` (already failed or not facts) are left alone.
    """
    unreadable = getattr(verifier, "unreadable", None)
    if not callable(unreadable):
        return {}
    words = {i: found for i, text in enumerate(claim_texts) if not (i < len(skip) and skip[i]) and (found := unreadable(text))}
    if not words:
        return {}
    sources = " ".join(s.content for s in index.sources).lower()  # read only when a word is unreadable
    return {i: UNREADABLE_REASON for i, found in words.items() if any(word not in sources for word in found)}


def verifier_texts(claim_texts: list[str], evidence: list[ClaimEvidence]) -> list[str]:
    """The text the verifier reads for each claim: the claim, or the source sentence that states it
    with a negated opposite (``ClaimEvidence.restated``: "not open on Mondays" for "closed on
    Mondays"; the verifier reads such a pair as a contradiction), when that sentence holds every
    content word of the claim but the one opposite ("The city art museum is closed ..." keeps its
    own text beside "The city museum is not open ...": "art" would go unread).
    """
    out = []
    for text, ev in zip(claim_texts, evidence, strict=True):
        restated = ev.restated
        missing = set(content_words(text)) - set(content_words(restated)) if restated else set()
        out.append(restated if restated and len(missing) <= 1 else text)
    return out


_OPENING_PRONOUN = regex.compile(
    r"^(?P<lead>\W*(?:(?:yes|yeah|yep|no|nope|oh|and|so|well)\b[\s,!]*)*)"
    r"(?P<pronoun>it|he|she|they)(?P<verb>['\u2019](?:s|re)\b|\s+(?=\p{L}))",
    regex.IGNORECASE,
)
_CLOSING_IT = regex.compile(r"(?<=^(?-i:\p{Lu})[^,;:!?]{0,60}?\b\p{L}+ed\s++)it(?=\s*+[.!]*\s*+$)", regex.IGNORECASE)
"""A closing "it" after a verb, what a short reply names its subject's deed of: "Harbor Lights directed *it*."."""
_HAS_BEFORE = frozenset("won got made done been had gone given taken seen written".split())
"""Participles after which "'s" is "has" ("He's won MVP"), as after one in "-ed" that is not a state."""
_STATES = frozenset("based located known called named set married situated listed signed considered rated ranked "
                    "retired related tied scheduled".split())
"""Participles after which "'s" is "is" ("She's based in Leeds")."""


def with_names(claim_texts: list[str], meant: Sequence[Meant | None], *, chat: bool = False) -> list[str]:
    """The text the verifier reads for each claim, its opening "it", "he", "she" or "they" written
    as what it stands for (:func:`model_texts`): "Yep, he's a member." after "Is Corin Vey still
    with Lowtide Choir?" is read "Yep, Corin Vey is a member." The verifier, given the pronoun,
    doubted short correct chat replies ("It's dream pop", "She stars in it": 0.38); the rules that
    read a wrong relation between the two names (:mod:`~lexguard.grounding.signals._pairs`) read
    the same names. Only the claim's opening pronoun, and a closing "it" after a verb ("Harbor Lights
    directed it."), are written; the claim itself is unchanged.
    A chat reply (``chat``) is read without the speaker's judgement of what it states ("a great
    album" as "an album", :func:`~lexguard.grounding.claims._judged_facts.without_judgement`).

    Example:
        >>> with_names(["It's dream pop.", "He's won MVP!"], [Meant(thing="Hush Lighthouses"), Meant(person="Ivo Renke")])
        ['Hush Lighthouses is dream pop.', 'Ivo Renke has won MVP!']
    """
    out = []
    read = [without_judgement(t) for t in claim_texts] if chat else claim_texts
    for text, m in zip(read, list(meant) or [None] * len(claim_texts), strict=True):
        if m is not None and m.thing and (closing := _CLOSING_IT.search(text)) is not None:
            text = f"{text[: closing.start()]}{m.thing}{text[closing.end() :]}"  # "Harbor Lights directed *it*."
        found = _OPENING_PRONOUN.match(text) if m is not None else None
        name = None if found is None or m is None else (
            m.person if found.group("pronoun").lower() in ("he", "she") else m.thing)
        if found is None or not name:
            out.append(text)
            continue
        verb = found.group("verb")
        if verb.strip() in ("'s", "\u2019s"):
            after = text[found.end() :].lstrip().split(" ", 1)[0].lower()
            verb = " has" if after not in _STATES and (after.endswith("ed") or after in _HAS_BEFORE) else " is"
        elif verb.strip() in ("'re", "\u2019re"):
            verb = " are"
        out.append(found.group("lead") + name + verb + text[found.end() :])
    return out
