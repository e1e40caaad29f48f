"""A number given as a bound or an estimate is read against the evidence value it is about."""

from __future__ import annotations

import pytest

from lexguard import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.signals._bounds import bound_of, bound_verdict
from lexguard.grounding.signals._lexical import numbers

FILM = "The film grossed $150 million worldwide against a budget of $40 million."


def _verdict(claim: str, source: str) -> bool | None:
    mention = next(m for m in numbers(claim) if bound_of(claim, m) is not None)
    return bound_verdict(claim, mention, [source])


@pytest.mark.parametrize(
    ("claim", "source", "met"),
    [
        ("The film grossed over $100 million.", FILM, True),
        ("The film grossed more than $200 million.", FILM, False),
        ("The film grossed less than $100 million.", FILM, False),  # not the $40 million budget
        ("The app has nearly 5 million users.", "The app has 4.9 million users.", True),
        ("The app has nearly 5 million users.", "The app has 3.1 million users.", False),
        ("The bridge is about 500 metres long.", "The bridge, opened in 1932, is 503 metres long.", True),
        ("The bridge is about 700 metres long.", "The bridge, opened in 1932, is 503 metres long.", False),
        ("The song spent more than ten weeks at number one.", "The song spent 12 weeks at number one.", True),
        ("The song spent fewer than ten weeks at number one.", "The song spent 12 weeks at number one.", False),
        ("It has an approval rating above 80% on the site.", "It has an 87% approval rating on the site.", True),
        ("It has an approval rating below 80% on the site.", "It has an 87% approval rating on the site.", False),
        ("About three quarters of the staff agreed.", "About 75% of the staff agreed.", True),
        ("The town had under 10,000 inhabitants.", "The town had a population of 8,412.", True),
        ("The storm killed at least 12 people.", "The storm killed at least 12 people.", True),
    ],
)
def test_a_bound_is_read_against_the_value_it_is_about(claim: str, source: str, met: bool) -> None:
    assert _verdict(claim, source) is met


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        # the value whose words anchor it: "grossed", not "cost"
        ("The film grossed over $100 million.", "The film cost $150 million and grossed $90 million."),
        # the value of the place the claim names, not the one next to its other words
        ("The firm employs more than 1,000 people in Texas.", "The firm employs 1,200 people in Ohio and 300 in Texas."),
        # the drug's figure, not the side effects'
        ("The drug reduced symptoms in more than 80% of patients.",
         "In the trial, the drug reduced symptoms in 62% of patients; 85% reported mild side effects."),
    ],
)
def test_a_bound_met_by_another_value_of_the_evidence_is_not_met(claim: str, source: str) -> None:
    assert _verdict(claim, source) is False


@pytest.mark.parametrize(
    "claim",
    [
        "The bridge opened after 1930.",  # a year: an order of events, not a bound
        "The film grossed $150 million.",  # no bound
        "It closes at about 5 p.m.",  # a time of day
    ],
)
def test_years_times_and_plain_numbers_are_no_bounds(claim: str) -> None:
    assert all(bound_of(claim, m) is None for m in numbers(claim))


def test_the_evidence_value_itself_meets_its_own_bound() -> None:
    """"as many as 900" beside "over 900": the evidence gives the number, the rules leave the
    rest to the models (a RAGTruth summary had been failed by the 22,000 of another sentence)."""
    source = "So far this year as many as 900 have lost their lives. Since 2000 almost 22,000 people died."
    assert _verdict("There were over 900 deaths so far this year.", source) is True


@pytest.mark.parametrize(
    ("answer", "accepted"),
    [
        ("The film grossed over $100 million worldwide.", True),
        ("The film grossed more than $200 million worldwide.", False),
        ("The app has nearly 5 million monthly users.", True),
        ("The app has fewer than 4 million monthly users.", False),
    ],
)
def test_the_checker_accepts_a_met_bound_and_refuses_a_broken_one(answer: str, accepted: bool) -> None:
    """The strict number rule had refused every correct bound ("over $100 million" is in no
    source), and the verifier read "nearly 5 million" beside 4.9 million as not in the sources:
    it now reads the claim with the evidence value written in."""
    sources = [Source(id="s", content=FILM + " The app has 4.9 million monthly users.")]
    result = SupportChecker().check(answer, sources)
    assert (result.recommendation == "accept") is accepted


@pytest.mark.parametrize(
    "claim",
    ["The free tier allows up to 10,000 requests a day.", "Adults may take at most 4,000 mg a day.",
     "Do not take more than 4,000 mg a day.".replace("Do not take more than", "Take no more than")],
)
def test_a_limit_is_no_estimate(claim: str) -> None:
    """"up to 10,000 requests" states the limit itself: beside "up to 1,000" it had passed as a
    bound 1,000 meets (two probes)."""
    assert all(bound_of(claim, m) is None for m in numbers(claim))


@pytest.mark.parametrize(
    ("claim", "source", "met"),
    [
        ("Children under 12 enter free.", "Children under 10 enter free.", False),
        ("Orders over $50 ship free.", "Orders over $80 ship free.", False),
        ("Children under 12 enter free.", "Children under 12 enter free.", True),
    ],
)
def test_an_evidence_value_given_as_a_bound_is_a_threshold(claim: str, source: str, met: bool) -> None:
    assert _verdict(claim, source) is met


@pytest.mark.parametrize(
    ("claim", "kind"),
    [("Revenue in 2020 exceeded $4 billion.", "above"), ("Sales passed 1 million units.", "above"),
     ("Doses should not exceed 4,000 mg.", None), ("The total is not to exceed $500.", None)],
)
def test_a_verb_of_passing_is_a_bound_and_not_exceeding_a_limit(claim: str, kind: str | None) -> None:
    found = [b for m in numbers(claim) if (b := bound_of(claim, m)) is not None]
    assert [b.kind for b in found] == ([kind] if kind else [])


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("Groups of more than 10 get a discount.", "Groups of more than 20 get a discount."),
        ("Children under 12 travel free.", "Children under 5 travel free."),
        ("Applicants must be at least 16 years old.", "Applicants must be at least 18 years old to apply."),
        ("Applicants must be at least 16 years old.", "Applicants must be 18 or older to apply."),
        ("Staff with more than 5 years of service get an extra week.", "Employees with more than 10 years of service get an extra week."),
        ("Shipping is free on orders above $30.", "Shipping is free on orders of more than $50."),
        # the condition stated by the evidence alone (final review): "with 10 years" is no measure of 5
        ("Staff with more than 5 years of service get an extra week.", "Employees with 10 years of service get an extra week."),
    ],
)
def test_a_bound_the_evidence_gives_as_a_bound_or_condition_is_met_only_by_its_value(claim: str, source: str) -> None:
    """Found in review: a bound of the evidence was read as a measure ("more than 3 million
    copies" meets "over 2 million"), so a condition passed as one ("at least 18" met "at least
    16"). A condition's bound is met only by the same value (fails closed); a measure's weaker
    bound is met (below). ``None`` (no value of the class anchored) leaves the number unknown."""
    assert _verdict(claim, source) is not True


@pytest.mark.parametrize(
    ("claim", "source", "met"),
    [
        ("It fell below -20 degrees Celsius.", "Overnight the temperature fell to -15 degrees Celsius.", False),
        ("It fell below -10 degrees Celsius.", "Overnight the temperature fell to -15 degrees Celsius.", True),
        ("The drug helped more than 500 patients in the trial.", "The drug helped 45% of the 600 patients in the trial.", None),
    ],
)
def test_signs_and_shares(claim: str, source: str, met: bool | None) -> None:
    """Found in review: "-20" was read as 20, and "45% of the 600 patients" as 600 helped."""
    assert _verdict(claim, source) is met


@pytest.mark.parametrize(
    ("claim", "source", "met"),
    [
        ("The school has more than 30 teachers.", "The school has 420 pupils and 30 teachers.", False),
        ("The school has at least 30 teachers.", "The school has 420 pupils and 30 teachers.", True),
        ("The museum holds more than 2,000 paintings.", "The museum, founded in 2000, holds 1,500 paintings.", False),
        ("The quake caused over 3,000 deaths.", "The death toll has skipped past 3,000 and climbs.", True),
        ("Nearly 22,000 have died since 2000.", "Since 2000, almost 22,000 people have died crossing.", True),
    ],
)
def test_the_value_itself_meets_a_bound_only_as_the_bound_allows(claim: str, source: str, met: bool) -> None:
    """Found in review: any value of any class equal to the claim's met its bound ("more than
    2,000 paintings" beside the year 2000; "more than 30" beside 30)."""
    assert _verdict(claim, source) is met


def test_the_models_read_a_bound_against_a_few_chunks_however_long_the_sources(monkeypatch: pytest.MonkeyPatch) -> None:
    """Found in review: writing a bounded claim for the models read every chunk of the sources
    for each bound (a 6,000-sentence source took minutes); it reads the BM25 best chunks."""
    import lexguard.grounding.signals._anchoring as anchoring
    from lexguard.grounding.evidence._index import SourceIndex, chunk_sources
    from lexguard.grounding.signals._rewrite import EVIDENCE_CHUNKS, as_sources_write

    text = " ".join(f"Store {i} sold {1000 + i} units in {1990 + i % 30}." for i in range(600))
    sources = [Source(id="s", content=text)]
    index = SourceIndex(sources, chunk_sources(sources))
    read: list[str] = []
    monkeypatch.setattr(anchoring, "_numbers", lambda chunk: read.append(chunk) or numbers(chunk))
    as_sources_write("Store 7 sold more than 900 units.", index)
    assert 0 < len(set(read)) <= EVIDENCE_CHUNKS


@pytest.mark.parametrize(("claim", "written"), [
    ("Adults can take one or two tablets every 4–6 hours.", "Adults can take one or two tablets every four to six hours."),
    ("The council backed it 7-3 on Tuesday.", "The council backed it 7-3 on Tuesday."),  # the sources say no "7 to 3"
])
def test_a_dashed_range_is_written_as_the_sources_write_it(claim: str, written: str) -> None:
    """The verifier called "every 4–6 hours" contradicted by "every four to six hours"."""
    from lexguard.grounding.evidence._index import SourceIndex, chunk_sources
    from lexguard.grounding.signals._rewrite import as_sources_write

    sources = [Source(id="s", content="Adults should take one or two tablets every four to six hours. "
                                       "The council voted 7 to 2 on Tuesday.")]
    assert as_sources_write(claim, SourceIndex(sources, chunk_sources(sources))) == written


@pytest.mark.parametrize(("source", "claim", "written"), [
    # the currency sign is the unit: "£4.20 on" was written "£420 pence Tuesday"
    ("Shares in Brightwell closed at 420 pence on Tuesday.", "Brightwell shares closed at £4.20 on Tuesday.",
     "Brightwell shares closed at 420 pence on Tuesday."),
    ("A single ticket costs $2.50.", "A single ticket costs 250 cents.", "A single ticket costs $2.50."),
    # a duration the sources give in two units, whole
    ("The flight takes 2 hours 30 minutes and leaves from Gate 12.", "The flight takes 150 minutes.",
     "The flight takes 2 hours 30 minutes."),
    # a number the sources write with a currency sign is no wording of a weight
    ("It costs $5 and weighs 5 kg.", "It weighs 5 kg.", "It weighs 5 kg."),
])
def test_a_quantity_is_written_in_the_sources_unit(source: str, claim: str, written: str) -> None:
    """The verifier read "250 cents" beside "$2.50" (0.79) and "150 minutes" beside "2 hours 30
    minutes" (0.78) as doubtful; each is now read in the sources' own words."""
    from lexguard.grounding.evidence._index import SourceIndex, chunk_sources
    from lexguard.grounding.signals._rewrite import as_sources_write

    sources = [Source(id="s", content=source)]
    assert as_sources_write(claim, SourceIndex(sources, chunk_sources(sources))) == written


@pytest.mark.parametrize(
    ("claim", "source", "met"),
    [
        ("The novel has sold over 2 million copies.", "The novel has sold more than 3 million copies worldwide.", True),
        ("The video has more than 2 billion views.", "The video has received over 2.3 billion views.", True),
        ("The storm killed more than 30 people.", "The storm killed at least 40 people.", True),
        ("The storm killed fewer than 50 people.", "The storm killed nearly 40 people.", True),
        ("The town has fewer than 5,000 inhabitants.", "The town has about 3,000 inhabitants.", True),
        ("The channel has over 20 million subscribers.", "The channel has over 15 million subscribers.", False),
        ("The town has more than 2,900 inhabitants.", "The town has about 3,000 inhabitants.", False),
        # the same value on the opposite side of it
        ("The channel has more than 15 million subscribers.", "The channel has nearly 15 million subscribers.", False),
        ("The channel has fewer than 15 million subscribers.", "The channel has over 15 million subscribers.", False),
        ("The channel has fewer than 15 million subscribers.", "The channel has nearly 15 million subscribers.", True),
        # more than a dozen: the article between the bound words and the number word
        ("The player scored more than a dozen goals this season.", "The player scored 14 goals this season.", True),
        ("The player scored more than a dozen goals this season.", "The player scored 9 goals this season.", False),
        # a rank within the top N
        ("The song reached the top ten in the UK.", "The song peaked at number 8 in the UK.", True),
        ("The song reached the top ten in the UK.", "The song peaked at number 12 in the UK.", False),
        ("The album was a top-five hit in the UK.", "The album peaked at number 8 in the UK.", False),
    ],
)
def test_a_bound_beside_a_bound_of_a_measure(claim: str, source: str, met: bool) -> None:
    """Found in a trial of contrastive claims: "more than 2 billion views" beside "over 2.3
    billion views" was refused (any bound of the evidence was met only by its own value) while
    "more than 15 million" beside "nearly 15 million" passed (the same value with any bound
    words). A measure's bound now allows every value the evidence's bound allows or none."""
    assert _verdict(claim, source) is met


def test_a_count_of_people_is_a_count_of_visitors() -> None:
    """Found in a trial of contrastive claims: "More than two million people visited" beside
    "attracted 2.1 million visitors" was refused (people and visitors were no one class)."""
    source = "The museum attracted 2.1 million visitors in 2022, up 15% on the previous year."
    assert _verdict("More than two million people visited the museum in 2022.", source) is True
    assert _verdict("Fewer than two million people visited the museum in 2022.", source) is False


@pytest.mark.parametrize(
    "claim",
    ["He took one class over a six-year period.", "The town is under a 12-mile exclusion zone.",
     "Southwest led the top five US airlines.", "These are the top 10 reasons."],
)
def test_no_bound_where_the_words_say_something_else(claim: str) -> None:
    """Found in the held-out dumps: "over *a* six-year period" and "under *a* 12-mile zone" were
    read as bounds once "more than *a* dozen" was; "the top five US airlines" names a set."""
    assert [b for m in numbers(claim) if (b := bound_of(claim, m)) is not None] == []


@pytest.mark.parametrize(
    ("claim", "source", "met"),
    [
        ("Closing the two branches would save more than £200,000 a year.",
         "Closing the two branches would see them shut in June, saving an estimated £214,000 a year.", True),
        ("Closing the two branches would save more than £300,000 a year.",
         "Closing the two branches would see them shut in June, saving an estimated £214,000 a year.", False),
        ("The river burst its banks after more than 60mm of rain fell.",
         "The river burst its banks after more than 62mm of rain fell overnight.", True),
        ("He retired after more than 20 years at the firm.", "He retired in 2019 after over 25 years at the firm.", True),
        ("The river burst its banks after more than 70mm of rain fell.",
         "The river burst its banks after more than 62mm of rain fell overnight.", False),
    ],
)
def test_a_bound_after_a_modal_verb_or_opening_a_clause_is_a_measure(claim: str, source: str, met: bool) -> None:
    """"would *save* more than" ("save" is a noun too) and "after more than 60mm of rain fell" bound
    a measure; the first was read as a condition ("orders over $50") and refused."""
    assert _verdict(claim, source) is met


def test_a_met_bound_is_written_with_the_sources_currency_and_percent() -> None:
    from lexguard.grounding.signals._bounds import read_bound

    source = "In the ballot, 72% of members voted for strike action. The scheme cost £1.14m."
    for claim, written in [("Nearly three-quarters of members voted for strike action.", "72%"),
                           ("The scheme cost more than £1.1m.", "£1.14m")]:
        mention = next(m for m in numbers(claim) if bound_of(claim, m) is not None)
        assert read_bound(claim, mention, [source]).value == written  # "72", "1.14m" before
