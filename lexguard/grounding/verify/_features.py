"""Claim-level support features: what the scorer finds out about one claim against its chunks.

The support model over these features is in :mod:`lexguard.grounding.verify._support_model`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import regex

from lexguard.grounding.claims._antecedents import Meant
from lexguard.grounding.evidence._index import SourceIndex
from lexguard.grounding.signals._binding import Misplaced
from lexguard.grounding.signals._absent import denied_presence
from lexguard.grounding.signals._excluded import excluded_thing, withheld_thing
from lexguard.grounding.signals._not_accepted import refused_channel, refused_option
from lexguard.grounding.signals._free import charged_for
from lexguard.grounding.signals._record_checks import read_record
from lexguard.grounding.signals._listed import added_items
from lexguard.grounding.signals._borrowed_parts import borrowed_part
from lexguard.grounding.signals._values import add_misplaced, number_evidence, statement_conflicts
from lexguard.grounding.signals._words import norm
from lexguard.grounding.signals._calendar_given import day_given, month_given
from lexguard.grounding.signals._dates import is_calendar_key
from lexguard.grounding.signals._entities import entities, rival_acronyms
from lexguard.grounding.signals._beyond_sources import said_beyond
from lexguard.grounding.signals._lexical import (
    LexicalProfile,
    Mention,
    content_words,
    has_negation,
    numbers,
    quotes,
    strip_markdown,
)

__all__ = ["FEATURE_NAMES", "ClaimEvidence", "claim_features"]

FEATURE_NAMES: tuple[str, ...] = (
    "sim_top1",
    "sim_mean_topk",
    "sim_margin",
    "word_cov_all",
    "word_cov_best",
    "bigram_cov_all",
    "n_words_log",
    "has_number",
    "unknown_numbers",
    "contradicted_numbers",
    "has_entity",
    "unknown_entity_frac",
    "unknown_quotes",
    "negation_mismatch",
    "position",
    "novel_words",
    "structured_source",
    "negative_attribute",
)


@dataclass
class ClaimEvidence:
    """Everything the scorer found out about one claim.

    Attributes:
        features: Feature vector in :data:`FEATURE_NAMES` order.
        best_chunks: Indices of the best chunks (by similarity), best first.
        best_scores: Their cosine similarities.
        unknown_numbers: Numbers of the claim found in no source (spans relative to the claim).
        contradicted_numbers: Unknown numbers while the best chunk holds other numbers.
        unknown_entities: Names of the claim found in no source (the question is not evidence).
        unknown_quotes: Quoted strings found in no source.
        exact: Whether the claim text is a whole source sentence verbatim (not a clause inside
            one: "No one claims the tower was built by aliens" does not state "the tower was
            built by aliens").
        conflict: A source sentence that says otherwise (negation, antonym, misplaced value, order).
        misplaced: Values the sources give, but not where they state the rest of the claim.
        overstated: A source sentence stating the claim with a hedge or weaker quantifier.
        derived: Whether a number of the claim is in no source but was worked out from them:
            from 10 up, a sum, difference or product of two evidence numbers, a span of years, or
            a small remainder said in words (not a ratio word, a count or a unit conversion, which the verifier reads in the
            sources' wording). The verifier, which does no arithmetic, cannot alone call such a
            claim contradicted (it can still call it not in the sources).
        worked: The claim's worked-out numbers, when those the sources do not give were all worked
            out in the claim's own written steps, each step checked (:attr:`NumberEvidence.shown`): the
            claim is held to :data:`~lexguard.grounding._worked.WORKED_BAR`.
        rival_acronyms: Whether the best evidence names an acronym the claim does not (then an
            unknown acronym of the claim may have taken its place, and is a name put in).
        restated: A source sentence that states the claim with an opposite one of them negates
            ("closed on Mondays" beside "not open on Mondays"): the verifier read such pairs as
            contradicted, so it cannot alone fail the claim.
        record_checked: Whether the claim states only what a record among the sources gives in
            its tables (opening hours, yes-or-no attributes), each as it gives it
            (:func:`~lexguard.grounding.signals._record_checks.read_record`): the verifier, which
            cannot read such tables, does not judge it (:mod:`~lexguard.grounding._record_checked`).
    """

    features: np.ndarray
    best_chunks: list[int]
    best_scores: list[float]
    unknown_numbers: list[Mention] = field(default_factory=list)
    contradicted_numbers: list[Mention] = field(default_factory=list)
    unknown_entities: list[Mention] = field(default_factory=list)
    unknown_quotes: list[Mention] = field(default_factory=list)
    exact: bool = False
    conflict: str | None = None
    misplaced: list[Misplaced] = field(default_factory=list)
    overstated: str | None = None
    derived: bool = False
    worked: tuple[Mention, ...] = ()
    rival_acronyms: bool = False
    restated: str | None = None
    record_checked: bool = False


def _bigrams(words: list[str]) -> set[str]:
    return {f"{a} {b}" for a, b in zip(words, words[1:], strict=False)}


def claim_features(
    claim_text: str,
    *,
    index: SourceIndex,
    scores: np.ndarray,
    chunk_ids: np.ndarray,
    question: LexicalProfile | None,
    position: float,
    asked: LexicalProfile | None = None,
    supposed: frozenset[str] = frozenset(),
    meant: Meant | None = None,
) -> ClaimEvidence:
    """Compute the support features of one claim.

    Args:
        claim_text: The claim as it appears in the answer.
        index: The embedded source index.
        scores: Cosine similarities of the top chunks (FAISS output row).
        chunk_ids: Indices of the top chunks (FAISS output row, ``-1`` padded).
        question: Lexical profile of a task instruction (not a real question), if any: its words
            count toward word coverage; values and names of the question or instruction never
            support a claim (a false premise repeated is checked against the sources alone).
        position: Relative position of the claim in the answer, 0..1.
        asked: Lexical profile of the user's question or instruction, if any: a quotation of it
            ('the question "How do I make ghee?"') quotes the user, not the sources.
        supposed: Keys of the values the question supposes, the user's own case ("How much would
            8 people pay?": :func:`~lexguard.grounding.signals._supposed.supposed_values`): the
            claim may state them and work from them.
        meant: Who the claim's "he" or "she" is and what its "it" is, named before it
            (:class:`~lexguard.grounding.claims._antecedents.Meant`), if anyone or anything.
    """
    valid = [(float(s), int(i)) for s, i in zip(scores, chunk_ids, strict=True) if i >= 0]
    words = content_words(claim_text)
    # the instruction's words ("Write an overview of this local business") describe the task and
    # count toward word coverage; its values and names never count (the caller passes no profile
    # for a real question: its words may carry a false premise)
    q_words = question.words if question is not None else set()
    known = [w for w in words if w in index.profile.words or w in q_words]
    best_chunks, best_scores, word_cov_best = _rerank(valid, words, index)
    mentions = _mentions(claim_text, index, best_chunks, asked, supposed, meant)
    plain = strip_markdown(claim_text).strip().rstrip(".!?").strip()
    record = read_record(claim_text, index)
    return ClaimEvidence(
        features=_feature_vector(claim_text, words, known, valid, word_cov_best, mentions, index, best_chunks, position),
        best_chunks=best_chunks,
        best_scores=best_scores if valid else [],
        unknown_numbers=mentions.unknown_numbers,
        contradicted_numbers=mentions.contradicted_numbers,
        unknown_entities=mentions.unknown_entities,
        unknown_quotes=mentions.unknown_quotes,
        exact=len(plain) > 20 and any(_opens_a_sentence(plain, c.text) for c in index.chunks),
        misplaced=mentions.misplaced,
        derived=bool(mentions.worked_out),
        worked=mentions.shown if not mentions.unknown_numbers else (),
        rival_acronyms=bool(mentions.unknown_entities)
        and rival_acronyms(claim_text, [index.chunks[ci].text for ci in best_chunks[:3]]),
        record_checked=record.ok,
        **_conflicts(claim_text, index, best_chunks, mentions.misplaced, record.conflict),
    )


def _conflicts(
    claim_text: str, index: SourceIndex, best_chunks: list[int], misplaced: list[Misplaced], record: str | None = None,
) -> dict[str, str | None]:
    """:func:`statement_conflicts` over the best chunks, and, where they find no conflict, a record's
    line that gives other hours, days or attributes (``record``: ``_record_checks.read_record``), a
    thing the sources say there is none of (``_absent.denied_presence``), leave out or include where
    the claim leaves it out (``_excluded``), refuse, or refuse by a way the claim offers
    (``_not_accepted``), charge for when the claim says it is free (``_free.charged_for``), or say
    only of another document's subject (``_borrowed_parts.borrowed_part``); over every source, what
    the claim says beyond them (``_beyond_sources``: an open question settled, a first, a scope)."""
    found = statement_conflicts(claim_text, [index.chunks[ci].text for ci in best_chunks[:3]], misplaced)
    if found["conflict"] is None and found["restated"] is None:
        found["conflict"] = (record or denied_presence(claim_text, index) or excluded_thing(claim_text, index)
                             or withheld_thing(claim_text, index)  # "bring your own towels" beside "include towels"
                             or refused_option(claim_text, index) or refused_channel(claim_text, index) or charged_for(claim_text, index)
                             or borrowed_part(claim_text, [(s.id, s.content) for s in index.sources]))
    found["overstated"] = found["overstated"] or said_beyond(claim_text, [s.content for s in index.sources])
    return found


def _rerank(valid: list[tuple[float, int]], words: list[str], index: SourceIndex) -> tuple[list[int], list[float], float]:
    """Hybrid re-ranking of the retrieved chunks: dense similarity + share of claim words present.

    Args:
        valid: ``(cosine similarity, chunk index)`` of the retrieved chunks, as retrieved.
        words: The claim's content words.
        index: The source index.

    Returns:
        ``(best chunks, their similarities, best word coverage)``, best chunk first.
    """
    coverage = []
    for _, ci in valid:
        chunk_words = index.chunk_profiles[ci].words
        coverage.append(sum(1 for w in words if w in chunk_words) / len(words) if words else 1.0)
    order = sorted(range(len(valid)), key=lambda j: -(valid[j][0] + coverage[j]) / 2)
    return [valid[j][1] for j in order], [valid[j][0] for j in order], max(coverage, default=0.0)


@dataclass(frozen=True)
class _Mentions:
    """The claim's numbers, names and quotes, and those the sources do not back."""

    numbers: list[Mention]
    unknown_numbers: list[Mention]
    contradicted_numbers: list[Mention]
    entities: list[Mention]
    unknown_entities: list[Mention]
    misplaced: list[Misplaced]
    unknown_quotes: list[Mention]
    worked_out: list[Mention]
    shown: tuple[Mention, ...]


def _mentions(
    claim_text: str, index: SourceIndex, best_chunks: list[int], asked: LexicalProfile | None = None,
    supposed: frozenset[str] = frozenset(), meant: Meant | None = None,
) -> _Mentions:
    """Find the claim's values, names and quotes the sources do not give (or give elsewhere); a
    quotation of the user's question (``asked``) is the user's words, not a misquoted source.

    Values and names the sources give, but not where they state the rest of the claim, are
    added to the unknown (and contradicted) ones (:func:`add_misplaced`); an item added to a list
    a source gives, to the unknown names (:func:`~lexguard.grounding.signals._listed.added_items`).
    """
    nums = numbers(claim_text)
    found = number_evidence(claim_text, index, best_chunks, supposed)
    unknown_nums, contradicted = found.unknown, found.contradicted
    ents = _names_outside_dates(entities(claim_text), nums)
    unknown_ents = [m for m in ents if not index.profile.has_entity(m.key, m.text) and not day_given(m, claim_text, index)
                    and not month_given(m, claim_text, index)]
    misplaced = add_misplaced(claim_text, index, best_chunks, unknown_nums, contradicted, unknown_ents, meant)
    unknown_ents += added_items(claim_text, index, asked.words if asked is not None else frozenset())
    unknown_q = [m for m in quotes(claim_text) if not _quote_given(m, index) and not _quotes_question(claim_text, m, asked)]
    return _Mentions(nums, unknown_nums, contradicted, ents, unknown_ents, misplaced, unknown_q, found.worked_out,
                     found.shown)


_NAMES_QUESTION = regex.compile(r"\b(?:question|query|asked|ask|request|prompt|answer\s+to)\W{0,3}$", regex.IGNORECASE)


def _quotes_question(claim_text: str, quote: Mention, asked: LexicalProfile | None) -> bool:
    """Whether the claim quotes the user's question as the question ('the answer to the question
    "How do I make ghee?"'); 'the phrase "..." is mentioned in passage 2' says the sources hold it."""
    before = claim_text[: max(0, quote.span[0] - 1)]
    return asked is not None and _NAMES_QUESTION.search(before) is not None and asked.has_phrase(quote.key)


_INSERTION = regex.compile(r"\[[^\]]*\]|\.\.\.|\u2026")
_ARTICLE = regex.compile(r"^(?:the|a|an) ")


def _title_given(quote: Mention, index: SourceIndex) -> bool:
    """Whether a quoted title is in the sources without its leading article: two words or more as
    a phrase, one word only as the sources write it, capitalised ("The Liars" is not given by
    "called them liars")."""
    title = _ARTICLE.sub("", quote.key, count=1)
    if title == quote.key or not title or not _title_case(quote.text):
        return False
    if len(title.split()) > 1:
        return index.profile.has_phrase(title)
    word = regex.sub(r"^\W*(?:the|a|an)\s+", "", quote.text.strip(), flags=regex.IGNORECASE).strip(" ,.;:!?'\"")
    written = regex.compile(rf"(?<![\p{{L}}\p{{N}}]){regex.escape(word)}(?![\p{{L}}\p{{N}}])")
    return bool(word) and any(written.search(source.content) for source in index.sources)


def _title_case(text: str) -> bool:
    """Whether a quotation reads as a title: every word of it capitalised ("The Sopranos")."""
    words = [w for w in regex.findall(r"[\p{L}']+", text) if w.lower() not in ("of", "the", "and", "a", "an", "in")]
    return bool(words) and all(w[0].isupper() for w in words)


def _quote_given(quote: Mention, index: SourceIndex) -> bool:
    """Whether the sources hold the quotation: verbatim, or piece by piece around what the
    quoting writer put in brackets or left out ("the worst hotel [they've] ever stayed at",
    "a fine ... and friendly meal"). Every piece must be there, and be two words or more: one
    word is found anywhere. A title may drop its leading article ("The Sopranos" quoted beside
    the source's 'Sopranos')."""
    if index.profile.has_phrase(quote.key):
        return True
    if _title_given(quote, index):  # "The Sopranos" beside the source's 'Sopranos'
        return True
    pieces = [norm(p) for p in _INSERTION.split(quote.text)]
    pieces = [p for p in pieces if p]
    return len(pieces) > 1 and all(len(p.split()) > 1 and index.profile.has_phrase(p) for p in pieces)


def _names_outside_dates(names: list[Mention], values: list[Mention]) -> list[Mention]:
    """The names that are not the month of a date: "March" in "March 13, 2011" is part of a value
    the number rules check whole (a source may write it "2011-03-13")."""
    spans = [m.span for m in values if is_calendar_key(m.key)]
    return [n for n in names if not any(a <= n.span[0] and n.span[1] <= b for a, b in spans)]


def _feature_vector(
    claim_text: str,
    words: list[str],
    known: list[str],
    valid: list[tuple[float, int]],
    word_cov_best: float,
    mentions: _Mentions,
    index: SourceIndex,
    best_chunks: list[int],
    position: float,
) -> np.ndarray:
    """The claim's feature vector, in :data:`FEATURE_NAMES` order.

    Args:
        claim_text: The claim.
        words: Its content words.
        known: Those found in the sources (or the task instruction).
        valid: ``(cosine similarity, chunk index)`` of the retrieved chunks, as retrieved.
        word_cov_best: The best chunk's share of the claim's words.
        mentions: The claim's values, names and quotes (:func:`_mentions`).
        index: The source index.
        best_chunks: The re-ranked chunks, best first.
        position: Relative position of the claim in the answer, 0..1.
    """
    raw_scores = [s for s, _ in valid] or [0.0]
    word_cov_all = len(known) / len(words) if words else 1.0
    grams = _bigrams(words)
    bigram_cov = len(grams & _source_bigrams(index)) / len(grams) if grams else word_cov_all
    best_text = index.chunks[best_chunks[0]].text if best_chunks else ""
    negation_mismatch = float(has_negation(claim_text) != has_negation(best_text)) if best_chunks else 0.0
    word_set = set(words)
    negative_attribute = float(not has_negation(claim_text) and any(key <= word_set for key in index.negative_keys))
    ents, unknown_ents = mentions.entities, mentions.unknown_entities
    return np.array(
        [
            raw_scores[0],
            float(np.mean(raw_scores)),
            raw_scores[0] - (raw_scores[1] if len(raw_scores) > 1 else 0.0),
            word_cov_all,
            word_cov_best,
            bigram_cov,
            math.log1p(len(words)),
            float(bool(mentions.numbers)),
            float(min(len(mentions.unknown_numbers), 3)),
            float(min(len(mentions.contradicted_numbers), 3)),
            float(bool(ents)),
            len(unknown_ents) / len(ents) if ents else 0.0,
            float(min(len(mentions.unknown_quotes), 3)),
            negation_mismatch,
            position,
            float(min(len(words) - len(known), 6)),
            float(index.structured),
            negative_attribute,
        ],
        dtype=np.float64,
    )


def _source_bigrams(index: SourceIndex) -> set[str]:
    cached = getattr(index, "_bigrams", None)
    if cached is None:
        cached = set()
        for chunk in index.chunks:
            cached |= _bigrams(content_words(chunk.text))
        index._bigrams = cached  # type: ignore[attr-defined]
    return cached


def _opens_a_sentence(plain: str, text: str) -> bool:
    """Whether ``plain`` is a whole sentence (or line) of ``text``, verbatim: it starts where one
    starts and ends where that one ends ("Einstein failed mathematics" is not the sentence
    "Einstein failed mathematics, according to a popular myth.")."""
    start = text.find(plain)
    while start != -1:
        head = text[:start].rstrip()
        tail = text[start + len(plain):].lstrip("\"'\u201d\u2019)")
        opens = not head or head[-1] in ".!?:;\n\"\u201d)" or "\n" in text[len(head):start]
        if opens and (not tail.strip() or tail[0] in ".!?;\n"):
            return True
        start = text.find(plain, start + 1)
    return False
