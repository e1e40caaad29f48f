"""A sentence that joins statements is read a statement at a time: a false one fails its claim, and
true ones read with their own evidence lift a claim its whole reading doubted.

A summary joins what far-apart source sentences say ("Nand said takings had fallen by a third,
while transport chief Declan Hoyle apologised ..."): read whole, a false statement rode on true
ones, and a true sentence was read with half its evidence. Also here: who reported speech belongs
to, up to the next statement, and "by a third" as a share.
"""

from __future__ import annotations

import numpy as np
import pytest

from lexguard import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.claims._conjuncts import conjuncts, statement_cuts
from lexguard.grounding.signals._quoted_speakers import misreported
from lexguard.grounding.signals._written import fractions
from lexguard.grounding.verify._clauses_read import CLAUSE_REASON

BRIDGE = (
    "The Drummore Bridge in the town of Kelsby was closed to traffic on Monday after engineers found cracks in two "
    "of its steel supports.\n\nThe bridge, which opened in 1964, carries about 18,000 vehicles a day across the "
    "River Tane. Council officials said the closure would last at least six weeks while repairs were planned.\n\n"
    "Local businesses reacted with dismay. Shop owner Priya Nand said her takings had fallen by a third in a single "
    "day. 'People simply can't get to us,' she said.\n\nA temporary shuttle bus will run between the two halves of "
    "the town every fifteen minutes from Wednesday. The council's transport chief, Declan Hoyle, apologised for the "
    "disruption and said safety had to come first.\n\nEngineers will use drones to inspect the rest of the "
    "structure later this month."
)
JOINED = "Shop owner Priya Nand said her takings had fallen by a third, while transport chief Declan Hoyle "


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


def _claim(checker: SupportChecker, answer: str, source: str = BRIDGE):
    checker.clear_cache()
    (claim,) = checker.check(answer, [Source(id="s", content=source)]).claims
    return claim


@pytest.mark.parametrize(
    ("claim", "statements"),
    [
        ("Eleven people were hurt and a guard was taken to hospital, while the passengers were moved to a second "
         "train.", ["Eleven people were hurt and a guard was taken to hospital.",
                    "The passengers were moved to a second train."]),
        ("Union leader Ann Roe said members were exhausted, and analysts warned the strike could cost the firm "
         "millions.", ["Union leader Ann Roe said members were exhausted.",
                       "Analysts warned the strike could cost the firm millions."]),
        ("The club has won the league twice; its stadium holds 40,000 fans.",
         ["The club has won the league twice.", "Its stadium holds 40,000 fans."]),
    ],
)
def test_a_claim_is_cut_where_a_statement_with_its_own_subject_begins(claim: str, statements: list[str]) -> None:
    assert conjuncts(claim) == statements


@pytest.mark.parametrize(
    "claim",
    [
        "The ferry hit rocks near the harbour and landed its passengers just before 11pm.",  # one subject
        "She sang, and danced all night at the ball in Vienna.",  # a verb, not a subject, after "and"
        "The hotel has a pool, and it offers free parking.",  # a statement too short to read alone
        "Members were exhausted and worse off than three years ago.",
        "A girl in a white dress stands outside a grey tent, and behind her is a canopy with people under it.",
        "The plan includes time tracking and reporting tools, and can be tailored to each firm's needs at a discount.",
        "The kit has a pump, a hose and two nozzles, and access to spare parts for five years.",
    ],
)
def test_a_claim_of_one_statement_is_not_cut(claim: str) -> None:
    assert conjuncts(claim) == []


def test_a_false_joined_statement_fails_its_claim(checker: SupportChecker) -> None:
    wrong = _claim(checker, JOINED + "promised compensation for traders.")
    assert not wrong.supported
    assert wrong.reason == CLAUSE_REASON
    assert _claim(checker, JOINED + "apologised for the disruption.").supported


def test_a_joined_claim_takes_its_statements_reading_when_each_reads_better(
    checker: SupportChecker, monkeypatch: pytest.MonkeyPatch
) -> None:
    stack = checker.stack
    assert stack is not None
    real = stack.verifier.predict
    whole = JOINED + "apologised for the disruption."

    def doubting_the_whole(pairs: list[tuple[str, str]]) -> np.ndarray:
        out = np.asarray(real(pairs), dtype=np.float32)
        for n, (text, _) in enumerate(pairs):
            if ", while" in text:
                out[n] = (0.3, 0.6, 0.1)  # the whole sentence doubted; its statements read as the model reads them
        return out

    monkeypatch.setattr(stack.verifier, "predict", doubting_the_whole)
    index = checker._index_for([Source(id="s", content=BRIDGE)])
    stack.clear_cache()
    verdicts, evidence, unread, _ = stack.verify([whole], index, None)
    assert unread == []
    assert float(verdicts[0][0]) > 0.3  # the weaker statement's reading, with that statement's evidence
    assert "Hoyle" in evidence[0] or "Nand" in evidence[0]
    stack.clear_cache()
    monkeypatch.setattr("lexguard.grounding.verify._stacker.conjuncts", lambda text: [])
    verdicts, _, _, _ = stack.verify([whole], index, None)
    assert float(verdicts[0][0]) == pytest.approx(0.3)  # not cut: the whole reading stands
    stack.clear_cache()


class _Index:
    def __init__(self, text: str) -> None:
        self.sources = [Source(id="s", content=text)]


def test_reported_speech_ends_where_the_next_statement_begins() -> None:
    source = ("Speaking after the defeat, Neil Brannigan had insisted he was 'the right man to turn it around'. "
              "Supporters' trust chair Jo Pike said fans had lost patience.")
    claim = "Trust chair Jo Pike said Brannigan was the right man to turn things around, and the club has now lost nine games."
    assert statement_cuts(claim)
    (found,) = misreported(claim, _Index(source))
    assert found[0].text == "Jo Pike"
    assert misreported("Trust chair Jo Pike said fans had lost patience, and the club has now lost nine games.",
                       _Index(source)) == []


def test_reported_speech_with_but_that_is_read_part_by_part() -> None:
    source = ("Regional secretary Agnes Doyle said: 'Nobody wants to leave passengers stranded, least of all us.' "
              "Operations director Callum Reid said the offer was fair.")
    claim = "Callum Reid said nobody wanted to leave passengers stranded, but that the union's demand was unaffordable."
    (found,) = misreported(claim, _Index(source))
    assert found[0].text == "Callum Reid"


@pytest.mark.parametrize(
    ("text", "value"),
    [("takings fell by a third in a single day", "0.333333"), ("prices rose by a quarter since May", "0.25"),
     ("was hired by a third party in 2020", None)],
)
def test_a_change_by_a_share_is_a_share(text: str, value: str | None) -> None:
    assert [f.key for f in fractions(text)] == ([value] if value else [])


def test_a_share_restated_is_not_an_unknown_number(checker: SupportChecker) -> None:
    claim = _claim(checker, "Shop owner Priya Nand said her takings had fallen by a third.")
    assert claim.status != "contradicted"
