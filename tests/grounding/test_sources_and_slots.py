"""The thirtieth session's cases, written by hand after model-style answers over several web
passages: two sources that disagree, a condition or a step after a comma read as a statement of its
own, a unit that names a kind of thing ("a day hike"), a year that dates a thing ("after the 1803
charter"), a length of time in hours and minutes, and a short answer read only where its
question asks for one."""

from __future__ import annotations

import pytest

from lexguard._models import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.signals._answer_slot import rival_answer
from lexguard.grounding.signals._lexical import numbers
from lexguard.grounding.signals._statement_clauses import clauses_of

from ._accepting import refuses_nothing

MAKER = ("Corvell Support - Cleaning the K9 kettle. The K9 shows a blue 'CLEAN' light after roughly 400 boils. "
         "Fill it with one Corvell descaling sachet in 1 litre of water and press Clean; the cycle then runs "
         "for about 20 minutes. Corvell recommends descaling every 4 months for average water.")
FORUM = ("KettleTalk forum - I've cleaned mine a few times. With very hard water I'd descale every six weeks "
         "regardless of the light. The whole job, including rinsing twice, took me around 35 minutes.")
REVIEW = "HomeKit review - We timed the K9's cleaning cycle at 17 minutes, plus a 5-minute rinse."


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


def _refused(checker: SupportChecker, answer: str, sources: list[str], question: str | None = None) -> bool:
    result = checker.check(answer, [Source(id=f"s{i}", content=t) for i, t in enumerate(sources)], question)
    return any(c.supported is False for c in result.claims)


@pytest.mark.parametrize(("answer", "refused"), [
    ("Corvell recommends descaling every 4 months, or whenever the blue CLEAN light comes on.", False),
    ("Corvell recommends descaling every six weeks, or whenever the blue CLEAN light comes on.", True),
    ("With very hard water, one forum user descales every six weeks.", False),
])
def test_a_value_is_read_in_the_statement_before_an_or_and_its_condition(checker: SupportChecker, answer: str,
                                                                          refused: bool) -> None:
    """", or whenever the light comes on" is a statement of its own: read with it, the claim's
    interval was anchored by the light's sentence, which gives no interval, and a forum user's
    six weeks passed as the maker's advice."""
    assert _refused(checker, answer, [MAKER, FORUM, REVIEW]) is refused


def test_a_clause_after_which_is_a_statement_of_its_own() -> None:
    assert clauses_of("The cycle takes about 20 minutes, after which the kettle beeps twice.") == [
        "The cycle takes about 20 minutes", "after which the kettle beeps twice."]
    assert clauses_of("Descale every 4 months, or whenever the light comes on.") == [
        "Descale every 4 months", "whenever the light comes on."]


@pytest.mark.parametrize(("answer", "refused"), [
    ("The cycle takes about 20 minutes.", False),
    ("The cycle takes 17 minutes.", False),
    ("The cleaning cycle takes about 35 minutes on its own, after which you rinse the kettle.", True),
])
def test_a_value_one_source_gives_where_another_disagrees(checker: SupportChecker, answer: str, refused: bool) -> None:
    """The maker says about 20 minutes and a review timed 17: a claim that follows either source
    is no misplaced value (the tighter sentence of one no longer decides), while the forum's 35
    minutes for the whole job is no cycle's length."""
    assert _refused(checker, answer, [MAKER, FORUM, REVIEW]) is refused


@pytest.mark.parametrize(("text", "values"), [
    ("You don't need a permit for a day hike.", []),
    ("We went on a week course in Leeds.", []),
    ("The pass is valid for a day.", ["1"]),
    ("It takes an hour, then cools for a week.", ["1", "1"]),
])
def test_a_unit_that_names_a_kind_of_thing_counts_nothing(text: str, values: list[str]) -> None:
    """"for a day hike" was read as one day, which no source gave: a correct answer refused."""
    assert [m.key for m in numbers(text)] == values


CHARTER = ("The town received its charter in 1803. The spelling 'Ashwick' only became standard after the 1803 "
           "charter; earlier documents use several variants.")


@pytest.mark.parametrize(("answer", "refused"), [
    ("The spelling 'Ashwick' became standard after the 1803 charter.", False),
    ("The spelling 'Ashwick' became standard after 1810.", True),
])
def test_a_year_that_dates_a_thing_is_no_bound(checker: SupportChecker, answer: str, refused: bool) -> None:
    """"after the 1803 charter" is after the charter: read as "after 1803" it needed a later year
    than the one the sources give, and the claim that repeats them was refused."""
    assert refuses_nothing(checker, answer, CHARTER) is not refused


@pytest.mark.parametrize(("answer", "refused"), [
    ("The coach takes 1 hour 15 minutes.", False),
    ("The coach takes an hour and a quarter.", False),
    ("The coach takes 1 hour 25 minutes.", True),
    ("The ferry takes 1.5 hours.", False),
    ("The ferry takes 2.5 hours.", True),
])
def test_a_length_in_hours_and_minutes_is_read_whole(checker: SupportChecker, answer: str, refused: bool) -> None:
    """"1 hour 15 minutes" beside "75 minutes" was read as a 1 and a 15 that no source gives."""
    source = "The coach to Brenfield takes 75 minutes. The ferry to the island takes an hour and a half."
    assert refuses_nothing(checker, answer, source) is not refused


PROFILE = ("Harwell Toys, the family-owned maker of wooden toys, was bought by Tolvik Play in 2017 for a reported "
           "24 million pounds, although the family kept a 15% stake.")


def test_a_number_answers_only_a_question_that_asks_for_one() -> None:
    """"the family keeps 15%." after "What is the history of ...?" was read as a short answer to
    it, and the profile's other numbers as the rival answer."""
    assert rival_answer("What is the history of Harwell Toys?", "the family keeps 15%.", [PROFILE]) is None
    assert rival_answer("In what year was Harwell Toys bought by Tolvik Play?", "2016.", [PROFILE]) is not None
    assert rival_answer("How much did Tolvik Play pay for Harwell Toys?", "30 million pounds.", [PROFILE]) is not None


SCULPTOR = ("Miriam Okonde-Ralls (born 14 March 1952) is a Tessarian sculptor. She held her first solo exhibition in "
            "1974 at the Harlow Gallery.")


@pytest.mark.parametrize(("answer", "refused"), [
    ("Okonde-Ralls was still under 25 when she held her first solo exhibition.", False),
    ("Okonde-Ralls was over 20 when she held her first solo exhibition.", False),
    ("Okonde-Ralls was still under 20 when she held her first solo exhibition.", True),
    ("Okonde-Ralls was over 30 when she held her first solo exhibition.", True),
])
def test_an_age_said_as_a_state_at_an_event(checker: SupportChecker, answer: str, refused: bool) -> None:
    """"was still under 25 when she held ..." is an age at the event the words after it name."""
    assert refuses_nothing(checker, answer, SCULPTOR) is not refused


DAM = ("Construction of the Keldor Dam began in April 2003 and was completed in October 2007. The reservoir behind "
       "it took a further two years to fill.")


@pytest.mark.parametrize(("answer", "refused"), [
    ("Building the Keldor Dam took more than four years.", False),
    ("The Keldor Dam was built in less than five years.", False),
    ("The Keldor Dam was built in less than three years.", True),
    ("Building the Keldor Dam took less than four years.", True),
])
def test_a_length_met_by_its_dates_is_not_broken_by_another_length(checker: SupportChecker, answer: str,
                                                                  refused: bool) -> None:
    """"took more than four years" beside the dam's dates was refused by the reservoir's "took a
    further two years"; "was built in less than three years" was read as no length at all."""
    assert refuses_nothing(checker, answer, DAM) is not refused


@pytest.mark.parametrize(("source", "refused"), [
    ("The novelist Tomas Reil was nominated for the Ostrand Prize three times and won it once.", False),
    ("The novelist Tomas Reil was nominated for the Ostrand Prize three times but never won it.", True),
])
def test_a_nomination_followed_by_the_win(checker: SupportChecker, source: str, refused: bool) -> None:
    assert refuses_nothing(checker, "Tomas Reil won the Ostrand Prize.", source) is not refused


@pytest.mark.parametrize(("answer", "refused"), [
    ("Harnby lies to the north of Wexley.", False),
    ("Wexley lies south of Harnby.", False),
    ("Harnby lies to the south of Wexley.", True),
    ("Wexley lies north of Harnby.", True),
])
def test_a_converse_direction_with_the_names_swapped_says_the_same(checker: SupportChecker, answer: str,
                                                                  refused: bool) -> None:
    assert refuses_nothing(checker, answer, "The bakery moved to Wexley in 1995. Wexley lies about 20 km south of "
                                            "Harnby.") is not refused


def test_a_lake_is_no_person_and_the_compared_set_no_slot(checker: SupportChecker) -> None:
    """"Lake Ost" was read as a person whose title ("the largest lake") the claim moved."""
    source = ("Lake Hallow, in the Brent Hills, has a surface area of 22 km² and a maximum depth of 18 m. Nearby Lake "
              "Carr covers 25 km², while Lake Senn, the largest lake in the county, covers 90 km².")
    result = checker.check("Among Lake Hallow, Lake Carr and Lake Senn, Lake Hallow is the smallest by area.",
                           [Source(id="s", content=source)])
    assert all(c.reason is None or "strict rule" not in c.reason for c in result.claims)


@pytest.mark.parametrize(("answer", "refused"), [
    ("The Green Alliance received a larger share of the vote than the Civic Union.", False),
    ("The Civic Union received a larger share of the vote than the Green Alliance.", True),
])
def test_a_comparison_of_a_share_of_the_vote(checker: SupportChecker, answer: str, refused: bool) -> None:
    source = "In the 2019 council election the Green Alliance won 37 percent of the vote, while the Civic Union took 34 percent."
    assert refuses_nothing(checker, answer, source) is not refused


COURT = ("By Ann Carrow PUBLISHED: 13:05 EST, 17 October 2013 | UPDATED: 16:48 EST, 17 October 2013 A mortgage broker "
         "who stole £90,000 from his clients was jailed for four years yesterday. Leeds Crown Court heard that Owen "
         "Marsh, 52, spent the money on horses. The 52-year-old midfielder-turned-broker wept in the dock after just "
         "20 minutes of evidence.")


@pytest.mark.parametrize(("answer", "refused"), [
    ("Owen Marsh, 52, jailed for four years .", False),
    ("Broker wept in the dock after 20 minutes of evidence .", False),
    ("Ann Carrow, 52, jailed for four years .", True),
])
def test_a_byline_is_no_part_of_the_lead(checker: SupportChecker, answer: str, refused: bool) -> None:
    """The byline has no full stop of its own: read with the lead, the reporter stood where the
    lead's broker does, and a highlight naming him was refused; an age is no length of time
    ("after 20 minutes" beside "The 52-year-old")."""
    assert refuses_nothing(checker, answer, COURT) is not refused


@pytest.mark.parametrize(("source", "answer"), [
    ("The Duke and Duchess of Ashford's baby daughter was christened yesterday in a private ceremony at the Chapel "
     "Royal in St James's Palace, London. Princess Alice Victoria Rose, who is seven weeks old, wore a replica gown.",
     "Princess Alice, seven weeks old, christened at Chapel Royal in St James's Palace ."),
    ("Newcastle have signed Thiago Reis from Porto. The 23-year-old midfielder joins on a five-year deal. Reis scored "
     "11 goals in 34 appearances for Porto last season.", "Midfielder, 23, scored 11 goals in 34 appearances last season ."),
    ("The 27-year-old singer, whose debut album sold two million copies, was forced to walk off stage midway through a "
     "concert at Brenton Arena on Saturday. Fans who had paid up to £85 were told the show was over after just 40 "
     "minutes.", "Singer walked off stage after 40 minutes at Brenton show ."),
])
def test_a_highlight_that_names_what_the_lead_describes(checker: SupportChecker, source: str, answer: str) -> None:
    """Highlights name who the lead only describes: the lead's possessor ("The Duke and Duchess of
    Ashford's baby daughter") is no rival doer, a word the sources write in lower case
    ("Midfielder, 23,") no name to place, and an age ("The 27-year-old") no rival of a length of
    time ("after 40 minutes")."""
    assert refuses_nothing(checker, answer, source)


WIRE = ("Kelby council backs budget\n\nKELBY, March 6 (Newswire) \u2013 Kelby City Council on Wednesday approved a "
        "£98.2 million budget, including a 3.9% rise in council tax. The rise takes effect from April 1.\n\n"
        "Substitute Jo Arden scored twice in the last seven minutes as Kelby beat Dunmore 2-1. She equalised in the "
        "84th minute with a low shot.")


@pytest.mark.parametrize(("answer", "refused"), [
    ("Kelby City Council approved a £98.2 million budget that raises council tax by 3.9% from April 1.", False),
    ("Kelby City Council approved a £98.2 million budget that raises council tax by 3.9% from May 1.", True),
])
def test_a_dateline_is_no_part_of_the_lead(checker: SupportChecker, answer: str, refused: bool) -> None:
    """The dateline's "March 6" stood in the lead as a rival of the claim's "April 1"."""
    assert refuses_nothing(checker, answer, WIRE) is not refused


def test_a_minute_of_a_match_is_no_length_of_time(checker: SupportChecker) -> None:
    """"in the 84th minute" is a point in the match, no rival of the lead's "in the last seven minutes"."""
    result = checker.check("Kelby beat Dunmore 2-1, with substitute Jo Arden scoring in the 84th minute.",
                           [Source(id="s", content=WIRE)])
    assert all(c.reason is None or "strict rule" not in c.reason for c in result.claims)


@pytest.mark.parametrize(("answer", "refused"), [
    ("The dig also produced a gold finger ring and 312 bronze coins.", False),
    ("The dig also produced bone hairpins and 312 gold coins.", True),
    ("The dig also produced a bronze finger ring.", True),
])
def test_a_material_given_to_the_other_thing(checker: SupportChecker, answer: str, refused: bool) -> None:
    """"312 gold coins" beside "a gold finger ring and 312 bronze coins": a material is a word that
    describes the thing after it, and a count may stand where the article does."""
    source = "Among other finds are a bathhouse, bone hairpins, a gold finger ring and 312 bronze coins."
    assert refuses_nothing(checker, answer, source) is not refused


@pytest.mark.parametrize(("answer", "refused"), [
    ("Deposits by debit card are free up to 2,000 pounds a day.", False),
    ("Deposits by debit card are free with no daily limit.", True),
    ("There is no limit on withdrawals, which are free.", False),
])
def test_no_limit_where_the_sources_give_one(checker: SupportChecker, answer: str, refused: bool) -> None:
    source = ("Instant deposits by debit card are free up to 2,000 pounds per day; larger amounts can be sent by bank "
              "transfer. There is no fee and no limit on withdrawals.")
    assert refuses_nothing(checker, answer, source) is not refused


@pytest.mark.parametrize(("text", "remark"), [
    ("I adored it.", True), ("Made me laugh a lot.", True), ("Not my thing, but maybe you'll like it!", True),
    ("Love them!", True), ("Still holds up though!", True), ("Yep, that's him!", True),
    ("I heard it won three awards.", False), ("It's a comedy!", False), ("I love watching him at Rivergate!", False),
    ("It made me cry when he died.", False),
])
def test_a_chat_reaction_is_no_fact(text: str, remark: bool) -> None:
    """A reply's reaction names no thing and no value to check: the verifier read "Made me laugh a
    lot." as unsupported (0.001), and 32 of 40 correct chat replies of a helper's trial were refused."""
    from lexguard.grounding.claims._chat import is_question_to_reader, is_speaker_remark

    assert is_speaker_remark(text) is remark
    assert is_question_to_reader("Have you heard it?") and is_question_to_reader("Do you like that kind of slow build?")


@pytest.mark.parametrize(("answer", "refused"), [
    ("Blue Hour came out six years later, in 2009.", False),
    ("Blue Hour came out four years later, in 2009.", True),
])
def test_years_later_read_back_to_the_first_year(checker: SupportChecker, answer: str, refused: bool) -> None:
    source = ("Northbound is an album by Celia Moreau. Northbound release year 2003. Northbound has genre Jazz. Celia "
              "Moreau released Blue Hour. Blue Hour release year 2009. Northbound produced by Ansel Grieve")
    result = checker.check(f"Northbound, in 2003. {answer}", [Source(id="s", content=source)])
    assert any(c.reason is not None and "strict rule" in c.reason for c in result.claims) is refused


def test_a_reaction_closing_a_fact_and_praise_of_a_named_thing() -> None:
    """", and I really like watching him" and ", I think you'd like it" close a fact with the
    speaker's taste: split off, the fact is checked alone; "Crimson Ferry is a good one!" praises a
    named thing the sources hold."""
    from lexguard.grounding.claims._claim_types import classify_claim
    from lexguard.grounding.claims._judged_clauses import judged_clause_start

    for text, tail in (("He's Swedish, and I really like watching him.", ", and I really like watching him."),
                       ("It's by Dorian Pell, I think you'd like it.", ", I think you'd like it.")):
        assert text[judged_clause_start(text):] == tail
    assert judged_clause_start("It's by Dorian Pell, I think he wrote it in 2010.") is None
    sources = ["Crimson Ferry has genre Comedy. Crimson Ferry release year 2019."]
    assert classify_claim("Crimson Ferry is a good one!", sources) == "opinion"
    assert classify_claim("Copper Lane is a good one!", sources) == "fact"  # a name the sources do not hold


def test_a_praised_item_of_a_list_stays_a_fact_and_a_people_word_finds_its_country() -> None:
    from lexguard.grounding.claims._judged_clauses import judged_clause_start
    from lexguard.grounding.evidence._evidence import evidence_units
    from lexguard.grounding.signals._entities import entities

    text = "It has a rating of 4 stars, with customers praising the fast service, friendly staff, and great music."
    assert judged_clause_start(text) is None  # "great music" is what they praised: a fact to check
    assert [e.text for e in entities("That'd be Daria Kovac.")] == ["Daria Kovac"]
    units = evidence_units([Source(id="s", content="Daria Kovac plays for Westmere United. Daria Kovac position "
                                                   "Goalkeeper. Daria Kovac nationality Croatia.")])
    assert "Croatia" in units.text(units.select("Daria Kovac is Croatian.", 2))
