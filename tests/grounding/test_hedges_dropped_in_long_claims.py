"""A hedge dropped where the claim says more than its source sentence, a quantity raised in a
reported statement, "showing" for "suggesting", and "the first" for "one of the first"
(thirty-eighth session; the cases are written for these tests)."""

from __future__ import annotations

import pytest

from lexguard.grounding.signals._beyond_sources import said_beyond
from lexguard.grounding.signals._firsts import one_of_the_first
from lexguard.grounding.signals._overstated import _quantity, overstatement

WOLVES = ("The Carlow Wolves, who had won five straight before Sunday, dropped to 12-8 and will probably "
          "finish fourth in the division.")
BRIDGES = "The audit noted that the county had 90 road bridges, several of which needed urgent repairs."
TRIAL = ("Patients given the drug slept about an hour longer than those on placebo, suggesting that it may "
         "ease insomnia in older adults.")


def test_a_hedge_dropped_beside_words_the_source_sentence_lacks() -> None:
    claim = "The Wolves, whose five-game run ended, dropped to 12-8 and will finish the season fourth in the division."
    assert overstatement(claim, [WOLVES]) == WOLVES


@pytest.mark.parametrize("claim", [
    "The Wolves dropped to 12-8 and will probably finish fourth in the division.",
    "The Wolves dropped to 12-8 and, if they lose again, will finish fourth in the division.",
])
def test_the_hedge_or_a_condition_kept_is_no_overstatement(claim: str) -> None:
    assert overstatement(claim, [WOLVES]) is None


def test_another_source_sentence_that_states_it_plainly_supports_it() -> None:
    claim = "The Wolves, whose five-game run ended, dropped to 12-8 and will finish the season fourth in the division."
    plain = WOLVES + " The league confirmed on Monday that the Wolves will finish fourth in the division."
    assert overstatement(claim, [plain]) is None


def test_a_need_or_an_instruction_is_no_dropped_doubt() -> None:
    source = "If the song is already licensed to a label, you may have to contact the label and agree a smaller share."
    assert overstatement("Contact the label and agree a smaller share if the song is licensed.", [source]) is None
    assert overstatement("Bring the guests together and make sure the wedding day runs smoothly.",
                         ["Some guests might not think of missing your wedding day."]) is None


def test_a_quantity_raised_inside_a_reported_statement() -> None:
    claim = "The audit noted that the county had 90 road bridges, most of which needed urgent repairs."
    assert overstatement(claim, [BRIDGES]) == BRIDGES
    assert overstatement("The audit noted that the county had 90 road bridges, several of which needed urgent repairs.",
                         [BRIDGES]) is None


def test_no_more_than_is_a_bound_not_none() -> None:
    assert _quantity("The joists are placed no more than 16 inches apart.") is None
    assert _quantity("No joists are placed closer than 16 inches.") == 0


def test_showing_for_suggesting() -> None:
    claim = "Patients on the drug slept about an hour longer than those on placebo, showing that it eases insomnia."
    assert overstatement(claim, [TRIAL]) == TRIAL
    shown = TRIAL.replace("suggesting that it may ease", "showing that it eases")
    assert overstatement(claim, [shown]) is None


def test_the_first_for_one_of_the_first() -> None:
    source = ["Her 1961 exhibition was one of the first shows in the region to mix weaving with sheet metal."]
    claim = "Her 1961 exhibition was the first show in the region to mix weaving with sheet metal."
    assert one_of_the_first(claim, source) == source[0]
    assert said_beyond(claim, source) == source[0]
    assert one_of_the_first(claim, [source[0] + " It was the first show of its kind."]) is None
    assert one_of_the_first("Her 1961 exhibition was one of the first shows to mix weaving with metal.", source) is None


def test_most_of_a_whole_the_source_gives_a_minority_of() -> None:
    source = ["To widen the pavement, the city will take out about 70 of the roughly 180 trees on the avenue."]
    claim = "The council approved the plan, taking out most of the roughly 180 trees on the avenue."
    assert overstatement(claim, source) == source[0]
    assert overstatement("The plan takes out about 70 of the roughly 180 trees on the avenue.", source) is None


def test_a_sentence_that_ends_in_a_word_like_an_abbreviation_ends() -> None:
    from lexguard.grounding.claims._passages import passage_sentences
    from lexguard.grounding.claims._sentences import split_sentences

    text = "Critics dismissed quilts as craft, not art. Curator Ana Ruiz disagrees. See Art. 12 of the charter."
    expected = ["Critics dismissed quilts as craft, not art.", "Curator Ana Ruiz disagrees.", "See Art. 12 of the charter."]
    assert list(passage_sentences(text)) == expected
    assert [text[a:b] for a, b in split_sentences(text)] == expected
    assert len(list(passage_sentences("Gen. Patton landed. Sun. Closed."))) == 2
