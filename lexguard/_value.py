"""The base of lexguard's value objects."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

__all__ = ["ValueModel"]


class ValueModel(BaseModel):
    """A frozen pydantic model that refuses unknown fields.

    Reports, findings, claims, rules, audit records and evaluation rows are values: built once,
    never changed (so they can be shared across threads, cached and checkpointed), and a
    misspelled field is an error rather than silently dropped.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")
