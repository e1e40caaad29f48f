"""Values and names read in their own statement (the guide's "a value that sits elsewhere in the
sources"): a general value moved to the day, season or time of day for which the sources give
another (the general sentence holds every word of the claim but its qualifier, so the verifier read
it as support); a name in a relative clause ("..., who joined in 2019"); a source's opening subject
carried into its later sentences.
"""

from __future__ import annotations

import pytest

from lexguard._models import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.signals._binding import misplaced_values

FERRY = ("The ferry leaves Oban at 7am Monday to Saturday and reaches Craignure at 7.50am. On Sundays the first "
         "sailing is at 9am. Foot passengers pay £3.90. Cars must be booked in advance.")
GARDENS = "Entry to the walled gardens costs £8. At weekends tickets cost £12. Children under five go free."
CAFE = ("The Corner Café serves breakfast from 8am. In winter it closes at 3pm; in summer it stays open until "
        "6pm. Dogs are welcome inside.")
NURSERY = ("Ashby Plant Nursery is open 8am to 6pm from Monday to Saturday. On Sundays it is open from 10am to 4pm. "
           "The tea room closes half an hour before the nursery.")
SHOPS = ("Bakehouse shops. The Hale Street shop is open 8am to 5pm Monday to Friday and 9am to 1pm on Saturday. "
         "The Mill Road shop is open 7am to 7pm every day of the week.")
CLINIC = ("The clinic is open from 8am to 6pm on weekdays. On Saturdays it opens from 9am to 12pm. It is closed "
          "on Sundays.")


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


def _verdict(checker: SupportChecker, source: str, answer: str) -> tuple[str, set[str]]:
    result = checker.check(answer, [Source(id="s0", content=source)])
    statuses = {c.status for c in result.claims}
    return ("supported" if statuses == {"supported"} else "refused"), {f.rule_id for f in result.findings}


@pytest.mark.parametrize(
    ("source", "answer"),
    [
        (FERRY, "On Sundays the ferry leaves Oban at 7am."),
        (FERRY, "The ferry leaves Oban at 7am and reaches Craignure at 7.50am, including on Sundays."),
        (GARDENS, "At weekends, entry to the walled gardens costs £8."),
        (CAFE, "In summer the Corner Café closes at 3pm."),
        (CLINIC, "The clinic is open on Saturdays from 8am to 6pm."),
        # "weekdays" is Monday to Friday: the Hale Street shop's own statement gives 5pm
        (SHOPS, "The Hale Street shop closes at 7pm on weekdays."),
        # a statement of weekends speaks of Saturday
        ("Brook Café serves lunch until 3pm on weekdays. At weekends Brook Café serves lunch until 4pm.",
         "On Saturdays Brook Café serves lunch until 3pm."),
        # another verb than the general statement's ("closes at" for "open ... to")
        (NURSERY, "On Sundays Ashby Plant Nursery opens at 10am and closes at 6pm."),
    ],
)
def test_a_general_value_moved_to_the_exception_is_refused(checker: SupportChecker, source: str, answer: str) -> None:
    verdict, rules = _verdict(checker, source, answer)
    assert verdict == "refused"
    assert "grounding.misplaced_value" in rules


@pytest.mark.parametrize(
    ("source", "answer"),
    [
        (FERRY, "The ferry leaves Oban at 7am from Monday to Saturday, and at 9am on Sundays."),
        (FERRY, "On Sundays the first sailing is at 9am."),
        (GARDENS, "Entry costs £8 on a normal day, rising to £12 at weekends."),
        (CAFE, "The Corner Café serves breakfast from 8am and closes at 3pm in winter."),
        (CLINIC, "The clinic is open from 8am to 6pm on weekdays and is closed on Sundays."),
        (CLINIC, "On Saturdays the clinic opens from 9am to 12pm."),
        (SHOPS, "The Hale Street shop closes at 5pm on weekdays."),
        (NURSERY, "On Sundays Ashby Plant Nursery opens at 10am and closes at 4pm."),
        (SHOPS, "The Mill Road shop is open until 7pm at weekends."),
        # a statement of weekends says nothing of Saturday alone
        ("A weekend ticket to the folk festival costs £95, and a Saturday-only ticket costs £50. Camping is "
         "included with weekend tickets only.", "A Saturday-only ticket to the folk festival costs £50."),
        # the statement for the claim's day is another than the one that fits the rest best
        ("The Wren Street eye clinic is open Monday to Friday from 9:00 to 17:30. On Saturdays it opens from 9:00 "
         "to 13:00. Eye tests cost £25.", "On Saturdays the Wren Street eye clinic is open from 9:00 until 13:00."),
    ],
)
def test_a_value_given_for_its_own_time_is_supported(checker: SupportChecker, source: str, answer: str) -> None:
    assert _verdict(checker, source, answer)[0] == "supported"


def test_the_evidence_named_is_the_statement_for_the_claims_time(checker: SupportChecker) -> None:
    result = checker.check("On Sundays the ferry leaves Oban at 7am.", [Source(id="s0", content=FERRY)])
    assert any("On Sundays the first sailing is at 9am" in f.message for f in result.findings
               if f.rule_id == "grounding.misplaced_value")


def test_a_qualifier_the_general_statement_also_names_is_no_rival() -> None:
    """The rule reads only a general statement that names none of the claim's qualifiers."""
    from lexguard.grounding.evidence._index import SourceIndex, chunk_sources

    sources = [Source(id="s0", content="Tickets cost £8 at weekends and on weekdays alike. At weekends a guided tour costs £5.")]
    index = SourceIndex(sources, chunk_sources(sources))
    assert misplaced_values("At weekends tickets cost £8.", index, list(range(len(index.chunks)))) == []


BAND = ("The Tallis Street Four are a folk band from Hull. Singer Ada Fenwick writes the songs. Fiddler Tom Oduya "
        "joined in 2019, replacing a founding member. Drummer Rhys Penn also mixes the band's albums.")
PRACTICE = ("Fernhill Dental has three dentists. Dr Lina Osei is the senior partner. Dr Mark Hale runs the "
            "children's clinic on Friday mornings. Dr Jo Trent joined in 2022 and works part time.")
VETS = ("Ashgrove Vets has two surgeries. The surgery on Mill Lane is open all night for emergencies. The surgery "
        "on Kings Road closes at 7pm. Rabbits and ferrets are seen only at Kings Road.")


@pytest.mark.parametrize(
    ("source", "answer"),
    [
        # a relative clause says something of the name before its comma
        (BAND, "The band's albums are mixed by drummer Rhys Penn, who joined in 2019."),
        # a source's opening subject is what its later sentences are about
        (PRACTICE, "The children's clinic at Fernhill Dental is run by Dr Jo Trent on Friday mornings."),
        # the name a relative clause speaks of is the object of a verb ("contact | Dr Jo Trent")
        (PRACTICE, "You should contact Dr Jo Trent, who runs the children's clinic on Friday mornings."),
    ],
)
def test_a_name_moved_to_another_statement_of_its_source_is_refused(checker: SupportChecker, source: str, answer: str) -> None:
    verdict, rules = _verdict(checker, source, answer)
    assert verdict == "refused"
    assert "grounding.misplaced_value" in rules


@pytest.mark.parametrize(
    ("source", "answer"),
    [
        (BAND, "The band's fiddler is Tom Oduya, who joined in 2019."),
        (BAND, "Fiddler Tom Oduya, who replaced a founding member, joined in 2019."),
        (VETS, "Rabbits are seen at the Kings Road surgery, which closes at 7pm."),
        (PRACTICE, "The children's clinic at Fernhill Dental is run by Dr Mark Hale on Friday mornings."),
        (PRACTICE, "Dr Jo Trent joined Fernhill Dental in 2022."),
        (PRACTICE, "You should contact Dr Mark Hale, who runs the children's clinic on Friday mornings."),
    ],
)
def test_a_name_in_its_own_statement_is_supported(checker: SupportChecker, source: str, answer: str) -> None:
    assert _verdict(checker, source, answer)[0] == "supported"


@pytest.mark.xfail(strict=True, reason=(
    "known gap: the statement before a relative clause is read whole, with the clause, so 'open all night' anchors "
    "it to the Mill Lane sentence; reading it without the clause caught this but flagged correct RAGTruth answers "
    "(an actor read against the character's sentence)"))
def test_a_place_moved_before_a_relative_clause_is_refused(checker: SupportChecker) -> None:
    answer = "Rabbits are seen at the Mill Lane surgery, which is open all night for emergencies."
    assert _verdict(checker, VETS, answer)[0] == "refused"
