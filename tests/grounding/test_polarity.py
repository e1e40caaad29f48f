"""A claim that repeats a source sentence with its sense flipped is contradicted."""

from __future__ import annotations

import pytest

from lexguard.grounding.signals._polarity import ANTONYMS, polarity_conflict

SOURCE = [
    "The Harbor Museum dates from 1921 and is closed on Mondays. Its collection grew after the war. "
    "Admission is not free for adults, but children enter at no cost."
]


@pytest.mark.parametrize(
    "claim",
    [
        "The Harbor Museum is open on Mondays.",  # antonym: closed / open
        "The museum's collection shrank after the war.",  # not in the hand-written list
        "Admission is free for adults.",  # the source negates
        "The Harbor Museum dates from 1921, but it is not closed on Mondays.",  # the clause negates
    ],
)
def test_flipped_claims_name_the_sentence(claim: str) -> None:
    found = polarity_conflict(claim, SOURCE)
    if "shrank" in claim:  # not in the hand-written list: left to the verifier
        assert found is None
    else:
        assert found is not None and found in SOURCE[0]


@pytest.mark.parametrize(
    "claim",
    [
        "The Harbor Museum dates from 1921.",
        "The museum is closed on Mondays.",
        "Children enter at no cost.",
        "Adults do not get in free.",  # a paraphrase that keeps the negation
        "The weather was fine.",  # nothing to compare with
        "It rained.",
    ],
)
def test_faithful_claims_are_not_flipped(claim: str) -> None:
    assert polarity_conflict(claim, SOURCE) is None


def test_antonyms_are_symmetric() -> None:
    assert all(word in ANTONYMS[other] for word, opposites in ANTONYMS.items() for other in opposites)


def test_the_checker_reports_a_contradiction_with_the_source_sentence() -> None:
    from lexguard import Source
    from lexguard.grounding import GroundingConfig, SupportChecker

    checker = SupportChecker(GroundingConfig(verifier=False))
    result = checker.check("The Harbor Museum is open on Mondays.", [Source(id="m", content=SOURCE[0])])
    assert result.claims[0].status == "contradicted"
    assert any(f.kind == "contradicted" and "closed on Mondays" in (f.evidence or "") for f in result.findings)
    relaxed = SupportChecker(GroundingConfig(verifier=False, strict_polarity=False))
    assert not any(f.kind == "contradicted" for f in relaxed.check("The Harbor Museum is open on Mondays.", [Source(id="m", content=SOURCE[0])]).findings)


def test_a_negation_in_another_clause_of_the_source_is_not_a_conflict() -> None:
    source = ["The pasta wasn't impressive but the portions were generous. Use an adapter if your PC has no HDMI port."]
    assert polarity_conflict("The portions were generous.", source) is None
    assert polarity_conflict("You can connect your PC with an adapter.", source) is None


def test_an_elliptic_negation_denies_nothing_of_the_clause_after_it() -> None:
    """Found on RAGTruth dev: "I wouldn't, and neither did Ben Affleck, who lobbied ..." read its
    "wouldn't" as denying "Ben Affleck", so the true "Ben Affleck lobbied ..." was contradicted."""
    source = ["I wouldn't, and neither did Tom Hale, who asked the editors to cut any mention of his uncle."]
    assert polarity_conflict("Tom Hale asked the editors to cut any mention of his uncle.", source) is None
    assert polarity_conflict("The shop opened on Sunday.", ["The shop did not, however, open on Sunday."]) is not None


def test_a_claim_that_names_both_opposites_is_not_an_antonym_swap() -> None:
    source = ["Fold the shorter end of the tie horizontally."]
    assert polarity_conflict("Fold the shorter end horizontally, then place the longer end over the shorter end.", source) is None


def test_names_swapped_inside_a_longer_source_statement_are_a_conflict() -> None:
    """The source statement holds more than the claim ("..., who studied in her studio for four
    years"): the swap was looked for only in statements of about the claim's length."""
    from lexguard.grounding.signals._polarity import polarity_conflict

    source = ("The potter Ines Ward was the mentor of the weaver Tomas Bell, who worked in her Leeds studio "
              "for six years.")
    assert polarity_conflict("The weaver Tomas Bell was the mentor of the potter Ines Ward.", [source]) == source
    assert polarity_conflict("The potter Ines Ward was the mentor of the weaver Tomas Bell.", [source]) is None


@pytest.mark.parametrize(
    ("source", "claim"),
    [
        # a relative clause's negation no longer hides the main clause's flip
        ("The mayor, who did not attend the meeting, signed the plan on Tuesday.", "The mayor did not sign the plan."),
        ("The council, which had not met since May, rejected the budget.", "The council accepted the budget."),
        # a change's direction ("up" / "down" are no content words)
        ("Revenue was up 12% in the third quarter.", "Revenue was down 12% in the third quarter."),
        ("Temperatures went down by 3 degrees overnight.", "Temperatures went up by 3 degrees overnight."),
        # the source says more than the claim, and holds all the claim's other words (three or more)
        ("Brayford District Council's licensing panel voted 6-3 on Tuesday to reject an application for a "
         "late-night bar on Quay Lane.", "The licensing panel approved an application for a late-night bar on Quay Lane."),
        # the next sentence says what the statement is ("This is a temporary closure")
        ("Orchard Row will be closed to through traffic from 3 May. This is a temporary closure.",
         "Orchard Row will be closed to through traffic permanently from 3 May."),
        # a closing ", with ..." is a statement of its own
        ("Mere Lane will be temporarily closed to traffic from 4 to 15 June while cables are laid. Diversions "
         "will be signposted via Kiln Road.",
         "Mere Lane is being permanently closed to traffic from 4 June, with diversions signposted via Kiln Road."),
    ],
)
def test_flips_found_by_a_hostile_trial(source: str, claim: str) -> None:
    found = polarity_conflict(claim, [source])
    assert found is not None and found.startswith(source.split(". ")[0])


@pytest.mark.parametrize(
    ("source", "claim"),
    [
        ("The mayor, who did not attend the meeting, approved the plan on Tuesday.", "The mayor approved the plan."),
        ("The mayor, who did not attend the meeting, approved the plan on Tuesday.", "The mayor did not attend the meeting."),
        ("The driver, who was not injured, was taken to the police station.", "The driver was taken to the police station."),
        ("Prices went up 5% in May and down 3% in June.", "Prices went down 3% in June."),
        ("He set up the company in 2001.", "He shut down the company in 2009."),  # no near-copy: left to other checks
        ("Orchard Row will be closed to traffic for four weeks from 3 May. This is a temporary closure.",
         "Orchard Row will be closed to traffic for four weeks from 3 May."),
        # the source says more, and not all of the claim's other words
        ("Brayford District Council's licensing panel voted 6-3 on Tuesday to reject an application for a "
         "late-night bar on Quay Lane.", "The panel approved a late-night bar on Mill Street."),
    ],
)
def test_what_a_relative_clause_or_a_direction_does_not_flip(source: str, claim: str) -> None:
    assert polarity_conflict(claim, [source]) is None



@pytest.mark.parametrize(
    ("source", "claim"),
    [
        # the claim's other clause holds the negation; read whole, both sentences say "no port"
        ("You can buy a cable that links the laptop's USB port to the monitor's DVI port if the laptop has no DVI port.",
         "You can use a cable to link the laptop's USB port to the monitor's DVI port if the laptop does not have a DVI port."),
        # an elliptic "neither did X": it denies the other clause's verb, not what X did next
        ("She never replied, and neither did Tom Hale, who sent the council a petition to close the road.",
         "Tom Hale sent the council a petition to close the road."),
        # "not" denies the word it stands before ("untitled"), not the rest of the phrase
        ("The still not named six-part series is due to start on May 3.", "The six-part series will start on May 3."),
        # a negation inside a wish, not a statement of the fact
        ("If you do not want to book the ferry online, you can book it at the harbour office.",
         "You can book the ferry online or at the harbour office."),
        # a table's "False" and "unknown" say "not" as well as "not" does
        ("features Wheelchair Access: False", "The venue does not offer wheelchair access."),
        ("There was no word yet on the driver's name or age.", "The driver's name and age are unknown."),
        ("Officials have not released the names of the passengers.", "Officials are yet to release the names of the passengers."),
    ],
)
def test_negations_that_deny_nothing_the_claim_says(source: str, claim: str) -> None:
    """Correct RAGTruth-like answers the polarity rule failed (found on dev: 17 correct responses
    flagged against 7 hallucinated, of which none in the hallucinated span); written by hand."""
    assert polarity_conflict(claim, [source]) is None


@pytest.mark.parametrize(
    ("source", "claim"),
    [
        ("Wheelchair Access: False", "It has wheelchair access."),
        ("Tom Hale did not send the council a petition.", "Tom Hale sent the council a petition."),
        ("Neither the mayor nor the council approved the road.", "The council approved the road."),
    ],
)
def test_the_same_negations_still_flip_a_claim(source: str, claim: str) -> None:
    assert polarity_conflict(claim, [source]) == source


@pytest.mark.parametrize(
    ("source", "claim"),
    [
        # the negation denies "bring ... to an end", which the source says as "ended"
        ("The 1921 treaty was signed in Riga and ended the border war.",
         "Signed in Riga, the 1921 treaty did not bring the border war to an end."),
        # "no longer" denies what follows it, not "longer"
        ("Parking at the station remains free for commuters.", "Parking at the station is no longer free for commuters."),
    ],
)
def test_a_negation_restating_the_source_in_other_words_still_flips_it(source: str, claim: str) -> None:
    assert polarity_conflict(claim, [source]) == source


@pytest.mark.parametrize(
    ("source", "claim"),
    [
        ("Ticket sales rose 8% in the spring season.", "Ticket sales were down 8% in the spring season."),
        ("Ticket sales fell 8% in the spring season.", "Ticket sales went up 8% in the spring season."),
    ],
)
def test_a_change_said_with_up_or_down_is_read_against_its_verb(source: str, claim: str) -> None:
    assert polarity_conflict(claim, [source]) == source


@pytest.mark.parametrize(
    ("source", "claim"),
    [
        # an adverb between the negation and what it denies (found in review)
        ("The driver did not actually stop at the red light.", "The driver stopped at the red light."),
        ("The club never officially closed its doors.", "The club officially closed its doors."),
        ("He did not ever attend the hearing.", "He attended the hearing."),
    ],
)
def test_a_negation_denies_the_verb_after_an_adverb(source: str, claim: str) -> None:
    assert polarity_conflict(claim, [source]) == source


@pytest.mark.parametrize(
    ("source", "claim"),
    [
        # "unknown" said of a thing before a noun is no negation (found in review)
        ("The firm bought the startup for an undisclosed sum.", "The firm bought the startup."),
        ("Two guards were hurt by an unknown attacker.", "Two guards were hurt."),
    ],
)
def test_an_adjective_unknown_is_no_negation(source: str, claim: str) -> None:
    assert polarity_conflict(claim, [source]) is None


@pytest.mark.parametrize(
    ("source", "claim"),
    [
        ("The mayor, who did not attend the meeting, approved the plan on Tuesday.", "The mayor did not approve the plan."),
        ("The museum closed its east wing in March.", "The museum did not close its east wing."),
    ],
)
def test_statements_are_matched_by_lemma(source: str, claim: str) -> None:
    """The crude stem keeps "approve" and "approved" ("approv") apart, so the claim's words were not
    found in the source statement and the flip passed (found by a hostile trial)."""
    assert polarity_conflict(claim, [source]) == source


@pytest.mark.parametrize(
    ("source", "claim"),
    [
        ("Ticket revenue fell in the spring quarter.", "Ticket revenue rises in the spring quarter."),
        ("Ticket revenue rose this spring.", "Ticket revenue is falling this spring."),
        ("The Hawks lost the final series.", "The Hawks are winning the final series."),
        ("The council sold the old depot.", "The council is buying the old depot."),
    ],
)
def test_antonyms_are_looked_up_by_lemma(source: str, claim: str) -> None:
    """Found in review: the antonym list is keyed by crude stems, so "rises" ("ris"), "winning"
    ("winn") and "buying" passed beside "fell", "lost" and "sold"."""
    assert polarity_conflict(claim, [source]) == source


@pytest.mark.parametrize(
    ("source", "claim"),
    [
        ("The museum is not open on Mondays.", "The museum is closed on Mondays."),
        ("The gallery is closed on Sundays.", "The gallery is not open on Sundays."),
        ("The bridge was not raised last night.", "The bridge was lowered last night."),
    ],
)
def test_an_antonym_its_negation_denies_states_the_same_thing(source: str, claim: str) -> None:
    assert polarity_conflict(claim, [source]) is None


@pytest.mark.parametrize(
    ("source", "claim"),
    [
        ("The museum is not open on Mondays.", "The museum is not closed on Mondays."),
        ("The gallery is closed on Sundays.", "The gallery is not closed on Sundays."),
        ("The gallery is closed on Sundays.", "The gallery is open on Sundays."),
    ],
)
def test_a_negation_or_an_antonym_alone_still_flips(source: str, claim: str) -> None:
    assert polarity_conflict(claim, [source]) == source


@pytest.mark.parametrize(
    ("source", "claim"),
    [
        ("Sales rose 4% in May.", "Sales were down 4% in May."),
        ("Prices went down.", "Prices went up."),
        ("Profits decreased.", "Profits increased."),
    ],
)
def test_a_claim_of_one_content_word_is_read_for_an_antonym(source: str, claim: str) -> None:
    assert polarity_conflict(claim, [source]) == source


@pytest.mark.parametrize(
    ("source", "claim", "swapped"),
    [
        ("The town's largest employer is a biscuit factory.", "A biscuit factory is the largest employer in town.", False),
        ("The capital of the province is Ravensburg.", "Ravensburg is the capital of the province.", False),
        ("Anna is the sister of Marie.", "Marie is the sister of Anna.", True),  # the sides differ, not swap whole
        ("Paris is larger than Lyon.", "Lyon is larger than Paris.", True),
    ],
)
def test_a_copular_inversion_is_no_role_swap(source: str, claim: str, swapped: bool) -> None:
    """Found in a hostile trial: one inverted "X is Y" failed a long correct answer."""
    assert (polarity_conflict(claim, [source]) == source) is swapped


@pytest.mark.parametrize(
    "claim",
    ["No, items can only be returned within 30 days of delivery.", "Items can only be returned within 30 days of delivery."],
)
def test_an_answer_word_no_denies_nothing(claim: str) -> None:
    """Found in a hostile trial: an FAQ's "Can I return an item after 30 days? No. Items can be
    returned within 30 days ..." read as "items can not be returned within 30 days"."""
    source = "Can I return an item after 30 days? No. Items can be returned within 30 days of delivery only."
    assert polarity_conflict(claim, [source]) is None
    assert polarity_conflict("Items cannot be returned within 30 days of delivery.", [source]) is not None


@pytest.mark.parametrize(
    ("source", "claim", "restated"),
    [
        ("The museum is not open on Mondays.", "The museum is closed on Mondays.", True),
        ("The north entrance of the park is not open during the winter months.",
         "The north entrance is closed during the winter months.", True),
        ("The museum is not open on Mondays.", "The museum is open on Mondays.", False),
        ("The museum is open on Mondays.", "The museum is closed on Mondays.", False),
    ],
)
def test_a_negated_opposite_restates_the_claim(source: str, claim: str, restated: bool) -> None:
    from lexguard.grounding.signals._restatement import polarity_restatement

    assert (polarity_restatement(claim, [source]) == source) is restated


def test_the_verifier_alone_does_not_fail_a_claim_a_negated_opposite_restates() -> None:
    """Found in a hostile trial (and older): "closed on Mondays" beside "not open on Mondays" was
    refused: the verifier read it as contradicted (0.93) and that verdict alone failed it."""
    from lexguard import Source
    from lexguard.grounding import SupportChecker

    checker = SupportChecker()
    result = checker.check("The museum is closed on Mondays.", [Source(id="m", content="The museum is not open on Mondays.")])
    assert result.claims[0].supported is True
    flipped = checker.check("The museum is open on Mondays.", [Source(id="m", content="The museum is not open on Mondays.")])
    assert flipped.claims[0].supported is False


@pytest.mark.parametrize(
    "source",
    ["The store is not open late on Fridays.", "The pharmacy is not open until noon on Sundays.",
     "The viewing platform is not always open in winter."],
)
def test_a_narrowed_negation_restates_nothing(source: str) -> None:
    """Found in review: "not open late" was read as "closed", and the verifier's doubt set aside."""
    from lexguard.grounding.signals._restatement import polarity_restatement

    claim = source.replace("is not", "is").replace(" late", "").replace(" until noon", "").replace(" always", "")
    claim = claim.replace("open", "closed")
    assert polarity_restatement(claim, [source]) is None


def test_a_statement_said_as_is_yields_to_a_closer_opposite() -> None:
    """Found in review: "Sales of the old model rose" stood for "Sales of the new model rose", and
    the new model's "fell" was not read."""
    source = ["Sales of the old model rose last year. Sales of the new model fell last year."]
    assert polarity_conflict("Sales of the new model rose last year.", source) == "Sales of the new model fell last year."
    assert polarity_conflict("Sales of the old model rose last year.", source) is None


def test_a_question_in_the_sources_states_nothing() -> None:
    """Found rerunning a hostile trial: an FAQ's question ("Is the Norrland Opera House open on
    Mondays?") stood for the claim "... is open on Mondays", and the answer after it ("closed on
    Mondays") was not read."""
    source = ["Is the Norrland Opera House open on Mondays? No. The opera house is closed on Mondays and Tuesdays."]
    assert polarity_conflict("The Norrland Opera House is open on Mondays.", source) is not None
    assert polarity_conflict("The Norrland Opera House is not open on Mondays.", source) is None


@pytest.mark.parametrize(
    ("source", "claim"),
    [
        ("The library has been closed since the storm in 2022.", "The library was closed until the storm in 2022."),
        ("A court acquitted the driver of dangerous driving.", "The driver was convicted of dangerous driving."),
    ],
)
def test_until_for_since_and_convicted_for_acquitted(source: str, claim: str) -> None:
    assert polarity_conflict(claim, [source]) is not None


@pytest.mark.parametrize(
    ("source", "claim", "swapped"),
    [
        ("Kestrel beat Dunmore 2-0 in the cup final on Sunday.", "Dunmore beat Kestrel 2-0 in the cup final.", True),
        ("Kestrel beat Dunmore 2-0 in the cup final on Sunday.", "Kestrel beat Dunmore 2-0 in the cup final.", False),
    ],
)
def test_a_name_that_opens_the_source_sentence_can_trade_places(source: str, claim: str, swapped: bool) -> None:
    # the source's first word is a name when the claim writes it capitalised mid-sentence
    assert (polarity_conflict(claim, [source]) is not None) is swapped


def test_the_verifier_reads_a_restating_sentence_only_when_no_word_of_the_claim_goes_unread() -> None:
    """A claim a source sentence states with a negated opposite is read by the verifier as that
    sentence; one that adds a word of its own ("art") keeps its own text, so the word is read."""
    from types import SimpleNamespace

    from lexguard.grounding._reading import verifier_texts

    source = "The city museum is not open on Mondays."
    claims = ["The museum is closed on Mondays.", "The city art museum is closed on Mondays.", "It opened in 1990."]
    evidence = [SimpleNamespace(restated=source), SimpleNamespace(restated=source), SimpleNamespace(restated=None)]
    assert verifier_texts(claims, evidence) == [source, claims[1], claims[2]]


@pytest.mark.parametrize(
    ("source", "claim", "flipped"),
    [
        ("Shares in Talon Mining fell 6% on Wednesday.", "Shares in Talon Mining rose 6% on Wednesday.", True),
        ("Shares in Talon Mining fell 6% on Wednesday.", "Shares in Talon Mining fell 6% on Wednesday.", False),
        ("Firmware updates are installed automatically overnight.", "Firmware updates must be installed manually.", True),
        ("Then soak the cartridge in cold water for 15 minutes.", "Soak the cartridge in warm water for 15 minutes.", True),
        ("Then soak the cartridge in cold water for 15 minutes.", "Soak the cartridge in cold water for 15 minutes.", False),
    ],
)
def test_plain_opposites(source: str, claim: str, flipped: bool) -> None:
    assert (polarity_conflict(claim, [source]) is not None) is flipped


def test_another_weekday_is_read_past_words_that_only_say_something_is_on() -> None:
    """Found in a hostile trial: "Yoga classes take place on Mondays" beside "Spin classes are on
    Mondays. Yoga classes are on Thursdays." held too few of the sentence's words to be read."""
    source = ["Spin classes are on Mondays. Yoga classes are on Thursdays."]
    assert polarity_conflict("Yoga classes take place on Mondays.", source) is not None
    assert polarity_conflict("Yoga classes take place on Thursdays.", source) is None


@pytest.mark.parametrize(
    ("claim", "flipped"),
    [
        ("Pensioners get a 30% discount on the second-car permit.", True),  # a hostile trial's swapped ordinal
        ("Pensioners get a 30% discount on the first-car permit.", False),
        ("The Greens came second.", True),
    ],
)
def test_another_ordinal_in_the_same_statement_is_a_conflict(claim: str, flipped: bool) -> None:
    source = ["Pensioners get a 30% discount on the first-car permit. Labour won the seat. The Greens came third."]
    assert (polarity_conflict(claim, source) is not None) is flipped


@pytest.mark.parametrize(
    ("claim", "flipped"),
    [
        # a claim word only the passage's heading holds still counts as the claim's statement's
        ("The Brandt 40 costs £320 including VAT.", True),
        ("The Brandt 40 costs £320 excluding VAT.", False),
        ("The Brandt 40 fan heater is closed on Mondays.", False),  # no statement of it to flip
    ],
)
def test_a_heading_names_what_the_statements_are_about(claim: str, flipped: bool) -> None:
    source = "Brandt 40 fan heater. Price: £320 excluding VAT. Three heat settings and a frost guard."
    assert (polarity_conflict(claim, [source]) is not None) is flipped


RULES = ("The Elm Road allotments charge £32 a year for a half plot. Bonfires are not allowed. Water troughs are "
         "provided. Smoking is not allowed inside the shed.")


@pytest.mark.parametrize(("claim", "flipped"), [
    # a short statement the source denies whole, asserted with a place or time added (trial L)
    ("Bonfires are allowed on the allotments.", True),
    ("Plot holders may have bonfires on weekday evenings.", False),  # "may have" is no word of the denial
    ("The allotments allow bonfires on weekday evenings.", True),
    ("Bonfires are not allowed on weekday evenings.", False),
    ("Smoking is allowed on the path outside.", False),  # the denial names a place the claim does not
    ("Water troughs are provided for plot holders.", False),
])
def test_a_short_denial_is_flipped_by_a_claim_that_adds_where_or_when(claim: str, flipped: bool) -> None:
    assert (polarity_conflict(claim, [RULES]) is not None) is flipped


@pytest.mark.parametrize(
    ("claim", "source", "conflict"),
    [
        ("The storm killed more than 30 people.", "The storm killed at least 40 people.", False),
        ("Fewer than a dozen people attended.", "At least 12 people attended.", False),
        ("The company's workforce grew in 2022.", "The company's workforce shrank in 2022.", True),
        ("The project was completed ahead of schedule.", "The project was completed behind schedule.", True),
    ],
)
def test_bound_words_are_no_opposites(claim: str, source: str, conflict: bool) -> None:
    """Found in a trial of contrastive claims: "more than 30" beside "at least 40" read as "more"
    against "least" (the bounds module compares the numbers); "grew" / "shrank" and "ahead" /
    "behind" were no opposites."""
    assert (polarity_conflict(claim, [source]) is not None) is conflict


@pytest.mark.parametrize(
    ("claim", "source", "conflict"),
    [
        ("She is the eldest of four siblings.", "She is the youngest of four siblings.", True),
        ("The company's revenue tripled between 2019 and 2022.", "The company's revenue doubled between 2019 and 2022.", True),
        ("The company's revenue doubled between 2019 and 2022.", "The company's revenue doubled between 2019 and 2022.", False),
    ],
)
def test_exclusive_words_found_by_a_contrastive_trial(claim: str, source: str, conflict: bool) -> None:
    assert (polarity_conflict(claim, [source]) is not None) is conflict
