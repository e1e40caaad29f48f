"""A fact moved from one retrieved document's subject to another's is misplaced: the statement
it repeats is in a document that never names the claim's subject."""

from __future__ import annotations

import pytest

from lexguard import Source
from lexguard.grounding import SupportChecker

CONDUCTORS = [
    Source(id="a", content="Ilse Marwick became principal conductor of the Tromsø Symphony in 2016. "
                           "She is known for her recordings of Nielsen."),
    Source(id="b", content="Pavel Drozd founded the Brno Chamber Soloists in 2001. He has recorded all of Bach's "
                           "violin partitas."),
]
TOWNS = [
    Source(id="t1", content="Kestel has a population of about 31,000 and is known for its annual onion market."),
    Source(id="t2", content="Dornach has about 44,000 residents. Its main sight is a 13th-century abbey."),
]


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


@pytest.mark.parametrize(
    ("sources", "answer", "accepted"),
    [
        (CONDUCTORS, "Pavel Drozd is known for his recordings of Nielsen.", False),
        (CONDUCTORS, "Ilse Marwick is known for her recordings of Nielsen.", True),
        (CONDUCTORS, "Pavel Drozd has recorded all of Bach's violin partitas.", True),
        (TOWNS, "Dornach is known for its annual onion market.", False),
        (TOWNS, "Kestel is known for its annual onion market.", True),
        (TOWNS, "Dornach, home to about 44,000 people, has a 13th-century abbey.", True),
    ],
)
def test_a_fact_of_another_document_s_subject(checker: SupportChecker, sources: list[Source], answer: str,
                                              accepted: bool) -> None:
    result = checker.check(answer, sources)
    assert (result.recommendation == "accept") is accepted, [(c.text, c.status, c.support) for c in result.claims]


def test_one_source_never_moves_a_subject(checker: SupportChecker) -> None:
    # in one document the rule does not apply: the name is where the document names it
    source = [Source(id="one", content="Ilse Marwick conducts the Tromsø Symphony. Pavel Drozd plays violin. "
                                       "She is known for her recordings of Nielsen.")]
    result = checker.check("Pavel Drozd plays violin.", source)
    assert result.recommendation == "accept"


def test_a_name_moved_to_another_row_after_a_heading(checker: SupportChecker) -> None:
    # "Final table, 2022:" is a heading: the row's first name is the one that finished third
    source = [Source(id="table", content="Final table, 2022 season: Alder Vale finished 2nd with 68 points and "
                                          "Brock United finished 6th with 55 points. Both clubs were promoted.")]
    wrong = checker.check("Brock United finished 2nd in the 2022 season with 68 points.", source)
    assert wrong.recommendation != "accept"
    right = checker.check("Alder Vale finished 2nd in the 2022 season with 68 points.", source)
    assert right.recommendation == "accept", [(c.text, c.status, c.support) for c in right.claims]


def test_a_carried_clause_takes_no_values_of_another_documents_subject() -> None:
    from lexguard.grounding import SupportChecker
    from tests.claim_statuses import statuses

    sources = ["Ferncliffe Library is open Tuesday to Friday, 10 am to 7 pm. Printing costs 15p a page.",
               "On Saturdays, Holloway Library in the market square opens from 9 am to 1 pm. It has free parking."]
    checker = SupportChecker()
    wrong = "Ferncliffe Library is open Tuesday to Friday from 10 am to 7 pm, and on Saturdays from 9 am to 1 pm."
    result = checker.check(wrong, [Source(id=f"s{i}", content=t) for i, t in enumerate(sources)])
    moved = [wrong[f.span[0]:f.span[1]] for f in result.findings if f.rule_id == "grounding.misplaced_value"]
    assert "9 am" in moved and "supported" not in {c.status for c in result.claims}
    right = ("Ferncliffe Library is open Tuesday to Friday from 10 am to 7 pm; on Saturdays, Holloway Library "
             "opens from 9 am to 1 pm.")
    assert statuses(checker, sources, right) == {"supported"}


def test_a_denial_of_one_subject_is_read_against_its_own_statement(checker: SupportChecker) -> None:
    from lexguard.grounding.signals._values import statement_conflicts
    from tests.claim_statuses import statuses

    sources = ["Ferncliffe Library is open Tuesday to Friday, 10 am to 7 pm. Printing costs 15p a page.",
               "On Saturdays, Holloway Library in the market square opens from 9 am to 1 pm. It has free parking."]
    right = "Ferncliffe Library isn't open on Saturdays, but Holloway Library is, from 9 am to 1 pm."
    # no rule reads Holloway's Saturday hours as denied (the verifier still reads it as contradicted, 0.89)
    assert statement_conflicts(right, sources, [])["conflict"] is None
    assert "supported" not in statuses(checker, sources, "Holloway Library isn't open on Saturdays.")


PLAYS = ["The Tarn Theatre presents 'The Glass Orchard' from 2 to 14 June. Evening performances start at 7:45pm.",
         "Our visiting production 'Night Ferries' runs from 18 to 28 June. Evening shows start at 7pm, with no matinee."]


@pytest.mark.parametrize(
    ("answer", "moved"),
    [
        ("Evening performances of 'Night Ferries' begin at 7:45pm.", True),
        ("Evening shows of 'Night Ferries' start at 7pm, and 'The Glass Orchard' begins at 7:45pm.", False),
        ("'The Glass Orchard' runs from 2 to 14 June, with evening performances at 7:45pm.", False),
    ],
)
def test_the_one_name_of_a_statement_takes_no_value_of_another_documents_subject(
        checker: SupportChecker, answer: str, moved: bool) -> None:
    result = checker.check(answer, [Source(id=f"p{i}", content=t) for i, t in enumerate(PLAYS)])
    assert any(f.rule_id == "grounding.misplaced_value" for f in result.findings) is moved
