"""Settings of the knowledge-graph checks."""

from __future__ import annotations

from pydantic import Field

from lexguard._value import SettingsModel

__all__ = ["KnowledgeConfig"]

_PROPERTY_ALIASES: dict[str, tuple[str, ...]] = {
    "price": ("costs", "cost", "priced at", "sells for"),
    "owner": ("owned by",),
    "release_year": ("released in",),
}


class KnowledgeConfig(SettingsModel):
    """Knowledge-graph validation settings.

    Attributes:
        link_distance: Mentions within this edit distance of a known name or alias (and
            differing in letters only, never digits) are linked to that entity as a misspelling.
            Only names of at least ``min_fuzzy_length`` characters are linked fuzzily.
        min_fuzzy_length: Shortest name that may be linked fuzzily.
        suggestion_distance: An unknown mention gets the closest known name within this edit
            distance as its suggested correction.
        auto_fix_threshold: Fixes whose ``fix_confidence`` is strictly above this are applied by
            ``validate_and_fix``.
        flag_unmatched_mentions: Report proper-noun-like mentions with no close known name as soft
            ``unknown_entity`` findings.
        check_properties: Look for property values that contradict the graph. A property is
            found by its key (``max_connections`` also matches "max connections") or by one of
            its ``property_aliases``; the value is read after it (numbers also just before it,
            as in "8 ports"). A numeric property is read in digits or in words ("three",
            "five hundred"); a value after an explicit connector that is no number it can read
            ("version: latest", "three point five") is a soft ``unverifiable`` finding, never
            a confirmation.
        property_aliases: Extra phrases that introduce a property, by property key.
        check_relationships: Look for relations the graph does not contain.
        flag_unverifiable_numbers: Report numbers stated about a known entity that no property
            of it confirms as soft ``unverifiable`` findings.
        time_budget_s: Seconds the checks may take; when spent, the remaining claims are skipped
            and the report is marked partial. ``None`` means no limit.
        stage: The ``stage`` written into the findings.
    """

    link_distance: int = Field(1, ge=0, le=3)
    min_fuzzy_length: int = Field(6, ge=1)
    suggestion_distance: int = Field(3, ge=0, le=10)
    auto_fix_threshold: float = Field(0.9, ge=0.0, le=1.0)
    flag_unmatched_mentions: bool = True
    check_properties: bool = True
    property_aliases: dict[str, tuple[str, ...]] = Field(default_factory=lambda: dict(_PROPERTY_ALIASES))
    check_relationships: bool = True
    flag_unverifiable_numbers: bool = True
    time_budget_s: float | None = Field(5.0, gt=0.0)
    stage: str = "knowledge"
