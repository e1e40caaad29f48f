"""Value objects share one base: frozen, and a misspelled field is an error."""

from __future__ import annotations

import pydantic
import pytest

from lexguard import Claim, Finding, ValidationReport
from lexguard._value import ValueModel
from lexguard.audit import AuditRecord
from lexguard.citations import CitationReport
from lexguard.eval import Prediction
from lexguard.gate import CanonicalFact


@pytest.mark.parametrize("model", [Claim, Finding, ValidationReport, AuditRecord, CitationReport, Prediction, CanonicalFact])
def test_value_objects_are_value_models(model: type) -> None:
    assert issubclass(model, ValueModel)


def test_a_value_is_frozen_and_refuses_unknown_fields() -> None:
    claim = Claim(index=0, text="The tower opened in 1889.", span=(0, 25))
    with pytest.raises(pydantic.ValidationError):
        claim.text = "changed"  # type: ignore[misc]
    with pytest.raises(pydantic.ValidationError):
        Claim(index=0, text="x", span=(0, 1), suport=0.5)  # type: ignore[call-arg]
