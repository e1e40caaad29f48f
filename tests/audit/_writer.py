"""A guard process for the multi-writer audit tests: ``python -m tests.audit._writer URL N TAG``.

Runs ``N`` guard runs with the audit store at ``URL`` and prints each run's audit id as soon as
the guard returned it (so the parent knows what was acknowledged), then ``done``.
"""

from __future__ import annotations

import sys
import warnings


def main() -> None:
    url, runs, tag = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    from lexguard import Guard
    from lexguard.audit import AuditWarning
    from tests.fakes import SubstringChecker

    warnings.simplefilter("ignore", AuditWarning)
    guard = Guard(audit=url, checker=SubstringChecker(), max_retries=0)
    sources = ["Paris is the capital of France."]
    for i in range(runs):
        report = guard.invoke(
            {"answer": "Paris is the capital of France.", "sources": sources, "question": f"{tag}-{i}"},
            config={"metadata": {"session_id": tag}},
        )
        sys.stdout.write(report.metadata["audit_id"] + "\n")
        sys.stdout.flush()
    sys.stdout.write("done\n")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
