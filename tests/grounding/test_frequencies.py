"""How often something happens, read as a period, and a frequency given another case's words.

"... every 30 minutes on weekdays, ... and every 30 minutes on Sundays too" beside "every 30 minutes
on weekdays and every hour on Sundays" had been accepted (0.98): "every hour" is no number, so no
value rule read it. :func:`frequencies` reads frequencies as periods; :func:`crossed_frequency`
finds a claim frequency said with another segment's qualifier.
"""

from __future__ import annotations

import pytest

from lexguard.grounding import SupportChecker
from lexguard.grounding.signals._frequencies import crossed_frequency, frequencies, more_often
from tests.claim_statuses import statuses

TRAINS = ("From 4 May, the Wexcombe to Lyle stopping train will run every 30 minutes on weekdays and every hour "
          "on Sundays. The first weekday train leaves Wexcombe at 06:40.")
PILLS = "Take one capsule twice a day for adults, and once a day for children under 12. Do not exceed the dose."
BINS = "Grey bins are emptied weekly, while blue recycling bins are emptied every other week."


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


@pytest.mark.parametrize(
    ("text", "minutes"),
    [
        ("every 30 minutes", [30]), ("every hour", [60]), ("hourly", [60]), ("every half hour", [30]),
        ("every hour and a half", [90]), ("twice a day", [720]), ("three times a week", [3360]),
        ("every other week", [20160]), ("fortnightly", [20160]), ("every two years", [1051920]),
        ("every Monday", []), ("three times as long", []),
    ],
)
def test_frequencies_read_as_periods(text: str, minutes: list[float]) -> None:
    assert [f.minutes for f in frequencies(text)] == minutes


@pytest.mark.parametrize(
    ("source", "answer"),
    [
        (TRAINS, "From 4 May, the Wexcombe to Lyle train runs every 30 minutes on weekdays, with the first weekday "
                 "train leaving Wexcombe at 06:40, and every 30 minutes on Sundays too."),
        (TRAINS, "On Sundays the stopping train runs every 30 minutes."),
        (TRAINS, "The stopping train runs hourly on weekdays."),
        (PILLS, "Children under 12 should take one capsule twice a day."),
        (BINS, "Blue recycling bins are emptied weekly."),
    ],
)
def test_a_frequency_with_another_cases_words_is_contradicted(checker: SupportChecker, source: str, answer: str) -> None:
    assert crossed_frequency(answer, [source]) is not None or more_often(answer, source)
    assert "supported" not in statuses(checker, source, answer)


@pytest.mark.parametrize(
    ("source", "answer"),
    [
        (TRAINS, "On Sundays the stopping train runs hourly."),
        (TRAINS, "The stopping train runs every half hour on weekdays and once an hour on Sundays."),
        (PILLS, "Children under 12 should take one capsule once a day."),
        (PILLS, "Adults take one capsule twice a day."),
        (BINS, "Blue recycling bins are emptied fortnightly and grey bins every week."),
    ],
)
def test_each_frequency_with_its_own_case_is_left_alone(source: str, answer: str) -> None:
    assert crossed_frequency(answer, [source]) is None
    assert not more_often(answer, source)


def test_one_frequency_per_sentence_crosses_nothing() -> None:
    # a sentence of one frequency has no segments to tell cases apart
    assert crossed_frequency("The train runs every hour on weekdays.", ["The train runs every 30 minutes."]) is None


BINS_BY_SENTENCE = ("Green recycling boxes are collected every two weeks on Tuesdays. Garden waste sacks are "
                    "collected every week on the same day. Please flatten cardboard.")


@pytest.mark.parametrize(
    ("answer", "crossed"),
    [
        ("Your green recycling box is collected every week on Tuesdays, the same day as your garden waste sacks.", True),
        ("Green recycling boxes are collected fortnightly on Tuesdays, and garden waste sacks every week.", False),
        ("Garden waste sacks are collected weekly.", False),
    ],
)
def test_sentences_of_one_frequency_each_are_cases_of_one_statement(answer: str, crossed: bool) -> None:
    # each sentence gives one frequency of "collected": its own words tell its case
    assert (crossed_frequency(answer, [BINS_BY_SENTENCE]) is not None) is crossed


GALLERY = ("The Wyke Gallery is open Tuesday to Sunday. Guided tours start every 45 minutes from the main desk, "
           "and the café serves lunch from noon.")


@pytest.mark.parametrize(
    ("claim", "changed"),
    [
        ("Guided tours leave the main desk every half hour.", True),
        ("Guided tours start hourly from the main desk.", True),
        ("Guided tours start every 45 minutes from the main desk.", False),
        ("The café serves lunch every day from noon.", False),  # no sentence states that frequency
    ],
)
def test_a_frequency_the_sources_state_with_another_period_is_changed(claim: str, changed: bool) -> None:
    from lexguard.grounding.signals._frequencies import changed_frequency

    assert (changed_frequency(claim, [GALLERY]) is not None) is changed


CLASSES = ("At the Holt leisure centre, beginners' swimming lessons are on Tuesdays and improvers' lessons on "
           "Fridays. Lane swimming runs daily.")


@pytest.mark.parametrize(
    ("claim", "crossed"),
    [
        ("Improvers' lessons at the Holt leisure centre are on Tuesdays.", True),
        ("Beginners' lessons are on Fridays and improvers' lessons on Tuesdays.", True),
        ("Improvers' lessons are on Fridays.", False),
        ("Beginners' swimming lessons are on Tuesdays, and improvers' lessons on Fridays.", False),
        ("Lane swimming runs on Sundays.", False),  # no case of that sentence
    ],
)
def test_a_day_given_to_another_case_of_its_sentence_is_crossed(claim: str, crossed: bool) -> None:
    from lexguard.grounding.signals._days_crossed import crossed_day

    assert (crossed_day(claim, [CLASSES]) is not None) is crossed
