"""Numbers derived from the sources in one step are not failed by the strict number rule."""

from __future__ import annotations

import pytest

from lexguard.grounding.signals._derived import MAX_POOL, is_derived, list_counts, states_ratio
from lexguard.grounding.signals._lexical import numbers


def _mention(text: str):
    (mention,) = numbers(text)
    return mention


@pytest.mark.parametrize(
    ("claim_number", "evidence", "ratio", "derived"),
    [
        ("7,000", ["18000", "25000"], False, True),  # difference
        ("420", ["240", "180"], False, True),  # sum
        ("$48", ["12", "4"], False, True),  # product
        ("five", ["2014", "2019"], False, False),  # small numbers are not derived (chance)
        ("15", ["2004", "2019"], False, True),  # years apart
        ("200", ["400", "8"], True, True),  # "half the recipe"
        ("32", ["16", "512"], False, False),  # doubling that the claim does not state
        ("85,000", ["62000", "4"], False, False),
        ("1943", ["1952"], False, False),
    ],
)
def test_one_arithmetic_step_derives_a_number(claim_number: str, evidence: list[str], ratio: bool, derived: bool) -> None:
    assert is_derived(_mention(claim_number), evidence, ratio_stated=ratio) is derived


def test_ratio_words_are_operators_not_values() -> None:
    assert is_derived(_mention("half"), [])
    assert states_ratio("Half the recipe needs 200 grams.") and not states_ratio("It needs 200 grams.")


def test_a_large_pool_is_cut_so_not_every_number_is_derivable() -> None:
    pool = [str(n) for n in range(100, 100 + 10 * (MAX_POOL + 5), 10)]
    late = float(pool[-1]) + float(pool[-2])
    assert not is_derived(_mention(f"{late:.0f}"), pool)


def test_a_derived_number_is_no_strict_failure_but_an_invented_one_is() -> None:
    from lexguard import Source
    from lexguard.grounding import GroundingConfig, SupportChecker

    checker = SupportChecker(GroundingConfig(verifier=False))
    source = [Source(id="s", content="The old stadium held 18,000 spectators. The new stadium holds 25,000.")]
    derived = checker.check("The new stadium holds 7,000 more spectators than the old one.", source)
    invented = checker.check("The new stadium holds 31,000 spectators.", source)
    assert not any(f.kind == "contradicted_value" for f in derived.findings)
    assert any(f.kind == "contradicted_value" for f in invented.findings)


@pytest.mark.parametrize(
    ("text", "counts"),
    [
        ("The line-up is Ana on vocals, Ben on guitar, Cy on bass and Dee on drums.", {4}),
        ("It comes in three colours: red, green, and blue.", {3}),
        ("Bread and butter.", set()),
        ("No list here. Then one: a, b or c.", {3}),
        # commas before the series (an apposition) are no items: the count of the items alone too
        ("Home Skills, a free course at Dunmore College, covers plumbing, wiring, tiling and painting.", {4, 6}),
    ],
)
def test_series_are_counted(text: str, counts: set[int]) -> None:
    assert list_counts(text) == counts


def test_a_small_count_is_derived_only_from_a_list_of_that_many_items() -> None:
    # "The band has four members." beside four names listed; small numbers otherwise stay strict
    assert is_derived(_mention("four"), ["2019"], counts=frozenset({4}))
    assert not is_derived(_mention("five"), ["2019"], counts=frozenset({4}))
    assert not is_derived(_mention("four"), ["2019"])


def test_json_record_lists_give_counts() -> None:
    from lexguard import Source
    from lexguard.grounding.evidence._index import SourceIndex, chunk_sources

    sources = [Source(id="y", content='{"name": "Cafe", "reviews": [{"stars": 5}, {"stars": 4}, {"stars": 5}]}')]
    assert SourceIndex(sources, chunk_sources(sources)).record_counts == {3}


@pytest.mark.parametrize(
    ("claim", "derived"),
    [
        ("Building the Harmon Library took five years.", True),  # 2019 - 2014
        ("Building the Harmon Library took 5 years.", True),
        ("Building the Harmon Library took six years.", False),  # a wrong span
        ("The Harmon Library has five floors.", False),  # not a number of years
    ],
)
def test_a_number_of_years_between_two_source_years_is_derived(claim: str, derived: bool) -> None:
    from lexguard.grounding.signals._derived import spans_years
    from lexguard.grounding.signals._lexical import numbers

    keys = [m.key for m in numbers("Construction began in 2014 and was finished in 2019. It has four floors.")]
    mention = numbers(claim)[0]
    assert spans_years(claim, mention, keys) is derived


def test_a_number_that_labels_a_source_is_no_value() -> None:
    """"According to passage 1, ..." was failed by the strict number rule: the prompt's label of a
    source is in no source's text."""
    from lexguard.grounding import SupportChecker

    sources = ["The Harbour Bridge opened in 1932 after eight years of work."]
    result = SupportChecker().check("According to passage 1, the Harbour Bridge opened in 1932.", sources)
    assert result.claims[0].status == "supported", result.findings
    wrong = SupportChecker().check("According to passage 1, the Harbour Bridge opened in 1933.", sources)
    assert wrong.claims[0].status != "supported"


COMMITTEE = ["The planning committee has nine members. Five of them are drawn from the city council, and the rest "
             "are appointed by the mayor."]
SEASON = ["The Kestrels played 12 matches this season and won 8 of them. They scored 30 goals in total."]


@pytest.mark.parametrize(
    ("sources", "claim", "supported"),
    [
        pytest.param(
            COMMITTEE, "The mayor appoints four of the committee's members.", True,  # 9 - 5, "the rest"
            marks=pytest.mark.xfail(strict=True, reason="known false refusal since the threshold rose to 0.77: the "
                                    "verifier reads the worked-out four as contradicted (support 0.70)"),
        ),
        (COMMITTEE, "The mayor appoints three of the committee's members.", False),
        pytest.param(
            SEASON, "The Kestrels won eight of their twelve matches, so there were four they did not win.", True,
            marks=pytest.mark.xfail(strict=True, reason="known false refusal: the 6-layer verifier reads the worked-out "
                                    "remainder as not in the sources (0.62) and the stacker follows it (support 0.45)"),
        ),
        (SEASON, "The Kestrels won eight of their twelve matches, so there were five they did not win.", False),
    ],
)
def test_a_small_remainder_said_in_words_is_derived(sources, claim, supported) -> None:
    """A number below ten is worked out from the best evidence only when the claim or the evidence
    says it is a remainder, a difference or a sum; a wrong one still fails."""
    from lexguard.grounding import SupportChecker

    result = SupportChecker().check(claim, sources)
    assert (result.claims[0].status == "supported") is supported, [f.message for f in result.findings]


def test_a_small_sum_without_a_word_for_it_is_not_derived() -> None:
    from lexguard.grounding.signals._derived import small_step
    from lexguard.grounding.signals._lexical import numbers

    claim = "The shop has four staff."
    mention = numbers(claim)[0]
    assert not small_step(claim, mention, ["1", "3"], ["The shop opened in 1 day with 3 rooms."])
    assert small_step("The shop has four staff in total.", numbers("The shop has four staff in total.")[0],
                      ["1", "3"], [""])


def test_the_verifier_does_not_overrule_a_worked_out_number_alone() -> None:
    """The verifier does no arithmetic: it read "7,000 more spectators" beside 18,000 and 25,000
    as contradicted, and its override failed the claim. A claim whose number was worked out from
    the sources (``ClaimEvidence.derived``) is overruled only by the verifier's "not in the
    sources", not by its "contradicted"."""
    from lexguard.grounding import GroundingConfig, SupportChecker

    sources = ["The old arena held 16,000 fans. The new arena, which opened in May, holds 22,000."]
    checker = SupportChecker(GroundingConfig(verifier_override=0.6))  # it reads "contradicted" 0.38 + "not said" 0.53
    right = checker.check("The new arena holds 6,000 more fans than the old one.", sources)
    assert right.claims[0].status == "supported", [f.message for f in right.findings]
    wrong = checker.check("The new arena holds 5,000 more fans than the old one.", sources)
    assert wrong.claims[0].status != "supported"


def test_a_product_with_a_fraction_is_a_halving_the_claim_must_state() -> None:
    """"175" beside "bake at 350° for 1 1/2 hours" was derived as 350 x 0.5: a halving by chance."""
    from lexguard.grounding.signals._derived import is_derived
    from lexguard.grounding.signals._lexical import numbers

    mention = numbers("Preheat the oven to 175 degrees.")[0]
    assert not is_derived(mention, ["350", "1.5", "0.5"])
    assert is_derived(mention, ["350", "1.5", "0.5"], ratio_stated=True)
    assert is_derived(numbers("They paid $48.")[0], ["12", "4"])  # 4 x 12


MILL = ["The old mill burned down in 1921. The mill was rebuilt two years later by the town council."]


@pytest.mark.parametrize("claim", [
    "Half of the mill was rebuilt by aliens.",  # a ratio word is no worked-out number
    "The old mill was rebuilt in 1923, two years after the fire, and it was built by aliens.",
])
def test_a_derived_number_does_not_shield_an_invented_statement(claim: str) -> None:
    """A worked-out number spares a claim the verifier's *contradicted*, never its *not in the
    sources*: "Half of the mill was rebuilt by aliens." had been supported (0.70)."""
    from lexguard.grounding import SupportChecker

    assert SupportChecker().check(claim, MILL).claims[0].status != "supported"


def test_a_small_number_with_a_cue_only_in_the_evidence_needs_a_remainder_there() -> None:
    """Generic words of the evidence ("not", "more") made any small sum or difference derived; a
    year is no operand of a small step."""
    from lexguard.grounding.signals._derived import small_step
    from lexguard.grounding.signals._lexical import numbers

    claim = "The committee has 5 members."
    mention = numbers(claim)[0]
    evidence = ["The committee, which did not meet in 2014, has had nine members since 2019."]
    assert not small_step(claim, mention, ["2014", "2019", "9"], evidence)
    assert small_step(claim, mention, ["9", "4"], ["Four seats are elected; the rest are appointed."])


def test_a_value_after_a_source_label_is_still_a_value() -> None:
    from lexguard.grounding.signals._lexical import numbers
    from lexguard.grounding.signals._references import names_a_source

    claim = "According to Document 1, 45 people died."
    assert [names_a_source(claim, m) for m in numbers(claim)] == [True, False]
    listed = "Passages 1, 2 and 3 agree."
    assert all(names_a_source(listed, m) for m in numbers(listed))
    paired = "Passage 1 and 2 both say so."  # a second label joined to the first by "and"
    assert all(names_a_source(paired, m) for m in numbers(paired))


@pytest.mark.parametrize(
    ("claim", "supported"),
    [
        ("The bakery is open six days a week.", True),
        ("The bakery is open seven days a week.", False),  # Sunday is not among its hours
        ("The bakery is open five days a week.", False),
        ("The bakery opens six days.", False),  # a count of days, not of days a week (found in review)
    ],
)
def test_a_count_of_days_counts_the_weekdays_the_sources_name(claim: str, supported: bool) -> None:
    """On RAGTruth dev, six correct answers were refused for "open seven days a week" beside
    opening hours given day by day (a business record with no number 7 in it)."""
    from lexguard.grounding.signals._derived import counted

    hours = "{'hours': {'Monday': '7:0-15:0', 'Tuesday': '7:0-15:0', 'Wednesday': '7:0-15:0', " \
            "'Thursday': '7:0-15:0', 'Friday': '7:0-15:0', 'Saturday': '8:0-14:0'}}"
    (mention,) = numbers(claim)
    assert counted(claim, mention, [hours]) is supported


def test_a_day_named_as_closed_is_no_open_day() -> None:
    """Found in review: "open seven days a week" was derived from "Monday to Saturday ... closed
    on Sundays" (Sunday named), and "the strike lasted three days" from three weekdays named."""
    from lexguard.grounding.signals._derived import counted

    source = "Sunny Bakery is open Monday to Saturday from 7am. It is closed on Sundays."
    for claim, supported in [("It is open seven days a week.", False), ("It is open six days a week.", True)]:
        (mention,) = numbers(claim)
        assert counted(claim, mention, [source]) is supported
    claim = "The strike lasted three days."
    (mention,) = numbers(claim)
    assert not counted(claim, mention, ["Workers walked out on Monday, talks resumed Wednesday, a deal came Friday."])


def test_abbreviated_weekday_ranges_are_read_whole() -> None:
    """Found in review: the full stop of "Mon." cut "Mon. - Sat." in two, and the range was lost."""
    from lexguard.grounding.signals._weekdays import open_weekdays

    assert open_weekdays(["Opening hours: Mon. - Sat. 9am to 6pm. The bakery sells bread."]) == frozenset(range(6))


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("Take one 500 mg tablet every two hours.", "Take one tablet every six hours, at most four in 24 hours."),
        ("The flight takes three hours.", "The first leg takes 2 hours and the second 5 hours, then 6 hours more."),
        ("The cable is two metres long.", "The red cable is 4 metres long; the blue one is 7 metres."),
    ],
)
def test_a_number_of_a_unit_counts_no_mentions(claim: str, source: str) -> None:
    """Found in a hostile trial: "every two hours" was derived from the two mentions of "hours"
    ("six hours", "24 hours"), and a wrong dose passed."""
    from lexguard.grounding.signals._derived import counted

    mention = next(m for m in numbers(claim) if m.key in ("2", "3"))
    assert not counted(claim, mention, [source])


@pytest.mark.parametrize(
    ("claim", "source", "held"),
    [
        ("She was born in the 1980s.", "She was born on 12 March 1985 in Leeds.", True),
        ("She was born in the 1990s.", "She was born on 12 March 1985 in Leeds.", False),
        ("The mill closed in the late 1970s.", "The mill closed in 1978.", True),
        ("The mill closed in the early 1970s.", "The mill closed in 1978.", False),
        ("The band formed in the '60s.", "The band formed in 1964.", True),
        ("Anna was born in the 1980s.", "Anna was born in 1979 in Leeds. Her brother Tom was born in 1985.", False),
        ("The bridge opened in the 1970s.", "The bridge was designed in 1978 and opened in 1993.", False),
        # two years of one sentence: the one after the claim's word ("rebuilt")
        ("The library was rebuilt in the late 2000s.", "The library opened in 1962 and was rebuilt in 2008.", True),
        ("The library was rebuilt in the 1960s.", "The library opened in 1962 and was rebuilt in 2008.", False),
        ("The library opened in the 2000s.", "The library opened in 1962 and was rebuilt in 2008.", False),
        # the year after the claim's word even where the name anchors the other year better
        ("The Corn Exchange was restored in the late 1990s.", "The Corn Exchange opened in 1874 and was restored in 1996.", True),
        ("The Corn Exchange was restored in the 1870s.", "The Corn Exchange opened in 1874 and was restored in 1996.", False),
    ],
)
def test_a_decade_holds_the_years_it_spans(claim: str, source: str, held: bool) -> None:
    """Found writing fact-verification probes: "born in the 1980s" beside 1985 was refused (the
    number 1980 is in no source)."""
    from lexguard.grounding.signals._decades import in_decade

    mention = next(m for m in numbers(claim) if m.text.endswith("s"))
    assert in_decade(claim, mention, [source]) is held



def test_twice_daily_is_a_frequency_not_a_ratio() -> None:
    """Found in review: "Take 1000 mg twice daily" was worked out as twice the source's 500 mg."""
    from lexguard.grounding.signals._derived import states_ratio

    assert not states_ratio("Take 1000 mg twice daily with food.")
    assert not states_ratio("Take it three times a day.")
    assert states_ratio("The new tank holds twice as much water.")


SWIM = ("Beginner lessons for children aged 5 to 8 run on Saturdays at 9:00 and 9:45. Each lesson lasts 40 minutes. "
        "A 10-week course costs £85.")


@pytest.mark.parametrize(
    ("claim", "rival"),
    [
        ("Each beginner lesson lasts 45 minutes.", True),  # 40 + 5 by chance: the claim's words tie it to 40
        ("The course costs £95.", True),  # 85 + 10 by chance
        ("Two lessons together last 80 minutes.", False),  # "together": worked out
        ("The course costs £10 more than last year, £95.", False),
    ],
)
def test_a_number_tied_to_another_evidence_value_is_not_worked_out(claim: str, rival: bool) -> None:
    from lexguard.grounding.signals._rivalled import rivalled

    mention = [m for m in numbers(claim) if m.key in ("45", "95", "80")][0]
    assert rivalled(claim, mention, [SWIM]) is rival


def test_the_checker_refuses_a_wrong_value_that_one_step_would_give() -> None:
    from lexguard._models import Source
    from lexguard.grounding import SupportChecker

    checker = SupportChecker()
    wrong = checker.check("Each beginner lesson lasts 45 minutes.", [Source(id="s0", content=SWIM)])
    right = checker.check("Each beginner lesson lasts 40 minutes.", [Source(id="s0", content=SWIM)])
    assert wrong.recommendation != "accept" and [c.supported for c in wrong.claims] == [False]
    assert [c.status for c in right.claims] == ["supported"]


def test_twice_as_a_count_of_times_is_read_against_once() -> None:
    from lexguard._models import Source
    from lexguard.grounding import SupportChecker

    source = "Each loan lasts 21 days and can be renewed once, unless another member has reserved the title."
    checker = SupportChecker()
    wrong = checker.check("Each loan lasts 21 days and can be renewed twice.", [Source(id="s0", content=source)])
    right = checker.check("Each loan can be renewed once.", [Source(id="s0", content=source)])
    assert wrong.recommendation != "accept"
    assert any("twice" in f.message for f in wrong.findings)
    assert [c.status for c in right.claims] == ["supported"]


def test_a_year_worked_out_from_a_span_is_not_rivalled() -> None:
    from lexguard.grounding.signals._rivalled import rivalled

    source = "The Harbour Museum closed for renovation in 2018 and reopened three years later with a new gallery."
    claim = "The Harbour Museum shut for renovation in 2018 and reopened in 2021."
    mention = [m for m in numbers(claim) if m.key == "2021"][0]
    assert not rivalled(claim, mention, [source])


def test_a_count_of_a_series_after_an_apposition_is_derived() -> None:
    from lexguard import Source
    from lexguard.grounding import SupportChecker

    source = Source(id="s", content="Home Skills, a free course at Dunmore College, covers plumbing, wiring, tiling "
                                    "and painting. Classes are on Tuesday evenings.")
    result = SupportChecker().check("It covers four skills: plumbing, wiring, tiling and painting.", [source])
    assert result.recommendation == "accept", [(c.text, c.status, c.support) for c in result.claims]


MINUTES = ("Minutes of the Elmfield Bowls Club committee, 4 March. The committee agreed to reseed the green in May. "
           "Two new sets of mats will be bought before the season starts. The club dinner will be held on 19 July, "
           "with tickets at £10 for adults and £4 for children.")


@pytest.mark.parametrize(
    ("answer", "accepted"),
    [
        # 12 is 10 + 2 by chance: a word of working out in another statement ("before the season")
        # or another sentence of the evidence does not make it worked out
        ("Sure, here's the gist of the minutes: the committee agreed to reseed the green in May, buy two new sets "
         "of mats before the season, and hold the club dinner on 19 July with adult tickets at £12.", False),
        ("Sure, here's the gist of the minutes: the committee agreed to reseed the green in May, buy two new sets "
         "of mats before the season, and hold the club dinner on 19 July with adult tickets at £10.", True),
    ],
)
def test_a_working_out_word_of_another_statement_works_nothing_out(answer: str, accepted: bool) -> None:
    from lexguard import Source
    from lexguard.grounding import SupportChecker

    result = SupportChecker().check(answer, [Source(id="s", content=MINUTES)])
    assert (result.recommendation == "accept") is accepted, [(c.text, c.status, c.support) for c in result.claims]


def test_a_count_of_times_is_read_against_the_sources_count() -> None:
    """Found in trial R: "renew them up to three times" beside "can be renewed twice" (three was
    the loan's weeks) was accepted."""
    from lexguard.grounding.signals._times_counted import other_count

    source = ["Loans from the Ellery Library last three weeks and can be renewed twice online. Fines are 20p a day."]

    def counted(claim: str) -> list[bool]:
        return [other_count(claim, m, source) for m in numbers(claim)]

    assert counted("Loans last three weeks, and you can renew them up to three times online.") == [False, True]
    assert counted("Loans last three weeks and can be renewed twice online.") == [False, False]
    assert counted("You can renew a loan two times online.") == [False]
    assert counted("The new reading room is three times as large.") == [False]  # a ratio, no count of times


def test_the_verifier_reads_a_decade_as_the_year_it_holds() -> None:
    """Found trying values elsewhere in the sources: "The library was rebuilt in the 2000s" beside
    "opened in 1962 and was rebuilt in 2008" was refused, first by the decade rule (a tie of the
    two years), then by the verifier, which reads no decades; it now reads "rebuilt in 2008"."""
    from lexguard._models import Source
    from lexguard.grounding import SupportChecker

    source = [Source(id="s", content="The Harbour Library opened in 1962 and was rebuilt in 2008.")]
    checker = SupportChecker()
    for claim, accepted in [("The library was rebuilt in the 2000s.", True), ("The library opened in the 2000s.", False)]:
        result = checker.check(claim, source)
        assert all(c.supported is not False for c in result.claims) is accepted, claim


LEAFLET = ("Take the tablets with or after food. Adults may take one or two tablets every four to six hours as "
           "needed. Do not use this medicine for more than 10 days for pain or 3 days for fever without talking "
           "to a doctor.")


@pytest.mark.parametrize(("claim", "supported"), [
    # 5 is 2 + 3 by chance, and "not" or "more" read as a remainder's cue: supported 0.99 before
    ("It should not be used for more than 10 days for pain or 5 days for fever without talking to a doctor.", False),
    ("It should not be used for more than 10 days for pain or 3 days for fever without talking to a doctor.", True),
])
def test_a_small_number_tied_to_another_value_on_both_sides_is_not_worked_out(claim: str, supported: bool) -> None:
    from lexguard._models import Source
    from lexguard.grounding import SupportChecker

    result = SupportChecker().check(claim, [Source(id="leaflet", content=LEAFLET)])
    assert result.claims[0].supported is supported


def test_a_year_told_as_the_year_before() -> None:
    from lexguard._models import Source
    from lexguard.grounding import SupportChecker

    source = "Crews answered 214 scooter call-outs in 2023, up from 87 the year before."
    checker = SupportChecker()
    assert checker.check("Scooter call-outs rose from 87 to 214 in a year.", [Source(id="s", content=source)]).claims[0].supported
    assert not checker.check("Scooter call-outs rose from 87 to 214 in a year.",
                             [Source(id="s", content=source.replace("the year before", "in 2019"))]).claims[0].supported
