"""A person taken from the part of a sentence about another role.

"Daniel Okafor will be conducting the choir's spring concert" beside "... will be conducted by
Imogen Fairweather, with Daniel Okafor at the piano" had been read as supported: every name and
word is in the sentence. :func:`moved_person` finds the person whose part of the sentence holds
none of the claim's other words while another part holds them and names another person.
"""

from __future__ import annotations

import pytest

from lexguard.grounding import SupportChecker
from lexguard.grounding.signals._name_segments import moved_person
from tests.claim_statuses import statuses

CONCERT = ("The Harwood Singers' summer concert on 21 June will be conducted by Lorna Mackie, with Peter Osei at "
           "the piano. Tickets are £12 from the box office.")
STAFF = "Kirkby Lane School staff: Headteacher Mrs Jane Holt; Deputy Head Mr Ravi Shah; SENCo Ms Erin Doyle."


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


@pytest.mark.parametrize(
    ("source", "answer", "moved"),
    [
        (CONCERT, "Peter Osei will conduct the Harwood Singers' summer concert on 21 June.", "Peter Osei"),
        (STAFF, "Contact the SENCo at Kirkby Lane School, Mr Ravi Shah.", "Ravi Shah"),
    ],
)
def test_a_person_of_another_role_is_misplaced(checker: SupportChecker, source: str, answer: str, moved: str) -> None:
    assert [m.text for m, _ in moved_person(answer, [source])] == [moved]
    assert "supported" not in statuses(checker, source, answer)


@pytest.mark.parametrize(
    ("source", "answer"),
    [
        (CONCERT, "Peter Osei will play the piano at the summer concert."),
        (CONCERT, "Lorna Mackie will conduct the summer concert, with Peter Osei at the piano."),
        (STAFF, "Contact the SENCo at Kirkby Lane School, Ms Erin Doyle."),
        (STAFF, "The deputy head is Mr Ravi Shah."),
    ],
)
def test_a_person_in_their_own_part_is_left_alone(source: str, answer: str) -> None:
    assert moved_person(answer, [source]) == []


def test_a_body_is_no_person() -> None:
    # airlines in a ranking, each in its part of the sentence: no role moved
    source = ("Northway Air came second with 4.1 million award seats; Coastal Airlines ranked third with 3 million; "
              "and Meridian Airlines was fourth.")
    assert moved_person("Northway Air came second, followed by Coastal Airlines and Meridian Airlines.", [source]) == []


def test_a_sentence_that_says_little_of_the_claim_gives_no_roles() -> None:
    # the claim is about her own story, told elsewhere; the list of books says little of it
    source = ("Top sellers: 'Quiet Meadows' by Lena Hart (No. 3); and 'The Calm Colouring Book: Art for Busy People' "
              "by Ines Varga (No. 8).")
    claim = "Making a calm colouring book was a happy accident for illustrator Ines Varga, who had long practised meditation."
    assert moved_person(claim, [source]) == []


HALL = ("Our new youth worker, Nadia Okonjo, will be running the Friday drama club. Pete Sandow remains caretaker and "
        "deals with all hall hire enquiries. If you would like to join the litter-pick team, please contact Rose Ebdon.")


def test_a_person_named_for_another_role_in_another_sentence_is_moved() -> None:
    found = moved_person("For hall hire enquiries, please contact Rose Ebdon.", [HALL])
    assert [m.text for m, _ in found] == ["Rose Ebdon"]
    assert "Pete Sandow" in found[0][1]


@pytest.mark.parametrize(
    "answer",
    [
        "For hall hire, contact Pete Sandow; Rose Ebdon looks after the litter-pick team.",
        "To join the litter-pick team, please contact Rose Ebdon.",
        "Nadia Okonjo will be running the Friday drama club.",
    ],
)
def test_a_person_named_for_their_own_role_is_left_alone(answer: str) -> None:
    assert moved_person(answer, [HALL]) == []


def test_a_thing_named_like_a_person_is_read_with_its_own_sentence() -> None:
    # "The bridge was designed ..." speaks of the Tamsin Bridge by a word of its name
    source = "The Tamsin Bridge opened in 1902. The bridge was designed by the engineer Walter Pryce."
    assert moved_person("The Tamsin Bridge was designed by the firm of Walter Pryce.", [source]) == []


FILM = "Harbour Lights was directed by Maria Costa and produced by Leon Hart, and it premiered in Venice."


@pytest.mark.parametrize(
    ("answer", "moved"),
    [
        ("Harbour Lights was directed by Leon Hart.", ["Leon Hart"]),
        ("Maria Costa produced Harbour Lights.", ["Maria Costa"]),
        ("Leon Hart directed Harbour Lights, which premiered in Venice.", ["Leon Hart"]),
        ("Harbour Lights was directed by Maria Costa.", []),
        ("Leon Hart produced Harbour Lights.", []),
        ("Harbour Lights was written by Leon Hart.", []),  # a role the sentence gives no one: left to the models
    ],
)
def test_a_role_given_to_another_person_of_the_sentence(checker: SupportChecker, answer: str, moved: list[str]) -> None:
    """Found in a trial of contrastive claims: "directed by Leon Hart" beside "directed by Maria
    Costa and produced by Leon Hart" read as supported (0.99): every word is in the sentence."""
    assert [m.text for m, _ in moved_person(answer, [FILM])] == moved
    if moved:
        assert "supported" not in statuses(checker, FILM, answer)


def test_a_role_by_an_irregular_verb() -> None:
    source = "The song was written by Tom Field and performed by Ella Grant."
    assert [m.text for m, _ in moved_person("Ella Grant wrote the song.", [source])] == ["Ella Grant"]
    assert moved_person("Tom Field wrote the song.", [source]) == []
    assert moved_person("The song was sung by Ella Grant.", [source]) == []


def test_a_firm_given_another_role() -> None:
    """Found in a clean trial: "Brooks & Sons designed the Harwell Library" beside "designed by
    architect Clara Monteiro and built by the firm Brooks & Sons" passed (a firm is no person)."""
    source = "The Harwell Library was designed by architect Clara Monteiro and built by the firm Brooks & Sons in 1934."
    assert [m.text for m, _ in moved_person("Brooks & Sons designed the Harwell Library.", [source])] == ["Brooks & Sons"]
    assert moved_person("The Harwell Library was built by Brooks & Sons.", [source]) == []


def test_a_name_given_many_times_is_read_once() -> None:
    """Found in review: a claim naming two people 3,000 times read every source sentence's names for
    each mention (90 s); the verdict of a name is now read once and given to each mention."""
    claim = "Harbour Lights was directed by Leon Hart, as Leon Hart said. " * 50
    found = moved_person(claim, [FILM])
    assert {m.text for m, _ in found} == {"Leon Hart"}
    assert len(found) == 100
