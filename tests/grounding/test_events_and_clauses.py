"""The twenty-seventh session's cases, written by hand after a contrastive claim/evidence trial and a
news-summary trial: a value read against a statement of another event, a currency code read as a
name, a possessor read as the one who acts, and a false relative clause
inside a long true sentence."""

from __future__ import annotations

import pytest

from lexguard._models import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.signals._entities import entities
from lexguard.grounding.signals._events_named import claim_verb, states_event
from lexguard.grounding.signals._lexical import numbers
from lexguard.grounding.verify._clauses_read import CLAUSE_REASON, relative_clauses

from ._accepting import refuses_nothing

MAYOR = ("Ilse Varga has served as mayor of Dunmore since 2017. She was re-elected in June 2021, the first mayor "
         "of the town to win a second term.")
FLOOD = ("The 2016 Orrin Valley floods began in late November 2016 after three days of rain. Relief camps stayed "
         "open until March 2017, when the last families returned home.")
FERRY = (
    "The Saltholm ferry service was suspended on Friday after one of its two boats, the Marta Lind, struck a "
    "submerged sandbank near the harbour entrance. No one was hurt, and the 43 passengers on board were taken "
    "ashore by lifeboat. The operator, Nordvik Lines, said the second boat would run a reduced timetable from "
    "Monday while divers inspect the hull. Captain Jonas Ek, who has sailed the route for 22 years, said the "
    "sandbank had shifted after last week's storms."
)


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


@pytest.mark.parametrize(("claim", "verb"), [
    ("Ilse Varga was re-elected mayor of Dunmore in 2021.", "re-elected"),
    ("The floods lasted into 2017.", "lasted"),
    ("Its lead has now been cut to two points.", "cut"),
    ("Work on the new bridge may start in 2026.", "start"),
    ("He holds the national record.", "holds"),
    ("The museum had 40,000 visitors.", None),
])
def test_the_verb_of_a_claims_event(claim: str, verb: str | None) -> None:
    assert claim_verb(claim) == verb


def test_a_statement_with_no_verb_of_its_own_may_state_any_event() -> None:
    assert states_event("The kettle comes with a 2-year guarantee.", "Model K2 kettle: 1-year guarantee.")
    assert not states_event("Ilse Varga was re-elected in 2021.", "Ilse Varga has served as mayor since 2017.")
    assert states_event("Ilse Varga won in 2021.", "Ilse Varga wins the vote in 2021.")


@pytest.mark.parametrize(("answer", "source", "refused"), [
    # the statement holding most of the claim tells of another event: its year is no rival
    ("Ilse Varga was re-elected mayor of Dunmore in 2021.", MAYOR, False),
    ("The Orrin Valley floods lasted into 2017.", FLOOD, False),
    # the statement of the claim's own event gives another year
    ("Ilse Varga was re-elected mayor of Dunmore in 2017.", MAYOR, True),
    ("The Orrin Valley floods began in March 2017.", FLOOD, True),
])
def test_a_value_is_read_against_the_statement_of_its_event(
    checker: SupportChecker, answer: str, source: str, refused: bool
) -> None:
    assert refuses_nothing(checker, answer, source) is not refused


def test_a_currency_code_before_an_amount_is_no_name(checker: SupportChecker) -> None:
    assert entities("It reported revenue of NOK 4.1 billion.") == []
    assert [e.text for e in entities("The NOK fell against the euro.")] == ["NOK"]
    source = ("Harvik Marine is a Norwegian boatbuilder. In 2022 the company reported revenue of NOK 2.3 billion, "
              "of which 70 percent came from exports.")
    assert refuses_nothing(checker, "Over two thirds of Harvik Marine's 2022 revenue came from exports.", source)


def test_a_possessor_is_not_the_one_who_acts(checker: SupportChecker) -> None:
    source = ("Lowlight is the second album by the Welsh band Cinder Vale, released in 2019. The band wrote "
              "all ten of its songs, and official chart figures show that the album sold 12,000 copies in its first week.")
    assert refuses_nothing(checker, "Lowlight's first-week sales of 12,000 copies are confirmed by official chart figures.",
                           source)


def test_relative_clauses_of_a_claim() -> None:
    claim = "Captain Jonas Ek, who has sailed the route for 22 years, blamed the storms, which had moved the sandbank."
    assert relative_clauses(claim) == ["who has sailed the route for 22 years", "which had moved the sandbank"]
    assert relative_clauses("The ferry, a small boat, was hit.") == []
    assert relative_clauses("It won the Harrow Medal, which feels well deserved.") == []  # a judgement
    assert relative_clauses("She plays Ada, who is brilliant in it.") == []


@pytest.mark.parametrize(("answer", "refused"), [
    ("The Marta Lind, which was carrying a cargo of timber, struck a submerged sandbank near the harbour entrance, "
     "and the 43 passengers on board were taken ashore by lifeboat.", True),
    ("Captain Jonas Ek, who was later praised by the coastguard for his calm, said the sandbank had shifted after "
     "last week's storms.", True),
    ("Captain Jonas Ek, who has sailed the route for 22 years, said the sandbank had shifted after last week's "
     "storms.", False),
    ("The operator, Nordvik Lines, which runs the service, said the second boat would run a reduced timetable "
     "from Monday while divers inspect the hull.", False),
])
def test_a_relative_clause_is_read_on_its_own(checker: SupportChecker, answer: str, refused: bool) -> None:
    """Found in news trials: an invented relative clause inside a long true sentence ("..., who was
    later named man of the match, ...") was accepted at 0.83-0.94; the verifier read it alone as
    unsupported (0.01) but the rest of the sentence carried the claim."""
    result = checker.check(answer, [Source(id="s", content=FERRY)])
    failed = [c for c in result.claims if c.supported is False]
    assert bool(failed) is refused
    if refused:
        assert any(c.reason == CLAUSE_REASON for c in failed) or any(
            f.rule_id == "grounding.unsupported_clause" for f in result.findings)


CREDITS = ("Orchard Light is a 2011 drama film directed by Ana Roewen and starring Ben Halloran and Cy Dunmore. "
           "The screenplay was written by Roewen's sister, Ida Roewen.")


@pytest.mark.parametrize(("answer", "refused"), [
    ("Ben Halloran directed Orchard Light.", True),  # he stars in it; Ana Roewen directed it
    ("Cy Dunmore directed Orchard Light.", True),  # credited as Ben Halloran is: starring
    ("Ana Roewen directed Orchard Light.", False),
    ("Cy Dunmore starred in Orchard Light.", False),
])
def test_a_credit_in_a_sentence_of_several_is_read_by_role(checker: SupportChecker, answer: str, refused: bool) -> None:
    """Found in a contrastive trial: "Nadia Ferro directed The Quiet Meridian" beside "a 2008 film
    directed by Paul Ostrander and starring Nadia Ferro" passed at 0.99; the credit-role rule read
    only short statements (knowledge triples)."""
    assert refuses_nothing(checker, answer, CREDITS) is not refused


MATCH = ("Harlow Town beat Ellerby 3-1 on Saturday. Ellerby manager Tom Quayle was blunt afterwards. "
         "\"We were careless and we were flat,\" he said. Harlow boss Nina Croft praised her side's \"brilliant\" "
         "second half.")


@pytest.mark.parametrize(("answer", "refused"), [
    ("Harlow boss Nina Croft admitted her side had been \"careless\" and \"flat\".", True),
    ("Ellerby manager Tom Quayle said his side had been \"careless\" and \"flat\".", False),
    ("Nina Croft praised a \"brilliant\" second half from Harlow.", False),
    ("Tom Quayle praised Harlow's \"brilliant\" second half.", True),
])
def test_quoted_words_are_read_with_who_said_them(checker: SupportChecker, answer: str, refused: bool) -> None:
    """Found in a news trial: a quote given to the other side's manager ("Rovers manager Gail
    Simmonds admitted her side had been "sloppy"") passed: the words and the name were both in
    the article, in different people's mouths."""
    assert refuses_nothing(checker, answer, MATCH) is not refused


SERIES = ("Harbour Lights is a British drama series that premiered on ITV in March 2015. It ran for three series "
          "until its final episode aired in June 2019.")
COUNCILLOR = "Priya Nandan has led Oakham council since 2017. She was re-elected in May 2021."


@pytest.mark.parametrize(("answer", "source", "refused"), [
    ("Harbour Lights first aired before 2015.", SERIES, True),
    ("Harbour Lights first aired before 2016.", SERIES, False),
    ("Harbour Lights first aired after 2014.", SERIES, False),
    ("Harbour Lights first aired after 2015.", SERIES, True),
    ("Priya Nandan has led Oakham council since before 2019.", COUNCILLOR, False),
    ("Priya Nandan has led Oakham council since before 2016.", COUNCILLOR, True),
])
def test_a_year_given_as_a_bound(checker: SupportChecker, answer: str, source: str, refused: bool) -> None:
    """Found in a contrastive trial: "first aired before 2012" beside "premiered in September 2012"
    passed (the year is in the source), and "since before 2020" beside "since 2018" was refused
    (no source gives 2020)."""
    assert refuses_nothing(checker, answer, source) is not refused


def test_a_currency_code_is_an_amounts_unit() -> None:
    from lexguard.grounding.signals._units import unit_of

    text = "Revenue of NOK 4.1 billion, against USD 40, over 5 km."
    assert [unit_of(text, m) for m in numbers(text)] == ["nok", "usd", "km"]


@pytest.mark.parametrize(("answer", "refused"), [
    ("Veldra Marine had fewer than 1,000 employees at the end of 2021.", False),
    ("Veldra Marine had more than 1,000 employees at the end of 2021.", True),
])
def test_a_count_of_employees_is_a_count_of_people(checker: SupportChecker, answer: str, refused: bool) -> None:
    """Found in a contrastive trial: "fewer than 2,000 employees" beside "It employed 1,850 people"
    was refused: "employees" (as the number reader writes it, "employe") was no count of people."""
    source = ("Veldra Marine is a Danish shipbuilder. In 2021 the company reported revenue of DKK 2.2 billion. "
              "It employed 940 people at the end of that year.")
    assert refuses_nothing(checker, answer, source) is not refused


NOVEL = ("The Lantern Field is a 2019 novel by Welsh author Carys Penhallow. It was shortlisted for the Orwell "
         "Prize in 2019 and won the Dylan Thomas Prize the following spring.")


@pytest.mark.parametrize(("answer", "refused"), [
    ("The Lantern Field won the Orwell Prize.", True),  # shortlisted only
    ("The Lantern Field won the Dylan Thomas Prize.", False),
    ("The Lantern Field was shortlisted for the Orwell Prize.", False),
])
def test_a_prize_given_as_a_nomination_only(checker: SupportChecker, answer: str, refused: bool) -> None:
    """Found in two contrastive trials: "won the Booker Prize" beside "shortlisted for the Booker
    Prize" and "won an Academy Award" beside "received a nomination for the Academy Award" passed
    at 0.98 (every word but the verb is in the source)."""
    assert refuses_nothing(checker, answer, NOVEL) is not refused


MINISTER = ("Ilse Marten (born 1961) is a Danish Social Democrat. She served as Minister of Culture from 2011 to "
            "2015 and has been Mayor of Skelby since 2017.")
ARCHITECT = "Piet Vanleer (1928\u20132016) was a Belgian architect known for his concrete churches."


@pytest.mark.parametrize(("answer", "source", "refused"), [
    ("Ilse Marten is the current Danish culture minister.", MINISTER, True),
    ("Ilse Marten is a former Danish culture minister.", MINISTER, False),
    ("Ilse Marten is currently Mayor of Skelby.", MINISTER, False),
    ("Piet Vanleer is a living Belgian architect.", ARCHITECT, True),
    ("Piet Vanleer was a Belgian architect known for his concrete churches.", ARCHITECT, False),
])
def test_what_the_sources_end_is_not_said_to_go_on(checker: SupportChecker, answer: str, source: str,
                                                    refused: bool) -> None:
    """Found in contrastive trials: "is the current Swedish environment minister" beside "served
    as Minister for the Environment from 2014 to 2018", "is a living Danish architect" beside
    "(1931-2019)" passed at 0.98 (every word but the tense is in the source)."""
    assert refuses_nothing(checker, answer, source) is not refused


@pytest.mark.parametrize(("answer", "refused"), [
    ("Divers recovered a hoard of 512 silver coins near Orlow Point.", False),  # "more than 500" is met
    ("Divers recovered a hoard of 480 silver coins near Orlow Point.", True),
    ("The seller advertised over 3 million records.", False),  # the source's bound inside quotes
])
def test_a_bound_the_source_gives_is_met_by_the_claims_value(checker: SupportChecker, answer: str, refused: bool) -> None:
    """Found in a news trial: "a hoard of 934 silver coins" was refused against "A hoard of more than
    900 silver coins" (900 read as a rival), and "over 2 million records" against a source that
    quotes "over 2 million records" (the bound word after a quotation mark was not read)."""
    source = ("Divers recovered a hoard of more than 500 silver coins near Orlow Point. The museum later counted "
              "512 coins. The seller had advertised the data as containing \"over 3 million records\".")
    assert refuses_nothing(checker, answer, source) is not refused


def test_a_role_opening_a_sentence_is_no_part_of_the_name(checker: SupportChecker) -> None:
    """Found in a news trial: "Campaigner Hannah Perrault worries ..." was refused as naming
    "Campaigner Hannah Perrault", whom no source names (the sources: "Campaign organiser Hannah
    Perrault"); an office stays part of the name it is given with ("President Michelle Obama")."""
    assert [e.text for e in entities("Campaigner Hannah Perrault fears the worst.")] == ["Hannah Perrault"]
    assert [e.text for e in entities("President Ada Lin spoke.")] == ["President Ada Lin"]
    source = "Campaign organiser Hannah Perrault, 38, said the route had no footpath."
    assert refuses_nothing(checker, "Campaigner Hannah Perrault said the route had no footpath.", source)


FINAL = ("In the 2004 cup final, Harrow Athletic defeated Selby Town 3-1. Later that year the club's owner, "
         "Marlow Holdings, acquired the rival firm Tessel Group.")


@pytest.mark.parametrize(("answer", "refused"), [
    ("Harrow Athletic lost to Selby Town in the 2004 cup final.", True),
    ("Harrow Athletic beat Selby Town in the 2004 cup final.", False),
    ("Selby Town were beaten by Harrow Athletic in the 2004 cup final.", False),
    ("Tessel Group bought Marlow Holdings.", True),
    ("Tessel Group was bought by Marlow Holdings.", False),
])
def test_a_relation_turned_round_with_another_verb(checker: SupportChecker, answer: str, refused: bool) -> None:
    """Found in a contrastive trial: "Kordan United lost to Vestby Athletic" beside "Kordan United
    defeated Vestby Athletic" and "Expresso Lijn bought Vrienhof Group" beside "Vrienhof Group
    acquired Expresso Lijn" passed at 0.97-0.98 (no word for the swap rule to pivot on)."""
    assert refuses_nothing(checker, answer, FINAL) is not refused
