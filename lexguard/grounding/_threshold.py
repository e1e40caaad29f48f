"""A support threshold chosen for a false-alarm budget (written by ``lexguard calibrate``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import ClassVar

from pydantic import Field, ValidationError

from lexguard._errors import ConfigurationError
from lexguard._files import read_settings_file
from lexguard._value import ValueModel

__all__ = ["Calibration"]


class Calibration(ValueModel):
    """A support threshold chosen on labelled data.

    Attributes:
        support_threshold: Claims with a lower support probability are unsupported.
        max_false_alarm: The false-alarm budget asked for (share of supported rows flagged).
        false_alarm_rate: The share of supported rows flagged at this threshold on the data.
        recall: The share of hallucinated rows flagged at this threshold (``None`` if none).
        floor_false_alarm_rate: False alarms no threshold can remove (rows flagged by the rules
            that fail a claim whatever the threshold: strict numbers / names / quotes, polarity,
            the verifier override); above the budget, the budget is unreachable.
        rows: Rows used; positives: hallucinated rows among them.
        source: What the rows came from.
        strict: Whether those rules were on. A file calibrated without them (``lexguard
            calibrate --no-strict``) turns them off in the checker that loads it, since its
            false-alarm rate was measured without them.
    """

    support_threshold: float = Field(ge=0.0, le=1.0)
    max_false_alarm: float = Field(ge=0.0, le=1.0)
    false_alarm_rate: float
    recall: float | None
    floor_false_alarm_rate: float
    rows: int
    positives: int
    source: str = ""
    strict: bool = True

    STRICT_OFF: ClassVar[dict[str, object]] = {
        "strict_values": False, "strict_entities": False, "strict_polarity": False, "verifier_override": 1.0,
        "verifier_override_partial": 1.0,
    }
    """The ``GroundingConfig`` settings of a calibration without the threshold-independent rules."""

    def write(self, path: str | Path) -> None:
        """Write the calibration as JSON."""
        Path(path).write_text(self.model_dump_json(indent=2) + "\n", encoding="utf-8")

    @classmethod
    def read(cls, path: str | Path) -> Calibration:
        """Read a file written by :meth:`write`.

        Raises:
            ConfigurationError: When the file is missing or not a calibration file.
        """
        hint = "write one with `lexguard calibrate LABELLED.jsonl --max-false-alarm 0.05 --out FILE`"
        try:
            text = read_settings_file(path, what="threshold file")
        except ConfigurationError as exc:
            raise ConfigurationError(f"{exc}; {hint}") from exc
        try:
            return cls.model_validate(json.loads(text))
        except (ValueError, ValidationError) as exc:
            raise ConfigurationError(
                f"could not read the threshold file {str(path)!r} ({exc}); write one with "
                "`lexguard calibrate LABELLED.jsonl --max-false-alarm 0.05 --out FILE`"
            ) from exc
