"""Numbers a claim works out in plain sight from values it states itself.

"Students pay half of the standard £30 fee, which is £15" beside "£30 ... 50% off" had been
refused as a contradicted value (15 read as a rival of 30), "600g of carrots at £1.20 per kilo
would cost 72p" too; a wrong result, or a step the sources do not give, still is.
"""

from __future__ import annotations

import pytest

from lexguard._models import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.signals._lexical import content_words, numbers
from lexguard.grounding.signals._shown_working import shown_working
from lexguard.grounding.signals._totals import total_counts
from tests.claim_statuses import statuses

FEE = "Membership of the Ridgeway Rowing Club costs £30 a year. Students get 50% off the standard fee."
SOUP = "Leek soup (serves four): 600g leeks, two potatoes and a litre of stock. Leeks at the Corn Market cost £1.20 per kilo."
PANTO = "Tickets for the Millbrook pantomime cost £18 for adults and £12 for children. Shows run from 12 to 21 December."
PHONES = "The Ostler 5 costs £529 and the Ostler 5 Mini costs £379. Both come with a two-year warranty."


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


def _known(source: str) -> set[str]:
    return {k for m in numbers(source) for k in (m.key, *m.alts)}


def _shown(claim: str, source: str) -> list[bool]:
    return [shown_working(claim, m, _known(source), [source]) for m in numbers(claim)]


@pytest.mark.parametrize(
    ("source", "answer"),
    [
        (FEE, "Students pay half of the standard £30 fee, which is £15."),
        (SOUP, "The 600g of leeks, at £1.20 per kilo, would cost 72p."),
        (PANTO, "Two adult tickets and one child ticket cost £48 in total."),
    ],
)
def test_a_value_worked_out_from_the_claims_own_values_fails_no_strict_rule(
    checker: SupportChecker, source: str, answer: str
) -> None:
    result = checker.check(answer, [Source(id="s0", content=source)])
    assert not {f.rule_id for f in result.findings} & {"grounding.contradicted_value", "grounding.unknown_value",
                                                         "grounding.misplaced_value"}


@pytest.mark.parametrize(
    ("source", "answer"),
    [
        (FEE, "Students pay half of the standard £30 fee, which is £12."),
        (SOUP, "The 600g of leeks, at £1.20 per kilo, would cost £7.20."),
        (PANTO, "Two adult tickets and one child ticket cost £54 in total."),
    ],
)
def test_a_wrong_result_is_still_refused(checker: SupportChecker, source: str, answer: str) -> None:
    assert "supported" not in statuses(checker, source, answer)


def test_each_step_the_claim_names() -> None:
    assert _shown("Students pay half of the £30 fee, which is £15.", FEE)[-1] is True
    assert _shown("At £529 it costs £150 more than the £379 Mini.", PHONES)[1] is True
    assert _shown("At £529 it costs £160 more than the £379 Mini.", PHONES)[1] is False
    assert _shown("600g at £1.20 per kilo costs 72p.", SOUP)[-1] is True
    assert _shown("600g at £1.20 per kilo costs £0.72.", SOUP)[-1] is True
    assert _shown("600g at £1.20 per kilo costs £7.20.", SOUP)[-1] is False
    assert _shown("With 50% off the £30 fee you pay £15.", FEE)[-1] is True


def test_a_share_the_sources_do_not_give_is_no_working() -> None:
    quarter = "Membership costs £30 a year. Students get 25% off."
    assert _shown("Students pay half of the £30 fee, which is £15.", quarter)[-1] is False
    assert _shown("Students pay £22.50, which is 25% off the £30 fee.", quarter)[0] is True


def test_a_difference_needs_a_word_that_compares() -> None:
    # 150 is 529 - 379, but the claim says nothing of a difference: a third price, not worked out
    assert _shown("The £529 and £379 phones have a £150 case.", PHONES)[-1] is False


def test_a_count_a_total_takes_its_parts_by_is_the_claims_own_case() -> None:
    claim = "Two adult tickets and one child ticket cost £48 in total."
    two = numbers(claim)[0]
    assert total_counts(claim, two, _known(PANTO), [PANTO]) is True
    # a count no total needs is still a fact the sources must give
    other = "Two adult tickets cost £18 each."
    assert total_counts(other, numbers(other)[0], _known(PANTO), [PANTO]) is False


PARK = "Entry to Hollin Wildlife Park costs £16 for adults and £9 for children aged 3 to 15. A family ticket for two adults and two children is £45."
CHOIR = "Tickets for the spring concert are £12. Under-18s pay half price, and students pay £8."
LOAVES = "The Kettering Road bakery bakes 240 loaves every morning. Half of them are wholemeal, and the rest are white."


def _of_evidence(claim: str, source: str) -> list[bool]:
    return [shown_working(claim, m, _known(source), [source]) for m in numbers(claim)]


def test_a_share_or_a_count_of_an_evidence_value() -> None:
    assert _of_evidence("Under-18s pay half price, so their ticket costs £6.", CHOIR)[-1] is True
    assert _of_evidence("Under-18s pay half price, so their ticket costs £4.", CHOIR)[-1] is False
    assert _of_evidence("It bakes 240 loaves, a hundred and twenty of which are wholemeal.", LOAVES)[-1] is True
    assert _of_evidence("It bakes 240 loaves, a hundred and forty of which are wholemeal.", LOAVES)[-1] is False
    assert _of_evidence("It would be £32 for the two adults and £27 for the three children.", PARK)[::2] == [True, True]
    assert _of_evidence("It would be £36 for the two adults and £18 for the three children.", PARK)[::2] == [False, False]
    # a count's worth of a value of another kind is none: 2 x 16 is no date
    assert _of_evidence("The two adults came on 32 May.", PARK) == [False, False]


def test_a_frequency_or_a_bare_fifty_states_no_share() -> None:
    # "twice a week" is how often, not a double; "50 seats" is no "50%"
    classes = "Yoga classes at the Weir Studio cost £8 and run twice a week. The studio has 50 seats."
    assert _of_evidence("Yoga classes at the Weir Studio cost £16.", classes) == [False]
    assert _shown("Students pay half of the £8 class price, which is £4.", classes)[-1] is False


def test_an_ordinal_is_no_share() -> None:
    # "third-quarter" orders the quarters: no third of anything
    source = "Ostler Tools reported revenue of €84 million for the third quarter, up 9% on a year earlier."
    claim = "Ostler Tools posted third-quarter revenue of €84 million, up 9%."
    assert _of_evidence(claim, source)[0] is False


SWIM = "The 24 pupils swam a combined 960 lengths and raised £1,920 for the school garden."
PAINT = "Exterior paint in a 2.5 litre tin costs £22.50. The same paint in a 1 litre tin costs £11.00."
ZOO = "Entry to Kestle Zoo costs £15 for adults and £9 for children. A family ticket for two adults and two children is £42."
_NUMBER_RULES = {"grounding.contradicted_value", "grounding.unknown_value", "grounding.misplaced_value"}


@pytest.mark.parametrize(
    ("source", "answer"),
    [
        (SWIM, "On average each pupil swam 40 lengths (960 ÷ 24), and the £1,920 works out at £2 per length."),
        (PAINT, "The 2.5 litre tin works out at £9.00 per litre (£22.50 ÷ 2.5), against £11.00 for the 1 litre tin."),
        (ZOO, "Separately, two adults (£30) and two children (£18) would cost £48, so the £42 family ticket saves £6."),
    ],
)
def test_a_division_or_a_chain_of_steps_shown_fails_no_number_rule(
    checker: SupportChecker, source: str, answer: str
) -> None:
    result = checker.check(answer, [Source(id="s0", content=source)])
    assert not {f.rule_id for f in result.findings} & _NUMBER_RULES


@pytest.mark.parametrize(
    ("source", "answer"),
    [
        (SWIM, "On average each pupil swam 45 lengths (960 ÷ 24)."),
        (PAINT, "The 2.5 litre tin works out at £8.00 per litre (£22.50 ÷ 2.5)."),
        (ZOO, "Separately, two adults (£30) and two children (£18) would cost £48, so the £42 family ticket saves £8."),
    ],
)
def test_a_wrong_quotient_or_step_is_still_a_wrong_value(checker: SupportChecker, source: str, answer: str) -> None:
    result = checker.check(answer, [Source(id="s0", content=source)])
    assert {f.rule_id for f in result.findings} & _NUMBER_RULES


def test_values_the_question_supposes_may_be_worked_from() -> None:
    from lexguard.grounding.signals._supposed import supposed_values

    sale = "All garden pots are 20% off until Sunday."
    answer = "A £50 pot would cost £40 in the sale."
    asked = "How much would a pot that's normally £50 cost in the sale?"
    assert supposed_values(asked) >= {"50"}
    assert supposed_values("Why did the garden centre close in 2019?") == frozenset()  # a premise, no case
    assert supposed_values("If we came in 2025, would it be open?") == frozenset()  # a year is never supposed
    result = SupportChecker().check(answer, [Source(id="s0", content=sale)], asked)
    assert not {f.rule_id for f in result.findings} & _NUMBER_RULES
    bare = SupportChecker().check(answer, [Source(id="s0", content=sale)], "What is in the sale?")
    assert {f.rule_id for f in bare.findings} & _NUMBER_RULES


@pytest.mark.parametrize(
    ("source", "question", "answer"),
    [
        ("Each passenger may bring one suitcase up to 20 kg free of charge. Additional suitcases cost £8 each.",
         "I'm travelling with two suitcases - will I have to pay anything?",
         "No, you can take two suitcases free of charge as long as each is under 20 kg."),
        ("Each adult may supervise a maximum of two children at a time on the climbing wall.",
         "Can I supervise my three children if I'm a registered adult?",
         "Yes, a registered adult can supervise up to three children at a time."),
    ],
)
def test_a_supposed_value_stated_as_a_rule_of_the_sources_is_not_the_users_case(
    checker: SupportChecker, source: str, question: str, answer: str
) -> None:
    # the user's two suitcases or three children, said to be what the sources allow
    result = checker.check(answer, [Source(id="s0", content=source)], question)
    assert {f.rule_id for f in result.findings} & _NUMBER_RULES


def test_a_refusal_restates_the_questions_values() -> None:
    source = "A Cessna 172 cruises at about 120 knots. Its range is around 640 nautical miles."
    question = "how long would it take to fly 370 miles while flying at 100 mph"
    answer = ("The passages provided do not contain the necessary information to calculate the time it would take "
              "to fly 370 miles while flying at 100 mph.")
    result = SupportChecker().check(answer, [Source(id="s0", content=source)], question)
    assert not {f.rule_id for f in result.findings} & _NUMBER_RULES
    assert all(c.status == "not_checked" for c in result.claims)


MUFFINS = "Lemon muffins (makes 12). You will need 300 g self-raising flour, 2 eggs and 150 g sugar."
FAIR = "In total the summer fair raised £3,200, of which £800 came from the tombola."
BATTERIES = "AAA batteries: pack of 4 for £3.60, or pack of 10 for £7.50."
CAFE = "The Quayside café is open 08:00 to 17:30 on weekdays. Last orders are taken 30 minutes before closing."


@pytest.mark.parametrize(
    ("source", "question", "answer", "worked"),
    [
        (MUFFINS, "I want to make 18 muffins - how much flour do I need?",
         "Eighteen muffins is one and a half times the recipe, so you'd need 450 g of flour and 3 eggs.", True),
        (MUFFINS, "I want to make 18 muffins - how much flour do I need?",
         "Eighteen muffins is one and a half times the recipe, so you'd need 400 g of flour.", False),
        (FAIR, "", "The tombola raised £800 of the £3,200 total, which is 25% of the money.", True),
        (FAIR, "", "The tombola raised £800 of the £3,200 total, which is 20% of the money.", False),
        (BATTERIES, "", "The 10-pack works out at 75p per battery.", True),
        (BATTERIES, "", "The 10-pack works out at 70p per battery.", False),
        (CAFE, "", "It closes at half past five in the evening, with last orders at five o'clock.", True),
        (CAFE, "", "It closes at half past five in the evening, with last orders at a quarter to five.", False),
    ],
)
def test_ratios_shares_and_times_in_words_worked_out(
    checker: SupportChecker, source: str, question: str, answer: str, worked: bool
) -> None:
    result = checker.check(answer, [Source(id="s0", content=source)], question or None)
    assert (not {f.rule_id for f in result.findings} & _NUMBER_RULES) is worked


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Can I pay by card for just a £3 coffee?", "No, card payments under £5 aren't accepted, so not for a £3 coffee."),
        ("Do I have to pay a fare for my 4-year-old?", "No, under-5s travel free, so there's no fare for your 4-year-old."),
    ],
)
def test_the_users_case_named_for_what_the_answer_is_for(question: str, answer: str) -> None:
    source = "The Mill café does not accept card payments under £5. Under-5s travel free on the Hopper bus."
    result = SupportChecker().check(answer, [Source(id="s0", content=source)], question)
    assert not {f.rule_id for f in result.findings} & _NUMBER_RULES


def test_a_fact_reported_after_a_refusals_while_is_still_checked() -> None:
    # "while flying at 100 mph" goes on with the question; "while noting it was built in 1950" states a fact
    source = "The Haldon bridge was designed by Ruth Marsh. It carries the B3212 over the river."
    answer = "The passages do not say when the Haldon bridge opened, while noting it was built in 1950."
    claims = SupportChecker().check(answer, [Source(id="s0", content=source)], "When did the bridge open?").claims
    assert [c.status for c in claims][0] == "not_checked"
    assert any(c.status in {"contradicted", "unsupported"} and "1950" in c.text for c in claims)


CINEMA = "Tickets at the Regal Picture House cost £11 for adults and £7 for children. Popcorn is sold in the foyer."


@pytest.mark.parametrize(
    "answer",
    [
        pytest.param("Two adult tickets at £11 come to £22 and two child tickets at £7 come to £14, so the total is £36.",
                     marks=pytest.mark.xfail(strict=True, reason="known false refusal: the verifier reads the sum as "
                                             "contradicted (0.61) and the stacker gives 0.47, under the worked bar 0.5")),
        "Three adult tickets would cost £33, since each is £11.",
        "Two child tickets at £7 each come to £14.",
    ],
)
def test_a_claim_that_shows_its_working_is_supported(checker: SupportChecker, answer: str) -> None:
    # the verifier does no arithmetic: it read such claims at 0.50-0.64, under the threshold 0.77
    question = "How much would it cost for two adults and two children, or for three adults?"
    assert statuses(checker, CINEMA, answer, question) == {"supported"}


@pytest.mark.parametrize(
    "answer",
    [
        "Two adult tickets at £11 come to £22, so the total is £22, and that includes a free bag of popcorn each.",
        "Two adult tickets at £7 come to £14 and two child tickets at £11 come to £22, so the total is £36.",
        "Two adult tickets at £11 come to £24.",
    ],
)
def test_working_beside_a_wrong_or_added_part_is_not_supported(checker: SupportChecker, answer: str) -> None:
    assert "supported" not in statuses(checker, CINEMA, answer, "How much for two adults and two children?")


def test_the_worked_bar_is_moved_onto_the_threshold() -> None:
    import numpy as np

    from lexguard.grounding._worked import WORKED_BAR, worked_support
    from lexguard.grounding.verify._features import ClaimEvidence

    claim, known = "Two tickets at £11 come to £22.", {"ticket", "come"}
    result = numbers(claim)[-1]  # "£22", after "come to"
    worked = ClaimEvidence(features=np.zeros(1), best_chunks=[], best_scores=[], worked=(result,))
    plain = ClaimEvidence(features=np.zeros(1), best_chunks=[], best_scores=[])
    assert worked_support(WORKED_BAR, 0.77, worked, claim, known) == pytest.approx(0.77)
    assert worked_support(0.4, 0.77, worked, claim, known) < 0.77
    assert worked_support(0.6, 0.77, plain, claim, known) == 0.6
    # a piece without a number whose words no source holds keeps the claim on the common bar
    assert worked_support(0.6, 0.77, worked, claim[:-1] + ", and it includes a free programme.", known) == 0.6
    # a number no step word goes with is no step's ("... and its battery lasts up to 20 hours")
    listed = "It weighs 2kg, has 16GB of memory and a battery that lasts up to 18 hours."
    assert worked_support(0.6, 0.77, ClaimEvidence(features=np.zeros(1), best_chunks=[], best_scores=[],
                                                    worked=(numbers(listed)[-1],)), listed, set(content_words(listed))) == 0.6


def test_the_users_age_said_as_their_case_is_no_value_of_the_sources() -> None:
    source = "The Over-40s Netball League is open to players aged 40 and over. Matches are on Wednesday evenings."
    question = "My sister's 37. Can she join the over-40s league?"
    answer = "No, the league is only open to players aged 40 and over, so at 37 she isn't eligible yet."
    result = SupportChecker().check(answer, [Source(id="s0", content=source)], question)
    assert not {f.rule_id for f in result.findings} & _NUMBER_RULES
