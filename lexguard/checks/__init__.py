"""Checks: the steps that look at an answer, all behind one protocol.

* :class:`Check`: the protocol (``name``, ``on_fail``, ``check`` / ``acheck(answer, context)``
  returning a :class:`~lexguard.CheckResult`); :class:`BaseCheck` adds the async path and
  result helpers.
* The built-in checks, in their default order: :class:`ParseCheck` (``parse``),
  :class:`RulesCheck` (``rules``), :class:`SupportCheck` (``support``),
  :class:`KnowledgeCheck` (``knowledge``), :class:`CitationsCheck` (``citations``).
* :func:`build_checks`: ``GuardConfig.checks`` -> check objects; :func:`register_check` adds a
  name.

Adding a check is one class and one config entry::

    Guard(checks=[*DEFAULT_CHECKS, MaxWords(limit=50)])
    Guard(checks=[*DEFAULT_CHECKS, {"use": "my_pkg.checks:MaxWords", "limit": 50}])
"""

from lexguard._config import DEFAULT_CHECKS
from lexguard._models import CheckOutcome, CheckResult, FailureAction
from lexguard.checks._base import BaseCheck, Check, CheckContext, arun_check, run_check
from lexguard.checks._builtin import KnowledgeCheck, ParseCheck, RulesCheck, SupportCheck
from lexguard.checks._citations import CitationsCheck, model_citations
from lexguard.checks._registry import BUILTIN_CHECKS, build_checks, register_check
from lexguard._lazy import publish_all

__all__ = [
    "BUILTIN_CHECKS",
    "DEFAULT_CHECKS",
    "BaseCheck",
    "Check",
    "CheckContext",
    "CheckOutcome",
    "CheckResult",
    "CitationsCheck",
    "FailureAction",
    "KnowledgeCheck",
    "ParseCheck",
    "RulesCheck",
    "SupportCheck",
    "arun_check",
    "build_checks",
    "model_citations",
    "register_check",
    "run_check",
]

publish_all(__name__, globals())
