"""Issue 25 items 3-6 and issue 22 item 6: values bound to their place, answers to the question,
refuted mentions, numbers as people write them, digits attached to letters and URLs read."""

from __future__ import annotations

import pytest

from lexguard._models import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.signals._lexical import numbers
from lexguard.grounding.signals._refuted import denied_statements

TOWER = (
    "The Eiffel Tower is a wrought-iron lattice tower in Paris, France. It was designed and built by "
    "Gustave Eiffel's company between 1887 and 1889. The tower is 330 metres tall and was completed on "
    "31 March 1889. It cost $1.5 million to build."
)
CURIE = (
    "Marie Curie won the Nobel Prize in Physics in 1903. She won a second Nobel Prize, in Chemistry, in 1911. "
    "She was born in Warsaw in 1867."
)


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


def _status(checker: SupportChecker, sources: list[str], answer: str, question: str | None = None) -> str:
    result = checker.check(answer, [Source(id=f"s{i}", content=t) for i, t in enumerate(sources)], question)
    statuses = {c.status for c in result.claims}
    return "supported" if statuses == {"supported"} else "contradicted" if "contradicted" in statuses else "unsupported"


@pytest.mark.parametrize(
    "answer",
    [
        "The tower is 0.33 km tall.",
        "The tower is 1,083 feet tall.",
        "The tower is three hundred and thirty metres tall.",
        "The tower is 3.3 x 10^2 metres tall.",
        "It was completed on 31/03/1889.",
    ],
)
def test_a_correct_value_written_another_way_is_supported(checker: SupportChecker, answer: str) -> None:
    assert _status(checker, [TOWER], answer) == "supported"


BUSES = ("Buses from Kelby to Astwell run every 30 minutes on weekdays between 7am and 7pm. The journey takes 24 "
         "minutes. On Sundays the service runs every 90 minutes.")


@pytest.mark.parametrize(
    ("answer", "supported"),
    [
        # a part of an hour is its minutes: "every half hour" gives the 30 minutes, no rival of the 24
        ("On weekdays, buses from Kelby to Astwell leave every half hour and take 24 minutes.", True),
        ("On Sundays the buses run every hour and a half.", True),
        ("On Sundays the buses run every 1.5 hours.", True),
        ("On Sundays the buses run every half hour.", False),
        ("On weekdays the buses run every quarter of an hour.", False),
        ("On weekdays the buses run every three quarters of an hour.", False),
    ],
)
def test_a_part_of_an_hour_is_read_as_minutes(checker: SupportChecker, answer: str, supported: bool) -> None:
    assert (_status(checker, [BUSES], answer) == "supported") is supported


@pytest.mark.parametrize(
    "answer",
    [
        "It was completed on 31 May 1889.",
        "It was completed on 31/05/1889.",
        "It cost \u20ac1.5 million to build.",
        "https://example.com/The_tower_is_540_metres_tall",
    ],
)
def test_a_wrong_value_disguised_as_another_form_is_not_supported(checker: SupportChecker, answer: str) -> None:
    assert _status(checker, [TOWER], answer) != "supported"


def test_digits_attached_to_letters_of_any_script_are_read() -> None:
    assert [m.key for m in numbers("埃菲尔铁塔于1947年建成")] == ["1947"]
    assert [m.key for m in numbers("１９４７年")] == ["1947"]
    assert "540" in [m.key for m in numbers("https://example.com/The_tower_is_540_metres_tall")]


def test_a_cjk_year_glued_to_letters_is_checked(checker: SupportChecker) -> None:
    assert _status(checker, ["埃菲尔铁塔于1889年建成。"], "埃菲尔铁塔于1947年建成。") != "supported"


@pytest.mark.parametrize(
    "answer",
    [
        "Curie won the Nobel Prize in Chemistry in 1903.",
        "Curie won the Nobel Prize in Physics in 1911.",
        "Curie was born in Warsaw in 1903.",
    ],
)
def test_a_value_from_another_place_in_the_source_is_contradicted(checker: SupportChecker, answer: str) -> None:
    result = checker.check(answer, [Source(id="s", content=CURIE)])
    assert result.claims[0].status == "contradicted"
    assert any(f.rule_id == "grounding.misplaced_value" for f in result.findings)


def test_a_person_from_another_document_is_not_supported(checker: SupportChecker) -> None:
    sources = [TOWER, "The Statue of Liberty was designed by Frederic Auguste Bartholdi and dedicated in 1886."]
    assert _status(checker, sources, "The Eiffel Tower was designed by Frederic Auguste Bartholdi.") != "supported"
    assert _status(checker, sources, "The Statue of Liberty was dedicated in 1889.") != "supported"
    assert _status(checker, sources, "The Statue of Liberty was dedicated in 1886.") == "supported"


@pytest.mark.parametrize(
    "answer", ["Curie won the Nobel Prize in Physics in 1903.", "Curie, born in Warsaw in 1867, won the Nobel Prize in Physics in 1903."]
)
def test_values_stated_where_the_claim_is_stated_are_supported(checker: SupportChecker, answer: str) -> None:
    assert _status(checker, [CURIE], answer) == "supported"


CLINICS = ("Marsh Lane Surgery runs two clinics. {t} Ada Fenn runs the travel clinic on Tuesday mornings. {t} Owen "
           "Pryce runs the wound clinic on Friday afternoons. Please bring your vaccination record to travel appointments.")


@pytest.mark.parametrize("title", ["Dr", "Nurse"])
def test_a_consequence_after_so_is_a_statement_of_its_own(checker: SupportChecker, title: str) -> None:
    # the name's statement ends at ", so": the advice after it had drawn the anchor to another
    # sentence; a nurse's title is no part of her name, as a doctor's is not
    source = CLINICS.format(t=title)
    wrong = f"The travel clinic is run by {title} Owen Pryce on Tuesday mornings, so bring your vaccination record."
    right = f"The travel clinic is run by {title} Ada Fenn on Tuesday mornings, so bring your vaccination record."
    assert _status(checker, [source], wrong) != "supported"
    assert _status(checker, [source], right) == "supported"


def test_a_count_is_checked_against_the_items_the_evidence_names(checker: SupportChecker) -> None:
    assert _status(checker, [CURIE], "Curie won two Nobel Prizes.") == "supported"
    assert _status(checker, [CURIE], "Curie won three Nobel Prizes.") != "supported"


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Was the Eiffel Tower completed in 1889?", "Yes, it was completed in 1889."),
        ("Was the Eiffel Tower completed in 1887?", "No, it was completed in 1889."),
        ("Is the tower in Berlin?", "No, it is in Paris."),
    ],
)
def test_a_yes_or_no_answer_with_a_supported_statement_is_not_refused(
    checker: SupportChecker, question: str, answer: str
) -> None:
    assert _status(checker, [TOWER], answer, question) == "supported"


@pytest.mark.parametrize(
    ("source", "answer"),
    [
        ("It is a common myth that Einstein failed mathematics at school; in fact he excelled at it.",
         "Einstein failed mathematics at school."),
        ("Early reports said the bridge had collapsed, but engineers later found only minor damage.", "The bridge collapsed."),
        ("In 2019 the journal retracted the claim that the drug cures insomnia.", "The drug cures insomnia."),
        ("John Miller was acquitted of stealing the painting in 1998.", "John Miller stole the painting in 1998."),
        ("Many people believe that bulls are enraged by the colour red, but they are colour-blind to it.",
         "Bulls are enraged by the colour red."),
        ("Posts on social media claimed the ferry service had been suspended, but the operator said it runs as normal.",
         "The ferry service has been suspended."),
        # the denial after the statement is no part of it; a clause of the claim asserts it, with a word more
        ("Rumours that the Ashgrove Pavilion will be sold next spring were denied on Monday by its owners, Tern "
         "Estates. The pavilion has bookings until 2028.",
         "Yes, the Ashgrove Pavilion is set to be sold next spring, although it has bookings until 2028."),
        # a correction: the sentence after the report says it was wrong
        ("Correction: a report published on 3 March stated that Dunlow Mills would close its Tarnby site. This was "
         "incorrect. The company has no plans to close the site.", "Dunlow Mills will close its Tarnby site."),        # an offer declined: what was offered is denied of the one who declined it
        ("Hockley Rovers striker Nell Crane has turned down an offer to join Gresby City, saying she wants to stay.",
         "Nell Crane will join Gresby City."),
    ],
)
def test_a_source_that_mentions_a_claim_to_deny_it_contradicts_it(checker: SupportChecker, source: str, answer: str) -> None:
    assert _status(checker, [source], answer) == "contradicted"


def test_denied_statements_are_read_out_of_the_sentence() -> None:
    assert denied_statements("It is a common myth that bats are blind.") == ["bats are blind"]
    assert denied_statements("Bats see well.") == []
    assert denied_statements("Rumours that the pavilion will be sold were firmly denied by Tern Estates.") == [
        "the pavilion will be sold"]
    # the claim of a named person: the pronoun is theirs; a denial verb inside the statement is its own
    assert denied_statements("A tribunal has dismissed a claim by former chef Rosa Lind that she was unfairly "
                             "dismissed by Harbour Kitchens.") == ["Rosa Lind was unfairly dismissed by Harbour Kitchens"]
    assert denied_statements("On Friday, Ola Brent declined the offer to lead the county side.") == [
        "Ola Brent lead the county side"]


@pytest.mark.parametrize(
    ("source", "answer"),
    [
        ("Some of the harbour's boats were damaged by the storm.", "All of the harbour's boats were damaged by the storm."),
        ("A few of the council members opposed the budget.", "Most of the council members opposed the budget."),
        ("Early trials suggest the vaccine may reduce infections in older patients.", "The vaccine reduces infections in older patients."),
        ("The new rail line is expected to carry 20,000 passengers a day.", "The new rail line carries 20,000 passengers a day."),
        ("The ointment can cause a mild rash in some users.", "The ointment causes a mild rash."),
    ],
)
def test_a_claim_that_drops_a_hedge_or_raises_a_quantifier_is_not_supported(
    checker: SupportChecker, source: str, answer: str
) -> None:
    result = checker.check(answer, [Source(id="s", content=source)])
    assert result.claims[0].supported is False
    # "most" for "a few" also reads as an opposite (few / most): contradicted, with the same sentence
    assert any(f.rule_id in ("grounding.overstated", "grounding.contradicted") for f in result.findings)


@pytest.mark.parametrize(
    ("source", "answer", "supported"),
    [
        ("After leaving the navy, he opened a bakery in Dover.", "He opened a bakery in Dover before he left the navy.", False),
        ("After leaving the navy, he opened a bakery in Dover.", "He left the navy before he opened a bakery in Dover.", True),
        ("The orchestra toured Japan and then recorded its first album.", "The orchestra recorded its first album after touring Japan.", True),
        ("The orchestra toured Japan and then recorded its first album.", "The orchestra recorded its first album before touring Japan.", False),
    ],
)
def test_two_events_are_read_in_the_order_the_evidence_tells_them(
    checker: SupportChecker, source: str, answer: str, supported: bool
) -> None:
    assert (_status(checker, [source], answer) == "supported") is supported


@pytest.mark.parametrize(
    ("answer", "supported"),
    [
        ("The east wing is 80 metres long.", False),
        ("The west wing is 80 metres long.", True),
        ("The newer mill was built in 1790.", False),
        ("The older mill was built in 1790.", True),
    ],
)
def test_a_value_is_bound_to_its_clause_of_the_sentence(checker: SupportChecker, answer: str, supported: bool) -> None:
    sources = [
        "The west wing is 80 metres long and the east wing is 55 metres long.",
        "The older mill was built in 1790 and the newer one in 1864.",
    ]
    assert (_status(checker, sources, answer) == "supported") is supported


def test_number_words_with_a_half_are_read() -> None:
    assert [m.key for m in numbers("two and a half million cubic metres")] == ["2.5e+06"]


@pytest.mark.parametrize(("text", "keys"), [
    ("a two-year warranty", ["2"]),
    ("a twelve-mile loop", ["12"]),
    ("twenty-five people", ["25"]),  # number words joined by a hyphen stay one number
    ("two-hundred people", ["200"]),
    ("a three-second memory", ["3"]),  # "second" is a unit here, not "twenty-second"
    ("fourth-dimensional concepts", []),  # a description, not a quantity
    ("a three-dimensional model", []),
])
def test_a_number_word_before_a_hyphen_is_read(text: str, keys: list[str]) -> None:
    """"a two-year warranty" was one word to the number reader: no number, so a warranty of 18
    months in the source let the claim pass."""
    assert [m.key for m in numbers(text)] == keys


@pytest.mark.parametrize(("answer", "supported"), [
    ("The blender has a two-year warranty.", False),
    ("The blender has an eighteen-month warranty.", True),
])
def test_a_hyphenated_quantity_is_checked(checker: SupportChecker, answer: str, supported: bool) -> None:
    assert (_status(checker, ["The warranty covers the blender for 18 months."], answer) == "supported") is supported


PRICES = "Ticket prices: adults pay $25 and children pay $12. Seniors get in free on Tuesdays."


@pytest.mark.parametrize(("answer", "supported"), [
    ("Children pay $25.", False),  # the adults' price, in the same sentence of the source
    ("Adults pay $12.", False),
    ("Adults pay $25.", True),
    ("Children pay $12, and adults pay $25.", True),
    ("Seniors get in free on Tuesdays, and children pay $25.", False),  # read statement by statement
])
def test_a_value_given_for_another_subject_of_the_same_sentence_is_misplaced(
        checker: SupportChecker, answer: str, supported: bool) -> None:
    """"adults pay $25 and children pay $12" is two statements: the clause splitter read it as one,
    so "Children pay $25." found its value in its anchor; and a claim of two statements was read as
    one, so its second value was anchored to the first statement."""
    assert (_status(checker, [PRICES], answer) == "supported") is supported


def test_and_between_two_numbers_of_one_statement_is_no_cut() -> None:
    from lexguard.grounding.signals._statement_clauses import clauses_of as _clauses

    assert _clauses("It was built between 1887 and 1889 by Eiffel.") == ["It was built between 1887 and 1889 by Eiffel."]
    assert _clauses("Mix 3 eggs and 2 cups of flour.") == ["Mix 3 eggs and 2 cups of flour."]
    assert _clauses("Adults pay $25 and children pay $12.") == ["Adults pay $25", "children pay $12."]
    assert _clauses("It closes at 5:30 pm Monday to Thursday and at 1 pm on Fridays.") == [
        "It closes at 5:30 pm Monday to Thursday", "at 1 pm on Fridays."]


HOURS = "The practice is open Monday to Thursday from 8:00 to 17:30 and on Fridays from 8:00 to 13:00."


@pytest.mark.parametrize(("answer", "supported"), [
    ("It closes at 5:30 pm Monday to Thursday and at 1 pm on Fridays.", True),
    ("It closes at 1 pm Monday to Thursday and at 5:30 pm on Fridays.", False),
    ("It closes at 5:30 pm on Fridays.", False),
])
def test_each_value_of_a_claim_is_read_with_its_own_days(checker: SupportChecker, answer: str, supported: bool) -> None:
    """Found in a hostile trial: the claim's "and at 1 pm on Fridays" was read as one statement with
    its 5:30 pm, so the Friday clause (which holds "1 pm" and "Fridays") anchored 5:30 pm too."""
    assert (_status(checker, [HOURS], answer) == "supported") is supported


@pytest.mark.parametrize(("answer", "supported"), [
    ("The stadium holds 300 people.", False),   # 300 counts the club's members
    ("The club has 500 members.", False),       # 500 counts the stadium's seats
    ("The stadium holds 500 people and the club has 300 members.", True),
])
def test_a_count_of_other_things_in_the_source_is_no_support(
    checker: SupportChecker, answer: str, supported: bool
) -> None:
    """A bare count has a class of value by what it counts ("500 people"): a count the source
    gives of other things in another sentence was accepted in its place."""
    source = Source(id="s", content="The stadium holds 500 people. The club has 300 members.")
    result = checker.check(answer, [source])
    assert (result.recommendation == "accept") is supported, [(c.status, c.support) for c in result.claims]


HOTEL = Source(id="a", content="The Harbourview Hotel is a four-star hotel on the waterfront. It has 120 rooms and a "
               "rooftop bar. It opened in 2009 after a long renovation.")
INN = Source(id="b", content="The Alder Inn is a family-run guesthouse in the old town. It has 14 rooms. It opened "
             "in 1996 and is known for its breakfast.")


@pytest.mark.parametrize(
    ("answer", "accepted"),
    [
        ("The Harbourview Hotel opened in 1996.", False),
        ("The Alder Inn opened in 2009.", False),
        ("The Harbourview Hotel opened in 2009.", True),
        ("The Alder Inn opened in 1996.", True),
    ],
)
def test_a_sentence_that_opens_with_a_pronoun_is_about_the_name_before_it(
    checker: SupportChecker, answer: str, accepted: bool
) -> None:
    """Found in a hostile trial: with each source saying "It opened in ...", the other hotel's
    year was accepted (no sentence named the hotel beside its year)."""
    result = checker.check(answer, [HOTEL, INN])
    assert (result.recommendation == "accept") is accepted


@pytest.mark.parametrize(
    ("text", "keys"),
    [
        ("The album debuted at number one on the chart.", ["1"]),
        ("He is the number one seed.", ["1"]),
        ("It was ranked one of the best.", []),
        ("One of the towers fell.", []),
        ("Patient safety is the hospital's number one priority.", []),
        ("The film opened at number one.", ["1"]),
    ],
)
def test_one_after_number_is_a_position(text: str, keys: list[str]) -> None:
    """Found writing fact-verification probes: "debuted at number one" beside "number three" was
    accepted: "one" is read as a number only where it is a position."""
    assert [m.key for m in numbers(text)] == keys


@pytest.mark.parametrize(("sources", "answer", "supported"), [
    (["The basic laptop has 8GB of RAM. The pro laptop has 16GB of RAM and a larger screen."],
     "The basic laptop comes with 16GB of RAM.", False),
    (["The basic laptop has 8GB of RAM. The pro laptop has 16GB of RAM and a larger screen."],
     "The pro laptop comes with 16GB of RAM.", True),
    (["Model K40 kettle: 1-year guarantee.", "Model K60 kettle: 3-year guarantee."],
     "The K40 kettle comes with a 3-year guarantee.", False),
    (["Model K40 kettle: 1-year guarantee.", "Model K60 kettle: 3-year guarantee."],
     "The K40 kettle comes with a 1-year guarantee.", True),
])
def test_a_value_of_another_model_is_misplaced(checker: SupportChecker, sources: list[str], answer: str, supported: bool) -> None:
    """Found in a hostile trial: "16GB of RAM" was read as a name ("GB of RAM") and "X200" as no
    word at all, so the sentence about the basic model (or the X200) fitted the claim too little
    to anchor it, and the pro model's value (the X300's) passed."""
    assert (_status(checker, sources, answer) == "supported") is supported


def test_a_sentence_about_the_named_thing_by_its_kind_is_about_that_name(checker: SupportChecker) -> None:
    """Found in a hostile trial: "The scooter weighs 14 kg." after "The Volt S2 e-scooter has ..."
    is about the Volt S2, so the Volt S1's 12 kg (another source) is misplaced in a claim on the S2."""
    sources = ["The Brisk B4 e-bike has a range of 60 km. Charging takes about 5 hours. The bike weighs 21 kg "
               "and folds for storage.", "The Brisk B3, the earlier model, charges in about 3 hours and weighs 18 kg."]
    from lexguard.grounding.signals._binding import misplaced_values

    assert _status(checker, sources, "The Brisk B4 weighs 18 kg and folds for storage.") == "contradicted"
    assert _status(checker, sources, "The Brisk B3 weighs 18 kg.") == "supported"
    index = checker._index_for([Source(id=f"s{i}", content=t) for i, t in enumerate(sources)])
    chunks = list(range(len(index.chunks)))
    assert misplaced_values("The Brisk B4 weighs 21 kg and folds for storage.", index, chunks) == []
    # (the verifier itself refuses that true claim at 0.69: it reads the B3's 18 kg in the same window)


@pytest.mark.parametrize(("sources", "answer", "supported"), [
    (["Greenleaf Bank has branches in Leeds, York, Hull and Bradford."], "Greenleaf Bank has four branches.", True),
    (["Greenleaf Bank has branches in Leeds, York, Hull and Bradford."], "Greenleaf Bank has three branches.", False),
    (["Greenleaf Bank has branches in Leeds, York, Hull and Bradford."], "Greenleaf Bank has five branches.", False),
    (["The band's members are Ana, Ben, Carl and Dee."], "The band has four members.", True),
    # the list is of museums, not of the cities counted: the count stays for the verifier to read
    (["The tour visits the Gulbenkian, the Serralves and the Tile Museum. It stops in Lisbon and Porto."],
     "The tour visits three cities.", False),
])
def test_a_count_of_a_listed_thing_is_read_against_the_list(
        checker: SupportChecker, sources: list[str], answer: str, supported: bool) -> None:
    """"has four branches" beside "branches in Leeds, York, Hull and Bradford" was called
    contradicted by the verifier, which cannot count: the rules check the count against the list
    of the thing it counts, and the verifier reads the claim without it."""
    assert (_status(checker, sources, answer) == "supported") is supported


@pytest.mark.parametrize(("text", "keys"), [
    ("serves a quarter of a million homes", ["250000"]),
    ("three quarters of a million people", ["750000"]),
    ("half a million people", ["500000"]),
    ("a fifth off any ticket", ["0.2"]),  # a share, not the ordinal "fifth"
    ("a third customer", ["3"]),
    ("from 8 in the morning until 1 in the afternoon", ["time:08:00", "time:13:00"]),
    ("at seven in the evening", ["time:19:00"]),
    ("he was 8 in the morning", ["8"]),  # no word that says when: not a time
])
def test_quantities_as_people_write_them(text: str, keys: list[str]) -> None:
    """Each was refused beside the sources' "250,000", "20%" or "8 a.m. to 1 p.m." in a hostile trial."""
    assert [m.key for m in numbers(text)] == keys


@pytest.mark.parametrize(("answer", "supported"), [
    ("It lives between 2.5 and 4 km up.", True),
    ("It lives between 2.5 and 4.5 km up.", False),
])
def test_the_unit_after_a_range_with_and_is_both_ends(checker: SupportChecker, answer: str, supported: bool) -> None:
    """"between 2.5 and 4 km" beside "between 2,500 and 4,000 metres": 2.5 had no unit to convert."""
    source = "The Veldt pika lives at altitudes between 2,500 and 4,000 metres."
    assert (_status(checker, [source], answer) == "supported") is supported


@pytest.mark.parametrize(("sentence", "denied"), [
    ("Although the brochure previously stated that the tour includes lunch, this was an error: lunch is not included.",
     ["the tour includes lunch"]),
    ("Reports that striker Luca Benedetti had signed for Fiorenza FC were false, his agent said on Monday.",
     ["striker Luca Benedetti had signed for Fiorenza FC"]),
    ("He previously stated that he was happy.", []),
])
def test_a_statement_said_before_and_called_an_error_is_denied(sentence: str, denied: list[str]) -> None:
    assert denied_statements(sentence) == denied


LUNCH = ("Although the brochure previously stated that the tour includes lunch, this was an error: lunch is not "
         "included, and participants should bring their own food. The tour lasts six hours.")


@pytest.mark.parametrize(("answer", "question", "supported"), [
    ("The tour includes lunch.", None, False),
    ("No, lunch isn't part of the tour, so bring your own food for the six hours.", "Is lunch included in the tour?", True),
])
def test_a_correction_in_the_source_denies_what_it_corrects(
        checker: SupportChecker, answer: str, question: str | None, supported: bool) -> None:
    """"The tour includes lunch." was supported (0.98) by the very sentence that calls it an error,
    and the right "No" refused with it."""
    assert (_status(checker, [LUNCH], answer, question) == "supported") is supported


RACES = [
    "In the women's 10,000 m final, Kenyan runner Faith Mureithi won gold in 30:12.45.",
    "In the men's marathon, Ethiopian Daniel Bekele took the title in 2:06:31, ahead of Tomas Varga of Hungary.",
]
BANKS = [
    "Pellmore Bank's chief executive, Ruth Okafor, said interest rates on savings accounts would rise in June.",
    "At Danbury Building Society, finance director Colin Marsh warned that mortgage approvals could fall this year.",
]


@pytest.mark.parametrize(("sources", "answer", "supported"), [
    (RACES, "Faith Mureithi won the marathon in 2:06:31.", False),
    (RACES, "Daniel Bekele won the men's marathon in 2:06:31.", True),
    (BANKS, "Ruth Okafor warned that mortgage approvals could fall this year.", False),
    (BANKS, "Colin Marsh warned that mortgage approvals could fall this year.", True),
])
def test_a_doer_after_an_opening_phrase_and_a_title_is_the_statements_doer(
        checker: SupportChecker, sources: list[str], answer: str, supported: bool) -> None:
    """A name moved from another document's statement passed at 0.99: the statement's doer stood
    after "At Danbury Building Society, finance director", which the binding did not read as a subject."""
    assert (_status(checker, sources, answer) == "supported") is supported


@pytest.mark.parametrize(("sources", "answer"), [
    (["Senior District Judge Ann Weller sentenced Harrow guard Paul Marsh to life in prison on Monday.",
      "Marsh had worked for Harrow Security Group for ten years before the shooting."],
     "One former Harrow Security Group employee, Paul Marsh, was sentenced to life in prison on Monday."),
    (["Jason posted a photo of his new car on Friday.",
      "He is the youngest Ellory son and has not been seen much on television since Family Roads ended three years ago."],
     "This was surprising as Jason has not been seen much on television since Family Roads ended three years ago."),
])
def test_a_claims_name_inside_a_longer_subject_is_no_doer(
        checker: SupportChecker, sources: list[str], answer: str) -> None:
    """Found on held-out RAGTruth answers: read as doers, a company inside the claim's subject and a
    name after "He is the youngest" made correct claims misplaced."""
    result = checker.check(answer, [Source(id=f"s{i}", content=t) for i, t in enumerate(sources)])
    assert not any(f.rule_id == "grounding.misplaced_value" for f in result.findings)


FESTIVAL = ("The Norrick Jazz Festival runs from 14 to 17 July. Ticket sales open on 2 May, and the early-bird "
            "discount ends on 31 May. The line-up will be announced on 20 April.")


@pytest.mark.parametrize(("answer", "supported"), [
    ("Tickets go on sale on 20 April, and the line-up will be announced on 2 May.", False),
    ("Ticket sales open on 2 May, and the line-up will be announced on 20 April.", True),
    ("Ticket sales open on 20 April.", False),
])
def test_a_date_swapped_between_two_statements_is_misplaced(
        checker: SupportChecker, answer: str, supported: bool) -> None:
    """"20 April" is a date and a day 20: read as another value of the claim, the day kept the
    date's anchor from fitting, and the swapped dates passed (0.98) in a hostile trial."""
    assert (_status(checker, [FESTIVAL], answer) == "supported") is supported


def test_a_month_of_a_date_keeps_the_date_as_the_rest_of_the_claim(checker: SupportChecker) -> None:
    """Found on RAGTruth dev: the month of "April 8", read as a name, lost the date from the rest of
    its claim, and a quip about "Lost" fans became its anchor."""
    sources = ['Pardon us, "Lost" fans. April 8 is also "Rex Manning Day" for fans of the 1995 film "Empire Records".']
    answer = 'April 8 was significant for fans of the 1995 film "Empire Records" as it was "Rex Manning Day."'
    result = checker.check(answer, [Source(id="s", content=sources[0])])
    assert not any(f.rule_id == "grounding.misplaced_value" for f in result.findings)


LIGHTHOUSE = ["It is often said that the lighthouse was designed by Thomas Grey, but this is a myth. "
              "Harbour records show the lighthouse was first lit in 1851."]


@pytest.mark.parametrize(
    ("answer", "contradicted"),
    [
        # the denied statement, asserted with a date from the next sentence
        ("The lighthouse was designed by Thomas Grey and first lit in 1851.", True),
        ("The lighthouse was first lit in 1851.", False),
        ("It is a myth that the lighthouse was designed by Thomas Grey; it was first lit in 1851.", False),
    ],
)
def test_a_denied_statement_asserted_with_other_details_is_contradicted(answer: str, contradicted: bool) -> None:
    """Found in hostile trial I: "planted by King Edward ... around 1740" beside "It is often said
    that the oak was planted by King Edward, but this is a myth" passed (0.99), because the claim
    added a date the denied statement does not hold."""
    from lexguard.grounding.signals._polarity import polarity_conflict

    assert (polarity_conflict(answer, LIGHTHOUSE) is not None) is contradicted


@pytest.mark.parametrize(
    ("text", "keys"),
    [("two dozen children", ["24"]), ("half a dozen eggs", ["6"]), ("a dozen eggs", ["12"]), ("dozens of people", [])],
)
def test_a_count_of_dozens_is_one_number(text: str, keys: list[str]) -> None:
    assert [m.key for m in numbers(text)] == keys


RIBS = ("Braised beef short ribs: brown the ribs, then cook at 150°C for three hours, covered. Uncover for the last "
        "40 minutes to glaze. Leave the meat to stand for 10 minutes before serving.")


def test_a_title_before_a_colon_is_what_each_later_sentence_is_about(checker: SupportChecker) -> None:
    # "beef short ribs" is the recipe's title: the standing sentence is the claim's anchor, and 40 minutes
    # the glazing time
    assert _status(checker, [RIBS], "Leave the beef short ribs to stand for 40 minutes before serving.") == "contradicted"
    assert _status(checker, [RIBS], "Leave the beef short ribs to stand for 10 minutes before serving.") == "supported"


def test_a_headline_before_a_colon_is_no_title_of_the_text() -> None:
    from lexguard.grounding.signals._statements import _opening_names

    assert {"lemon", "cake"} <= _opening_names("Lemon cake: bake at 180°C for 45 minutes.")
    # a headline's words after the colon are capitalised: its subject is Maya, not "spoilers"
    assert not {"spoiler", "spoilers"} & _opening_names("'Harbour Watch' Spoilers: Maya Moves To Brill Bay, Tom Leaves")


def test_a_value_of_a_document_about_what_the_claims_document_names() -> None:
    # the prices of the cinema the film's listing names are the film's; a value of another person
    # in a document about the same company is not the claim's person's
    from lexguard import Source
    from lexguard.grounding.evidence._index import SourceIndex, chunk_sources
    from lexguard.grounding.signals._binding import misplaced_values

    def misplaced(claim: str, texts: list[str]) -> list[str]:
        sources = [Source(id=f"s{i}", content=t) for i, t in enumerate(texts)]
        index = SourceIndex(sources, chunk_sources(sources))
        return [m.mention.text for m in misplaced_values(claim, index, list(range(len(index.chunks))))]

    cinema = ["Tickets for the Ardley Picture Club cost £5 for adults and £3 for under-16s. Doors open at 7pm.",
              "April film at the Ardley Picture Club: 'The Salt Marsh' (12A), Friday 4 April."]
    assert misplaced("The April film is 'The Salt Marsh' on Friday 4 April, with tickets at £5 for adults.", cinema) == []
    firm = ["Corvane Foods has appointed Maya Ellison as finance director. She joins from Halden Bank.",
            "Corvane's head of sales, Ben Marr, will retire in June. He has spent 19 years with the company."]
    assert "19" in misplaced("Maya Ellison is Corvane Foods' new finance director, joining after 19 years at "
                             "Halden Bank.", firm)


def test_another_events_venue_in_the_same_document_is_misplaced() -> None:
    from lexguard import Source
    from lexguard.grounding.evidence._index import SourceIndex, chunk_sources
    from lexguard.grounding.signals._binding import misplaced_values

    listing = ("Coming up: the Seed Swap is on Saturday 5 April at St Anne's Hall, from 10 am to noon. The Repair "
               "Cafe follows on Saturday 19 April at Brook Street Library, from 2 pm to 4 pm.")
    sources = [Source(id="s", content=listing)]
    index = SourceIndex(sources, chunk_sources(sources))

    def misplaced(claim: str) -> list[str]:
        return [m.mention.text for m in misplaced_values(claim, index, list(range(len(index.chunks))))]

    assert "Brook Street Library" in misplaced("The Seed Swap is at Brook Street Library on Saturday 5 April.")
    assert misplaced("The Repair Cafe is at Brook Street Library on Saturday 19 April.") == []
    assert misplaced("The Seed Swap is on Saturday 5 April, and the Repair Cafe is at Brook Street Library.") == []
