"""Rules that read a claim statement by statement, and the statements a source denies: a hedge
dropped in one clause, a rumour denied of a named person, an acquittal, the order of two events
told of one subject, an answer word before a full stop."""

from __future__ import annotations

import pytest

from lexguard import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.claims._questions import answer_word
from lexguard.grounding.signals._order import order_conflict
from lexguard.grounding.signals._overstated import overstatement
from lexguard.grounding.signals._refuted import denied_statements
from lexguard.grounding.signals._rewrite import blank_answer_word

CLIFF = ("Geologists warned that the coast path could collapse after the heavy spring rains. "
         "The council has fenced off a 300-metre section.")


def test_a_dropped_hedge_in_one_clause_is_an_overstatement() -> None:
    claim = "The coast path collapsed after the heavy spring rains, so the council fenced off a 300-metre section."
    assert overstatement(claim, [CLIFF]) is not None


@pytest.mark.parametrize(
    ("source", "claim"),
    [
        # the hedge is in the other clause of the source sentence
        ("So, for example, we may have sold 40 chairs this year at $90 each, and these 40 chairs cost us $55 "
         "each originally.", "The 40 chairs cost $55 each originally, giving a cost of sales of $2,200."),
        # "as close as possible" and "a cafeteria plan" hedge nothing
        ("Reyes says he tried to get as close as possible, aware that the guards had seen him.",
         "Reyes tried to get as close as possible, but the guards had seen him."),
        ("A cafeteria plan lets an employee lower their taxable income.",
         "The plan lets employees lower their taxable income, which cuts their tax bill."),
        ("The software update is expected to ship in the third quarter. It will add offline maps.",
         "The update should arrive in the third quarter, and it will add offline maps."),
        # "each year" is a rate, no quantifier raised over "a year"
        ("Benefits for permanent staff include a pension, private medical insurance and three paid volunteering "
         "days a year.", "Permanent staff get a pension, private medical insurance and three paid volunteering days "
         "each year."),
    ],
)
def test_clauses_that_keep_the_source_s_certainty(source: str, claim: str) -> None:
    assert overstatement(claim, [source]) is None


@pytest.mark.parametrize(
    ("sentence", "denied"),
    [
        ("The singer Mira Kall denied rumours that she was leaving the band Fernwood.",
         "The singer Mira Kall was leaving the band Fernwood"),
        ("A Dutch court acquitted the ferry's captain, Joris Vink, of causing the collision.",
         "the ferry's captain, Joris Vink, causing the collision"),
        ("It is a myth that it was built by slaves.", "it was built by slaves"),  # no subject to put for "it"
    ],
)
def test_what_a_denial_denies(sentence: str, denied: str) -> None:
    assert denied in denied_statements(sentence)


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


@pytest.mark.parametrize(
    ("source", "answer", "accepted"),
    [
        ("The singer Mira Kall denied rumours that she was leaving the band Fernwood.",
         "Mira Kall is leaving the band Fernwood.", False),
        ("The singer Mira Kall denied rumours that she was leaving the band Fernwood.",
         "Mira Kall denied rumours that she was leaving the band Fernwood.", True),
        ("A Dutch court acquitted the ferry's captain, Joris Vink, of causing the collision.",
         "The ferry's captain Joris Vink was convicted of causing the collision.", False),
        ("A Dutch court acquitted the ferry's captain, Joris Vink, of causing the collision.",
         "Joris Vink was acquitted of causing the collision.", True),
    ],
)
def test_denials_read_by_the_checker(checker: SupportChecker, source: str, answer: str, accepted: bool) -> None:
    result = checker.check(answer, [Source(id="news", content=source)])
    assert (result.recommendation == "accept") is accepted, [(c.text, c.status, c.support) for c in result.claims]


@pytest.mark.parametrize(
    ("source", "claim"),
    [
        ("Paola Greco studied law in Turin and then worked for two years in Lisbon.",
         "Paola Greco worked in Lisbon before she studied law in Turin."),
        ("Brandl served as transport minister from 2004 to 2008. He was then elected mayor of Graz.",
         "Brandl was mayor of Graz before he became transport minister."),
        # "A first and B": A before B
        ("The Ashby Trust will first repair the chapel roof in March and then rebuild the boundary wall in June.",
         "The Ashby Trust will rebuild the boundary wall first and repair the chapel roof after that."),
    ],
)
def test_the_order_of_two_events_of_one_subject(source: str, claim: str) -> None:
    assert order_conflict(claim, [source]) is not None


def test_the_order_told_right_is_no_conflict() -> None:
    source = "Paola Greco studied law in Turin and then worked for two years in Lisbon."
    assert order_conflict("Paola Greco studied law in Turin before she worked in Lisbon.", [source]) is None
    source = "The Ashby Trust will first repair the chapel roof in March and then rebuild the boundary wall in June."
    assert order_conflict("The Ashby Trust will repair the chapel roof first and then rebuild the boundary wall.",
                          [source]) is None


@pytest.mark.parametrize(
    ("text", "blank"),
    [("No. The bridge is open again.", True), ("Yes - it is open daily.", True),
     ("No. 10 Downing Street is in London.", False), ("Right-handed bowlers dominate.", False),
     # a bare answer word, also with a short echo of the question: read with the question
     ("No.", False), ("Yes - it is.", False), ("No, they don't.", False)],
)
def test_answer_words_before_a_statement(text: str, blank: bool) -> None:
    assert (blank_answer_word(text) != text) is blank
    if not blank:
        bare = answer_word(text) is not None and not text[answer_word(text).end:].strip()
        assert bare is (text in ("No.", "Yes - it is.", "No, they don't."))


@pytest.mark.xfail(strict=True, reason="known false refusal: the 6-layer verifier reads 'The Tamar Bridge is still "
                   "closed' as supported by 'reopened to traffic' (0.62), so the answer 'No' reads as wrong")
def test_no_before_a_full_stop_is_read_with_the_question(checker: SupportChecker) -> None:
    source = [Source(id="roads", content="The Tamar Bridge reopened to traffic on Monday after two weeks of repairs.")]
    result = checker.check("No. The bridge is open again.", source, "Is the Tamar Bridge still closed?")
    assert result.recommendation == "accept", [(c.text, c.status, c.support) for c in result.claims]


def test_a_negation_in_one_statement_flips_no_sentence_that_states_only_the_other() -> None:
    from lexguard.grounding.signals._polarity import polarity_conflict

    source = "The Harbour Line tram runs every 12 minutes. It doesn't run after midnight."
    assert polarity_conflict("The Harbour Line tram runs every 12 minutes and doesn't run after midnight.", [source]) is None
    assert polarity_conflict("The Harbour Line tram doesn't run every 12 minutes.", [source]) is not None


def test_a_subject_left_out_of_a_later_clause_is_read_with_it() -> None:
    from lexguard.grounding.signals._clauses import clauses, with_subject
    from lexguard.grounding.signals._polarity import polarity_conflict

    source = "The Kessel Bridge is open to cyclists but closed to cars during the repairs."
    assert with_subject(clauses(source))[1] == "The Kessel Bridge but closed to cars during the repairs."
    assert polarity_conflict("The Kessel Bridge is open to cars during the repairs.", [source]) is not None
    assert polarity_conflict("The Kessel Bridge is open to cyclists during the repairs.", [source]) is None


WALL = ("It was once claimed that the Ostwall can be seen from orbit with the naked eye. "
        "Pilots have confirmed that this is not true.")


def test_a_sentence_the_next_one_calls_false_is_denied() -> None:
    from lexguard.grounding.signals._polarity import polarity_conflict
    from lexguard.grounding.signals._refuted import denied_by_next
    from lexguard.grounding.signals._restatement import polarity_restatement

    first, second = WALL.split(". ", 1)
    assert denied_by_next(first, second) == "the Ostwall can be seen from orbit with the naked eye"
    assert denied_by_next(first, "Pilots saw it in 1962.") is None
    assert polarity_conflict("The Ostwall can be seen from orbit with the naked eye.", [WALL]) is not None
    assert polarity_restatement("The Ostwall cannot be seen from orbit with the naked eye.", [WALL]) is not None


def test_a_negated_denied_statement_restates_the_source() -> None:
    from lexguard.grounding.signals._restatement import polarity_restatement

    source = "Researchers have debunked the idea that carp have a five-second memory."
    assert polarity_restatement("Carp do not have a five-second memory.", [source]) is not None
    assert polarity_restatement("Carp have a five-second memory.", [source]) is None


def test_an_instruction_the_sources_give_is_checked_and_passes(checker: SupportChecker) -> None:
    source = [Source(id="office", content="Register online first, then bring your ID card to the town hall to collect "
                                          "your permit. Permits are printed within three working days.")]
    given = checker.check("You need to register online before you go to the town hall with your ID card.", source)
    assert given.recommendation == "accept", [(c.text, c.status, c.support) for c in given.claims]
    assert given.claims[0].status == "supported"
    other = checker.check("Consider asking a lawyer to read the permit first.", source)
    assert other.claims[0].status == "not_checked"  # advice the sources do not give is not checked
    assert other.recommendation != "accept"


def test_a_count_in_a_clause_that_leaves_its_noun_to_the_first(checker: SupportChecker) -> None:
    source = [Source(id="ward", content="The north wing of the clinic has 140 beds and the south wing has 65. "
                                        "The south wing was rebuilt in 2018.")]
    wrong = checker.check("The south wing has 140 beds and was rebuilt in 2018.", source)
    assert wrong.recommendation != "accept"
    right = checker.check("The south wing has 65 beds and was rebuilt in 2018.", source)
    assert right.recommendation == "accept", [(c.text, c.status, c.support) for c in right.claims]


@pytest.mark.parametrize(
    ("sources", "answer", "accepted"),
    [
        # a judgement or a narrowed denial in the next sentence denies nothing of a plain statement
        (["The council closed the library in 2019. That was wrong, residents said."],
         "The council closed the library in 2019.", True),
        (["The tablet costs $299. This is not true for the 256 GB model."], "The tablet costs $299.", True),
        # "but" after "every day" opens another statement, not an exception
        (["The museum is open every day, but the cafe closes at 4 pm."], "The cafe closes at 4 pm.", True),
        (["The shop is open daily but closes early on Sundays."], "The shop closes early on Sundays.", True),
        # crews clearing a road acquit no one
        (["Crews cleared the road of debris on Tuesday."], "Debris covered the road on Tuesday.", True),
        # a source naming the claim's subject and the other document's subject links them
        (["The Salt Road was published in 2004. It won the Nordic Council Literature Prize in 2006.",
          "Ingrid Falk wrote The Salt Road, a novel set in Lapland."],
         "Ingrid Falk's novel won the Nordic Council Literature Prize in 2006.", True),
        # "It was then revealed that ..." reports an earlier event
        (["The dam burst on Friday. It was then revealed that engineers had warned of cracks in May."],
         "Engineers warned of cracks in the dam before it burst.", True),
        # a hedge that governs the whole claim governs its later clauses
        (["Officials believe the fire started in the kitchen. It may then have spread through the roof."],
         "Officials believe the fire started in the kitchen, and that it then spread through the roof.", True),
        (["A new bridge is planned for 2027."], "A new bridge was built in 2027.", False),
        # "cleared" is a word of the denied statement, not a report of the denial
        (["The council denied reports that the site had been cleared of asbestos."],
         "The site had been cleared of asbestos.", False),
    ],
)
def test_what_a_review_found(checker: SupportChecker, sources: list[str], answer: str, accepted: bool) -> None:
    result = checker.check(answer, [Source(id=f"s{i}", content=text) for i, text in enumerate(sources)])
    assert (result.recommendation == "accept") is accepted, [(c.text, c.status, c.support) for c in result.claims]



def test_the_subject_of_a_denial_drops_the_denial_words_it_ends_on() -> None:
    assert "The mayor was leaving" in denied_statements("The mayor denied denied rumours that she was leaving.")


@pytest.mark.parametrize(
    ("source", "claim", "overstated"),
    [
        ("Fog at Kelso Airport meant that all flights but one were cancelled on Monday.",
         "Every flight at Kelso Airport was cancelled on Monday.", True),
        ("The Harwell Medal is awarded every two years to a young engineer.", "The Harwell Medal is awarded every year.", True),
        ("Recycling is collected every other Thursday.", "Recycling is collected every Thursday.", True),
        ("Recycling is collected every other Thursday.", "Recycling is collected every other Thursday.", False),
        ("The Harwell Medal is awarded every year to a young engineer.", "The Harwell Medal is awarded every year.", False),
        ("The book swap meets on the last Tuesday of each month at Kilby Library.",
         "The book swap meets every Tuesday at Kilby Library.", True),
        ("The book swap meets on the last Tuesday of each month at Kilby Library.",
         "The book swap meets on the last Tuesday of the month at Kilby Library.", False),
    ],
)
def test_all_but_one_is_not_all_and_every_other_is_not_every(source: str, claim: str, overstated: bool) -> None:
    assert (overstatement(claim, [source]) is not None) is overstated


@pytest.mark.parametrize(
    ("claim", "source", "conflict"),
    [
        # found in hostile trial C: a phrase opening the sentence hid the negation of the rest
        ("The Version 5.2 update deletes saved passwords.",
         "Despite claims on social media, the Version 5.2 update does not delete saved passwords.", True),
        ("The match was cancelled.", "Despite the rain, the match was not cancelled.", True),
        ("The castle ticket office only accepts cash.",
         "Contrary to a widely shared post, the castle ticket office does not accept only cash.", True),
        ("The match was not cancelled.", "Despite the rain, the match was not cancelled.", False),
        # "until" opens a statement of its own: "remain closed" is read whole
        ("The Fenwick Lane footbridge is open.",
         "The Fenwick Lane footbridge will remain closed until repairs are completed in November.", True),
        ("The Fenwick Lane footbridge is closed.",
         "The Fenwick Lane footbridge will remain closed until repairs are completed in November.", False),
        # "otherwise" after a comma opens a statement of its own (found in a hostile trial)
        ("Wait until the onions are soft before adding the spinach so that it does not wilt too much.",
         "Add the spinach only after the onions have softened, otherwise it will wilt too much.", False),
        # a negated weekday claim is not another day's positive statement
        ("The shop is not open on Sundays.", "Although it is not open on Sundays, the shop is open late on Fridays.", False),
        ("The shop is not open on Sundays.", "The shop is open late on Fridays, although it is not open on Sundays.", False),
        ("The shop is open on Sundays.", "Although it is not open on Sundays, the shop is open late on Fridays.", True),
    ],
)
def test_a_phrase_that_opens_the_sentence_is_a_statement_of_its_own(claim: str, source: str, conflict: bool) -> None:
    from lexguard.grounding.signals._values import statement_conflicts

    assert (statement_conflicts(claim, [source], [])["conflict"] is not None) is conflict


@pytest.mark.parametrize(
    ("source", "claim", "overstated"),
    [
        ("The council is considering extending the library's opening hours to 8 pm.",
         "The council is extending the library's opening hours to 8 pm.", True),
        ("Considering the cost, the council approved the plan.", "The council approved the plan.", False),
    ],
)
def test_is_considering_hedges_a_statement(source: str, claim: str, overstated: bool) -> None:
    from lexguard.grounding.signals._overstated import overstatement

    assert (overstatement(claim, [source]) is not None) is overstated


def test_a_phrase_of_a_long_claim_said_more_often() -> None:
    source = ("Garden waste is collected every two weeks from March to November. Only grass, leaves and small "
              "branches can go in the brown bin. Food waste goes in the green caddy.")
    claim = ("Food waste goes in the green caddy, while the brown bin, which is collected every week from March to "
             "November, is only for grass, leaves and small branches.")
    assert overstatement(claim, [source]) is not None
    assert overstatement(claim.replace("every week", "every two weeks"), [source]) is None


def test_steps_told_in_sentences_of_their_own_keep_their_order() -> None:
    from lexguard.grounding.signals._order import order_conflict

    steps = ("New members must complete an induction first. First, book your induction online. Then attend a "
             "20-minute session with a coach. Finally, collect your fob from reception.")
    assert order_conflict("First collect your fob from reception, then book your induction online.", [steps]) is not None
    assert order_conflict("Book your induction online, then attend a 20-minute session, and finally collect your "
                          "fob from reception.", [steps]) is None
