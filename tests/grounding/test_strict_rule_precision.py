"""The strict rules fire on what they were written for, not on a faithful paraphrase.

Each case here is a faithful way of writing a source statement that a strict rule used to fail
(false alarms found on RAGTruth train documents, written again by hand), beside the flip the same
rule must still catch.
"""

from __future__ import annotations

import pytest

from lexguard import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._answer_slot import rival_answer
from lexguard.grounding.signals._entities import entities
from lexguard.grounding.signals._order import order_conflict
from lexguard.grounding.signals._overstated import overstatement
from lexguard.grounding.signals._polarity import polarity_conflict
from lexguard.grounding.signals._weekdays import days_named


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("Once the timer rings, switch off the grill without lifting the lid.",
         "Once the timer rings, don't lift the lid but switch the grill off."),
        ("Clip the hose to the bracket with a cable tie to prevent it from dragging on the floor.",
         "Clip the hose to the bracket with a cable tie, so that the hose does not drag on the floor."),
        ("The manual warns against unplugging the console during the update.",
         "During the update the manual warns to not unplug the console."),
    ],
)
def test_a_negation_said_in_other_words_is_no_flip(claim: str, source: str) -> None:
    assert polarity_conflict(claim, [source]) is None


@pytest.mark.parametrize(
    ("claim", "source", "flipped"),
    [
        # the negation denies what its own clause says, not what follows the comma
        ("The driver will appear in court on Friday.",
         "The driver, who has not been named, will appear in court on Friday.", False),
        ("The bakery reopens in March.", "The bakery (not the café) reopens in March.", False),
        # an aside inside the negation's clause is read past: still a flip
        ("The mayor signed the lease.", "The mayor did not, however, sign the lease.", True),
        ("The bridge opened in 1937.", "The bridge was not, in fact, opened in 1937.", True),
        ("The mayor signed the lease.", "The mayor did not, as was often claimed, sign the lease.", True),
        ("The repair cost 12,500 euros.", "The repair did not cost 12,500 euros.", True),  # a comma in a number
        ("The clerk reported the theft.", "The clerk did not report the theft.", True),  # an aside word in the clause
        ("The driver will appear in court on Friday.",
         "The driver, who was named on Tuesday, will not appear in court on Friday.", True),
    ],
)
def test_a_negation_denies_its_own_clause(claim: str, source: str, flipped: bool) -> None:
    assert (polarity_conflict(claim, [source]) is not None) is flipped


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("The Acme plant did not stop car production in 2019.", "The Acme plant stopped car production in 2019."),
        ("The Acme plant stopped car production in 2019.", "The Acme plant did not stop car production in 2019."),
        ("Once the timer rings, lift the lid of the grill.", "Once the timer rings, don't lift the lid of the grill."),
        # a word that says "not" of something else excuses nothing
        ("Once the timer rings, lift the lid without delay.", "Once the timer rings, don't lift the lid."),
    ],
)
def test_a_negation_is_still_a_flip(claim: str, source: str) -> None:
    assert polarity_conflict(claim, [source]) is not None


def test_a_hedge_elsewhere_in_a_long_run_of_text_does_not_qualify_the_claim() -> None:
    blob = (
        "pack your parcel whether you sell old books or just want some extra cash it is a fun way to start "
        "you can open a seller account in advance or when you list your first book buyers may leave feedback "
        "prices might change with demand and shipping labels print from the orders page"
    )
    assert overstatement("Pack your parcel.", [blob]) is None


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("He appeared in westerns in the 1960s.", "He tended to appear in westerns in the 1960s."),
        ("Ortiz is accused of stealing the van in March.", "Ortiz allegedly stole the van in March."),
        ("The founders backed the charter, believing it would protect small towns.",
         "The founders backed the charter because they believed it would protect small towns."),
        # a statement reported as someone's, or a potential, keeps the doubt
        ("The report contradicts the owner's statement that a tenant had broken the lock.",
         "The report contradicts the owner's statement that he was angry after a tenant allegedly broke the lock."),
        ("Some guests mentioned that the rooms were small for the price.",
         "I think the rooms were small for the price."),
        ("The council expects the new library to open in spring.", "The new library is expected to open in spring."),
        ("The cause of the fire has not been identified, and it is unclear if it was deliberate.",
         "Police said it is not possible to identify the cause of the fire or say whether it was deliberate."),
        ("A trial in mice showed the drug's potential to reverse hair loss.", "A trial in mice suggests the drug might reverse hair loss."),
        # an instruction beside a source's leave or need ("may be picked", "you may have to")
        ("In late summer, pick the pods when they are dry and brown.", "In late summer the pods may be picked when they are dry and brown."),
        ("Determine if the landlord has signed the form with the agency.",
         "If the landlord has signed the form with the agency, you may have to send a copy to the council."),
        # a hedge that leads in a list ("may include:") is no doubt of an item's own words
        ("A rash or blisters on the palms of the hands.",
         "Early signs may include: 1 A rash or blisters on the palms of the hands. 2 A mild fever."),
    ],
)
def test_no_overstatement_where_the_claim_keeps_the_doubt_or_the_word_is_no_hedge(claim: str, source: str) -> None:
    assert overstatement(claim, [source]) is None


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("The bridge is safe.", "The bridge appears to be safe."),
        ("Ortiz stole the van in March.", "Ortiz allegedly stole the van in March."),
        # "causes" and "cause" are one word; a share is a quantity ("only 9%" is few, "half" is not all)
        ("This spray causes dizziness, so you must not drive after using it.",
         "This spray may cause dizziness; if affected, do not drive."),
        ("Most members voted against the merger.", "Only 9% of members voted against the merger."),
        ("All of the branch's staff will move to the new office.", "About half of the branch's staff will move to the new office."),
        # an instruction that states as certain what the source gives as possible
        ("Soak the beans overnight to halve the cooking time.", "Soaking the beans overnight may halve the cooking time."),
        ("Wear the brace to prevent a second sprain.", "Wearing the brace might prevent a second sprain."),
    ],
)
def test_a_dropped_hedge_is_still_an_overstatement(claim: str, source: str) -> None:
    assert overstatement(claim, [source]) is not None


def test_a_brand_written_in_camel_case_is_one_name() -> None:
    assert [m.text for m in entities("Sell it on eBay or list it on iPhone apps.")] == ["eBay", "iPhone"]


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


def _statuses(checker: SupportChecker, answer: str, source: str) -> list[str]:
    return [c.status for c in checker.check(answer, [Source(id="s", content=source)]).claims]


_REVIEW = "{'name': 'Olive Row', 'reviews': [{'date': '2019-04-13', 'stars': 4, 'text': 'Lovely pasta.'}]}"


def test_the_month_of_a_date_is_checked_with_the_date(checker: SupportChecker) -> None:
    assert _statuses(checker, "A review from April 13, 2019 gave Olive Row four stars.", _REVIEW) == ["supported"]
    assert _statuses(checker, "A review from June 13, 2019 gave Olive Row four stars.", _REVIEW) != ["supported"]


def test_a_camel_case_brand_the_source_writes_in_lower_case_is_given(checker: SupportChecker) -> None:
    source = "To sell a bike, list it on ebay with clear photos and wait for bids."
    assert _statuses(checker, "List the bike on eBay with clear photos.", source) == ["supported"]
    assert _statuses(checker, "List the bike on Amazon with clear photos.", source) != ["supported"]


def test_a_quote_with_a_bracketed_insertion_is_read_piece_by_piece(checker: SupportChecker) -> None:
    source = "Review: honestly the worst motel I've ever stayed at, the sheets were dirty."
    quoted = 'One guest called it "the worst motel [they\'ve] ever stayed at".'
    assert _statuses(checker, quoted, source) == ["supported"]
    invented = 'One guest called it "the worst motel [they\'ve] ever seen in Ohio".'
    assert _statuses(checker, invented, source) != ["supported"]
    scattered = 'One guest called it "the worst [sheets] ... dirty".'  # one-word pieces are found anywhere
    assert _statuses(checker, scattered, source) != ["supported"]


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("After a two-week walkout, the dockers and the port signed a deal.",
         "The dockers and the port signed a deal that would end the two-week walkout."),
        ("The ferry sailed after the storm passed.", "The ferry sailed once the storm passed."),
        ("The fire alarm was replaced three weeks after the bakery reopened.",
         "The fire alarm was replaced, three weeks after the bakery reopened."),
        ("Stop eating eight hours before the scan.", "Stop eating eight hours before the scan and drink only water."),
        ("The 8:40 train to Dover calls at Kenton before Ashby.", "The 8:40 train to Dover calls at Kenton before it reaches Ashby."),
        # a leading "Before ..." that dates both events does not turn their order round
        ("Rinse the jug with warm water, then soak the cartridge in cold water.",
         "Before first use, rinse the jug with warm water. Then soak the cartridge in cold water."),
        # what an event is done for is no part of it: the evidence may say it anywhere
        ("Air the tent in the shade after brushing it to remove sand and grit.",
         "After brushing, air the tent in the shade, which also helps remove sand and grit."),
        ("Leave the vinegar in the kettle for an hour to loosen the scale, and then rinse it twice.",
         "Rinse the kettle twice once the vinegar has been left in it for an hour."),
    ],
)
def test_events_named_in_one_order_but_not_told_in_it_are_no_order_conflict(claim: str, source: str) -> None:
    assert order_conflict(claim, [source]) is None


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("The ferry sailed before the storm passed.", "The ferry sailed once the storm passed."),
        ("The bakery reopened before the shop was sold to Ann.",
         "The shop was sold to Ann in May and the bakery reopened in June."),
        ("The bakery reopened before the shop was sold to Ann.",
         "The shop was sold to Ann in May; the bakery reopened in June."),
        ("Soak the cartridge in cold water, then rinse the jug with warm water.",
         "Before first use, rinse the jug with warm water. Then soak the cartridge in cold water."),
        ("She locked every window after leaving the house.", "Before leaving the house, she locked every window."),
        ("The 8:40 train to Dover calls at Ashby before Kenton.", "The 8:40 train to Dover calls at Kenton before it reaches Ashby."),
        # a span between the events is an order when the source gives the same span between its own
        ("The bakery reopened three weeks after the fire alarm was replaced.",
         "The fire alarm was replaced, three weeks after the bakery reopened."),
    ],
)
def test_an_order_told_by_a_word_or_a_clause_boundary_is_still_read(claim: str, source: str) -> None:
    assert order_conflict(claim, [source]) is not None


def test_a_lower_case_word_joined_to_a_name_is_not_part_of_it() -> None:
    found = [m.text for m in entities("They serve Mexican-inspired tacos, New York-style pizza and Coca-Cola.")]
    assert found == ["Mexican", "New York", "Coca-Cola"]


def test_a_title_inside_a_name_leaves_the_person(checker: SupportChecker) -> None:
    source = "India's Prime Minister Narendra Modi sent a message of hope to the marchers on Saturday."
    assert _statuses(checker, "Indian PM Narendra Modi sent a message of hope to the marchers.", source) == ["supported"]
    assert _statuses(checker, "Indian PM Rahul Gandhi sent a message of hope to the marchers.", source) != ["supported"]


@pytest.mark.parametrize(
    ("claim", "good"),
    [
        ("Basil grows best between 60-80°F (16-27°C).", True),
        ("Basil grows best between 60-80°F (20-35°C).", False),
        ("Basil grows best at 80 degrees Fahrenheit (27 degrees Celsius).", True),
        ("Basil grows best at 80 degrees Fahrenheit (35 degrees Celsius).", False),
        ("Basil grows best at 80 degrees Celsius.", False),
    ],
)
def test_a_temperature_converted_in_a_range_or_in_words_is_read(checker: SupportChecker, claim: str, good: bool) -> None:
    source = "Basil grows best at a temperature range of 60-80°F, in full sun."
    assert (_statuses(checker, claim, source) == ["supported"]) is good


def test_a_quarter_is_one_value_however_it_is_written(checker: SupportChecker) -> None:
    source = "Two suppliers will continue to constrain our production through the end of the second quarter."
    assert _statuses(checker, "Two suppliers will constrain production until the end of Q2.", source) == ["supported"]
    assert _statuses(checker, "Two suppliers will constrain production until the end of Q3.", source) != ["supported"]


def test_two_things_trading_places_in_a_near_copy_are_swapped_roles() -> None:
    source = ["The billing service sends invoices to the archive service every night."]
    assert polarity_conflict("The archive service sends invoices to the billing service every night.", source)
    # the same statement with its parts in another order is no swap
    assert polarity_conflict("Every night, the billing service sends invoices to the archive service.", source) is None


@pytest.mark.parametrize(
    ("claim", "flagged"),
    [
        ("The pool is closed to swimmers from 9 p.m. Friday to 7 a.m. Tuesday for cleaning.", True),
        ("The pool is closed to swimmers from 9 p.m. Friday to 7 a.m. Monday for cleaning.", False),
        ("The pool is closed to swimmers from 9 p.m. to 7 a.m. for cleaning.", False),
    ],
)
def test_another_weekday_in_the_same_statement_is_a_conflict(claim: str, flagged: bool) -> None:
    source = ["The pool is closed to swimmers from 9 p.m. Friday to 7 a.m. Monday for cleaning. Lessons resume in May."]
    assert (polarity_conflict(claim, source) is not None) is flagged


def test_a_span_of_days_holds_the_days_inside_it() -> None:
    source = ["The library is open Monday through Friday from 9 a.m. to 6 p.m. for members."]
    assert polarity_conflict("The library is open on Wednesday from 9 a.m. to 6 p.m. for members.", source) is None
    hours = ["The Dunmore gallery is open Tuesday through Sunday from 10 a.m. to 5 p.m. It is closed on Mondays."]
    assert polarity_conflict("The Dunmore gallery is open on Mondays.", hours) is not None
    assert polarity_conflict("The Dunmore gallery is closed on Mondays.", hours) is None
    assert polarity_conflict("The Dunmore gallery is open on Thursdays.", hours) is None


def test_a_span_of_days_widened_by_a_day_no_source_names() -> None:
    hours = ["The Marlow weaving museum is open Wednesday to Sunday from 10:00 to 17:00. Entry is £7."]
    assert polarity_conflict("The Marlow weaving museum is open Tuesday to Sunday from 10:00 to 17:00.", hours) is not None
    assert polarity_conflict("The Marlow weaving museum is open Wednesday to Sunday from 10:00 to 17:00.", hours) is None
    assert polarity_conflict("The Marlow weaving museum is open Thursday to Sunday from 10:00 to 17:00.", hours) is None
    # a day another statement names is no widening ("On Saturdays it opens ...")
    split = ["The Marlow shop is open Monday to Friday from 9:00. On Saturdays the Marlow shop opens at 10:00."]
    assert polarity_conflict("The Marlow shop is open Monday to Saturday from 9:00.", split) is None


def test_a_yes_to_a_day_the_sources_leave_out_is_caught(checker: SupportChecker) -> None:
    hours = "The Dunmore gallery is open Tuesday through Sunday from 10 a.m. to 5 p.m. It is closed on Mondays."
    result = checker.check("Yes, it is.", [Source(id="s", content=hours)], "Is the Dunmore gallery open on Mondays?")
    assert result.recommendation != "accept"


def test_words_that_only_look_like_days_are_no_days() -> None:
    assert days_named("She sat in the sun and wed in June.") == set()
    assert days_named("Open Mon-Fri, and Sundays.") == {0, 1, 2, 3, 4, 6}


@pytest.mark.parametrize(
    ("passage", "sentences"),
    [
        ("Closed from 8 p.m. Friday to 6 a.m. Monday. It reopens Tuesday.",
         ["Closed from 8 p.m. Friday to 6 a.m. Monday.", "It reopens Tuesday."]),
        ("Open 10 a.m. to 5 p.m. It is closed on Mondays.", ["Open 10 a.m. to 5 p.m.", "It is closed on Mondays."]),
        ("It cost 3.5 million. The U.S. Embassy paid.", ["It cost 3.5 million.", "The U.S. Embassy paid."]),
        ("The panel found that Halden Ltd. owed Ferro Metals 90,000 euros. Halden will appeal.",
         ["The panel found that Halden Ltd. owed Ferro Metals 90,000 euros.", "Halden will appeal."]),
    ],
)
def test_a_source_sentence_is_not_cut_at_the_dot_of_a_time_or_a_decimal(passage: str, sentences: list[str]) -> None:
    assert list(passage_sentences(passage)) == sentences


_FOUNDING = ("The Harlow Playhouse was founded in 1911 by the singer Ada Voss. Her cousin Peter Voss ran its box "
             "office for many years.")


@pytest.mark.parametrize(
    ("answer", "wrong"),
    [("Peter Voss.", True), ("Ada Voss.", False), ("The singer Ada Voss.", False), ("1911.", False)],
)
def test_a_short_answer_is_read_where_its_question_points(answer: str, wrong: bool) -> None:
    asked = "In what year was" if answer[0].isdigit() else "Who founded"
    question = f"{asked} the Harlow Playhouse{' founded' if answer[0].isdigit() else ''}?"
    assert (rival_answer(question, answer, [_FOUNDING]) is not None) is wrong


def test_a_short_answer_with_no_single_place_to_read_it_is_left_to_the_verifier() -> None:
    source = ["The Dorne Viaduct opened to rail traffic in 1975. The Dorne Viaduct opened to road traffic in 1978."]
    assert rival_answer("What year did the Dorne Viaduct open?", "1978.", source) is None  # two statements tie


def test_a_short_answer_is_read_where_the_questions_relation_is() -> None:
    """"1969." to "What year did the Dorne Viaduct open?" is read against the sentence that says when
    it opened (1975), which names it by "it"; "began in 1969" holds its name but not the opening
    (thirty-sixth session: it had been left to the verifier as a tie)."""
    source = ["Work on the Dorne Viaduct began in 1969. After six years of building, it opened to traffic in 1975."]
    assert rival_answer("What year did the Dorne Viaduct open?", "1969.", source) is not None
    assert rival_answer("What year did the Dorne Viaduct open?", "1975.", source) is None


def test_a_wrong_short_answer_fails_in_the_checker(checker: SupportChecker) -> None:
    source = Source(id="s", content=_FOUNDING)
    wrong = checker.check("Peter Voss.", [source], "Who founded the Harlow Playhouse?")
    assert wrong.claims[0].status == "contradicted"
    right = checker.check("Ada Voss.", [source], "Who founded the Harlow Playhouse?")
    assert right.claims[0].status == "supported"


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("The Orvik lighthouse stands on the southern tip of the island.",
         "The Orvik lighthouse stands on the northern tip of the island, facing the open sea."),
        ("In the study, patients who cycled daily saw their cholesterol levels rise by 9 percent.",
         "Exercise helps the heart. In the study, patients who cycled daily saw their cholesterol levels drop by 9 percent."),
        ("The high court overturned the tribunal's decision.", "The high court upheld the tribunal's decision."),
        ("Each spring, grey whales swim north.",
         "Each spring, grey whales swim south, travelling from their feeding grounds to the warm lagoons of Baja."),
    ],
)
def test_more_opposites_are_read(claim: str, source: str) -> None:
    assert polarity_conflict(claim, [source]) is not None


def test_a_participle_after_a_comma_opens_a_statement_of_its_own() -> None:
    source = ["Each spring, grey whales swim north, travelling from the warm lagoons of Baja to their feeding grounds."]
    assert polarity_conflict("Each spring, grey whales swim north.", source) is None


def test_a_passive_without_its_agent_is_no_swap() -> None:
    source = ["May 9 is celebrated as Unity Day in Vestland, honouring the first free vote in 1951."]
    assert polarity_conflict("Vestland celebrated Unity Day on May 9, honouring the first free vote in 1951.", source) is None


def test_a_relative_clause_is_a_statement_of_its_own() -> None:
    source = ["Lacewings feed on mites, which harm many fruit trees."]
    assert polarity_conflict("Mites feed on lacewings.", source) is not None
    assert polarity_conflict("Lacewings feed on mites.", source) is None


def test_a_negation_of_something_the_claim_does_not_say_is_no_flip() -> None:
    source = ["The 2021 safety audit, carried out by the Dalby Port Authority, found no breaches of the harbour code."]
    claim = "The Dalby Port Authority carried out the 2021 safety audit, which found no breaches of the harbour code."
    assert polarity_conflict(claim, source) is None
    assert polarity_conflict("The 2021 safety audit found breaches of the harbour code.", source) is not None


_OPENING = ("Mayor Rosa Lindqvist cut the ribbon at the new Eastgate swimming hall on Saturday. Council member "
            "Tomas Berger, who pushed for the project, gave a short speech.")


def test_a_name_put_in_the_place_of_the_one_who_did_it_is_misplaced(checker: SupportChecker) -> None:
    moved = "Tomas Berger cut the ribbon at the new Eastgate swimming hall on Saturday."
    assert _statuses(checker, moved, _OPENING) == ["contradicted"]
    assert _statuses(checker, "Rosa Lindqvist cut the ribbon at the new Eastgate swimming hall on Saturday.",
                     _OPENING) == ["supported"]
    passive = "The Vela lamp is manufactured by Korrin Lighting in Tampere. Its app is made by a partner, Nordlight Apps."
    assert _statuses(checker, "Nordlight Apps manufactures the Vela lamp.", passive) != ["supported"]


def test_a_list_of_names_says_nobody_did_anything(checker: SupportChecker) -> None:
    source = ("The two largest lakes of the region are Lake Veli, which lies in the north, and Lake Sarn, "
              "found in the southern hills.")
    assert _statuses(checker, "Lake Veli and Lake Sarn.", source) == ["supported"]


def test_a_bare_acronym_alone_is_left_to_the_verifier() -> None:
    """An acronym no source holds ("TV", "HR", the answer's own "(MTBF)") was failed by the name
    rule whatever the models said: on RAGTruth dev 5 of the 33 claims so failed were hallucinated.
    It no longer breaks a strict rule by itself; a full name still does, and so does an acronym
    where the evidence names another one (found in review: "The FBI" for "The CIA" passed)."""
    from lexguard.grounding._config import GroundingConfig
    from lexguard.grounding._strict import breaks_a_strict_rule
    from lexguard.grounding.signals._entities import rival_acronyms
    from lexguard.grounding.verify._features import ClaimEvidence

    config = GroundingConfig()

    def strict(*names: str, evidence: str = "The office opens at nine.") -> bool:
        claim = f"Please ask {' and '.join(names)} today."
        found = [m for m in entities(claim)]
        assert [m.text for m in found] == list(names)
        rivals = rival_acronyms(claim, [evidence])
        return breaks_a_strict_rule(ClaimEvidence(features=[], best_chunks=[], best_scores=[], unknown_entities=found,
                                                  rival_acronyms=rivals), config)

    assert not strict("HR") and not strict("TVs") and not strict("MTBF")
    assert strict("Greg Pham") and strict("HR", "Greg Pham")
    assert strict("HR", evidence="Please ask IT today.")  # another acronym in its place
    assert not strict("HR", evidence="The survey (95% CI 10-14) was run today.")  # another acronym elsewhere
    assert strict("TOKYO")  # five capitals: a word in capitals, not an acronym


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Visit the Old Granary on a weekday morning.", ["Old Granary"]),
        # a first name that is also a verb stays whole (found in review: "Bill Gates" was "Gates")
        ("Bill Gates founded the charity in 2000.", ["Bill Gates"]),
        ("Mark Twain wrote the novel.", ["Mark Twain", ]),
        ("Mills scored the winning goal.", ["Mills"]),  # a noun's other forms are no reason to drop it
        ("Introduce yourself to the panel before you begin.", []),  # "introduced" is a common word
        ("Napoleon crossed the Alps in 1800.", ["Napoleon", "Alps"]),
        ("North Korea tested a missile.", ["North Korea"]),  # not a verb: the name stays whole
    ],
)
def test_an_imperative_opening_a_sentence_is_no_part_of_a_name(text: str, names: list[str]) -> None:
    assert [m.text for m in entities(text)] == names


@pytest.mark.slow
@pytest.mark.parametrize(
    ("answer", "accepted"),
    [
        ('The finale of "The Wanderers" aired in May 2009.', True),  # the source writes 'Wanderers'
        ('The finale of "The Drifters" aired in May 2009.', False),  # another title
        ('The finale of "the show nobody watched" aired in May 2009.', False),  # not a title
    ],
)
def test_a_quoted_title_may_drop_its_leading_article(answer: str, accepted: bool) -> None:
    """On RAGTruth dev five correct summaries quoted "The Sopranos" where the source wrote
    'Sopranos', and the quotation rule failed them."""
    source = "Fans still argue about how 'Wanderers' ended. Its finale aired in May 2009 and closed on a diner."
    result = SupportChecker().check(answer, [Source(id="s", content=source)])
    assert (result.recommendation == "accept") is accepted, [f.rule_id for f in result.findings]


@pytest.mark.slow
def test_a_one_word_quoted_title_must_be_written_as_a_title() -> None:
    """Found in review: with its article dropped, a one-word title was "found" wherever the word
    stood ("The Liars" beside "called the members liars")."""
    source = "The band released its debut album in 2004. Critics called the members liars and frauds."
    result = SupportChecker().check('The band called its debut album "The Liars".', [Source(id="s", content=source)])
    assert result.recommendation == "regenerate"


@pytest.mark.parametrize(
    ("claim", "overstated"),
    [
        ("The merger will lift Pelham Foods' annual revenue to about $2 billion.", True),
        ("The merger lifts Pelham Foods' annual revenue to about $2 billion.", True),
        ("The merger could lift Pelham Foods' annual revenue to about $2 billion.", False),
    ],
)
def test_could_is_a_hedge_a_certain_claim_drops(claim: str, overstated: bool) -> None:
    """Found in a hostile trial: "could lift" made "will lift" passed as supported (0.996)."""
    source = "Analysts at the bank said the merger could lift Pelham Foods' annual revenue to about $2 billion."
    assert (overstatement(claim, [source]) is not None) is overstated


RICE = "First brown the onions in a little oil for five minutes. Then add the rice and stir until it is coated."


@pytest.mark.parametrize(
    ("claim", "flagged"),
    [
        ("First add the rice, then brown the onions.", True),
        ("Add the rice before browning the onions.", True),
        ("Brown the onions first, then add the rice.", False),
        ("Brown the onions before adding the rice.", False),
    ],
)
def test_two_sentences_in_a_row_tell_an_order(claim: str, flagged: bool) -> None:
    """Found in a hostile trial: "First ... . Then ..." told its order across two sentences, and
    the steps swapped were accepted."""
    assert (order_conflict(claim, [RICE]) is not None) is flagged


def test_a_contradicted_instruction_keeps_its_verdict() -> None:
    """Found in a hostile trial: an instruction is not a fact to check, so "Add the rice before
    browning the onions" (the steps swapped) was not checked, and its answer accepted."""
    from lexguard import Source

    checker = SupportChecker()
    answer = "The onions are browned in a little oil. Add the rice before browning the onions."
    result = checker.check(answer, [Source(id="r", content=RICE)])
    assert result.recommendation != "accept"
    assert result.claims[-1].status == "contradicted"
    advice = checker.check("The onions are browned in a little oil. Try the rice with a green salad.", [Source(id="r", content=RICE)])
    assert advice.claims[-1].status == "not_checked"  # advice the sources do not give is not checked


def test_a_statement_a_source_sentence_says_as_is_is_no_conflict_with_another() -> None:
    """A RAGTruth recipe answer ("Place the squash cut side down on a parchment-lined baking
    sheet.") was failed by another recipe's "cut side up", though a source sentence said it."""
    source = ["Place cut side down on a parchment-lined rimmed baking sheet. In another recipe, rub the squash "
              "with butter and place them on a baking sheet, cut side up."]
    assert polarity_conflict("Place the squash cut side down on a parchment-lined baking sheet.", source) is None
    assert polarity_conflict("Place the squash cut side up on a parchment-lined rimmed baking sheet.", source) is not None


def test_a_quotation_of_the_question_is_no_misquoted_source(checker: SupportChecker) -> None:
    """Found on RAGTruth dev: an answer that quotes the user's question ('The answer to "How do I
    make ghee?" is ...') was refused as misquoting the sources. A quotation in neither stays unknown."""
    source = "To make ghee, melt butter over low heat until the solids turn golden, then strain it through a cloth."
    answer = 'The answer to "How do I make ghee at home?" is to melt butter over low heat and strain it.'
    asked = [c.status for c in checker.check(answer, [Source(id="s", content=source)], "How do I make ghee at home?").claims]
    assert asked == ["supported"]
    assert _statuses(checker, answer, source) != ["supported"]  # no question: the quotation is in no text given
    invented = 'The recipe calls this "the golden method" and says to melt butter over low heat.'
    result = checker.check(invented, [Source(id="s", content=source)], "How do I make ghee at home?")
    assert [c.status for c in result.claims] != ["supported"]
    # a claim that the sources hold the question's words needs the sources to hold them
    said = 'The phrase "make ghee at home" is used in the source, which says to melt butter over low heat.'
    result = checker.check(said, [Source(id="s", content=source)], "How do I make ghee at home?")
    assert [c.status for c in result.claims] != ["supported"]


STRETCHING = "Regular stretching is thought to help prevent some running injuries, though evidence from clinical trials is mixed."


@pytest.mark.parametrize(("claim", "overstated"), [
    ("Clinical trials have shown that regular stretching prevents running injuries.", True),
    ("Regular stretching helps prevent running injuries.", True),
    ("Regular stretching may help prevent some running injuries.", False),
])
def test_a_hedge_passes_through_help_to_what_it_helps(claim: str, overstated: bool) -> None:
    """"is thought to help prevent" hedges "prevent": the hedge was read as qualifying "help", a
    word the claim lacks, and "Clinical trials have shown that regular stretching prevents running
    injuries" was supported (0.99)."""
    assert (overstatement(claim, [STRETCHING]) is not None) is overstated


CAREER = ("Helena Strand joined Moravia Shipping in 2004 as a logistics analyst. She became chief operating officer "
          "in 2012 and was appointed chief executive in 2019.")
TREATY = "The Treaty of Valmont was signed in 1822, two years after the end of the Coastal War."


@pytest.mark.parametrize(("claim", "source", "conflict"), [
    # the company is named in the sentence before: its words still place the event
    ("Helena Strand was chief executive of Moravia Shipping before becoming its chief operating officer.", CAREER, True),
    ("Helena Strand was chief operating officer of Moravia Shipping before becoming its chief executive.", CAREER, False),
    # "The Coastal War" is the first event's own subject, the second has its own
    ("The Coastal War ended after the Treaty of Valmont was signed in 1822.", TREATY, True),
    ("The Coastal War ended before the Treaty of Valmont was signed in 1822.", TREATY, False),
    # only the names of the sentence before count: its other words placed events in the next one
    ("This plan reduces the employee's taxable income, subsequently reducing the amount they pay in Federal and "
     "State taxes.",
     "Essentially, a savings plan lets an employee reduce their taxable income, effectively reducing the amount they "
     "pay in Federal and State taxes. This amounts to a saving of between 25% and 40% of every dollar they put into "
     "the plan.", False),
])
def test_the_order_of_events_named_in_their_context(claim: str, source: str, conflict: bool) -> None:
    """Both wrong orders were accepted at 0.97-0.99 in a hostile trial."""
    assert (order_conflict(claim, [source]) is not None) is conflict


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        # who reports a statement is none of its roles
        ("The harbour police rescued 41 sailors from the North Sea, who were sailing to Oslo from Hull.",
         "Sailors from Hull keep sailing to Oslo, with 41 rescued Monday in the North Sea, the harbour police said."),
        # names of another part of the sentence are no roles of the pivot's part
        ("Line up the seat and lid with the front of the bowl and close them.",
         "Close the seat and lid, and line them up with the front of the bowl."),
    ],
)
def test_a_restructured_sentence_is_no_swap_of_names(claim: str, source: str) -> None:
    assert polarity_conflict(claim, [source]) is None


def test_names_that_trade_places_around_a_verb_are_still_a_swap() -> None:
    assert polarity_conflict("Arlington beat Fairview 3-1 in the final on Sunday.",
                             ["Fairview beat Arlington 3-1 in the final on Sunday, the league said."]) is not None
