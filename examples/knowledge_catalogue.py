"""Validate a paragraph against a small product catalogue and print the fixed text.

Run with ``python examples/knowledge_catalogue.py``. No model is downloaded or loaded: the
knowledge checks are pure string and graph logic.
"""

from __future__ import annotations

from lexguard.knowledge import KnowledgeContext, KnowledgeValidator

CATALOGUE = {
    "entities": [
        {"id": "x200", "name": "Acme Router X200", "type": "product",
         "properties": {"price": 199, "ports": 4, "colour": "black"}},
        {"id": "m5", "name": "Acme Mesh M5", "type": "product", "aliases": ["M5 Mesh"],
         "properties": {"price": 349, "range": "250 m"}},
        {"id": "app", "name": "Acme Home", "type": "app", "properties": {"version": "4.2"}},
    ],
    "relationships": [
        {"subject": "x200", "predicate": "works_with", "object": "app"},
        {"subject": "m5", "predicate": "works_with", "object": "app"},
    ],
}

PARAGRAPH = (
    "The Acme Router X200 has 8 ports and costs 249 dollars; its colour is white. "
    "The Acme Mesh M5 reaches range: 300 m and works with Acme Home. "
    "For larger homes, the Acme Router X300 is the better choice. "
    "Acme Mesh M5 works with Acme Router X200."
)


def main() -> None:
    """Validate ``PARAGRAPH``, print every finding and the automatically fixed text."""
    validator = KnowledgeValidator(KnowledgeContext.from_dict(CATALOGUE))
    report = validator.validate(PARAGRAPH)
    print(f"status: {report.status.value}  score: {report.score:.2f}  ({report.user_message})")
    print("verified entities:", ", ".join(e.name for e in report.verified_entities))
    for finding in report.findings:
        quote = PARAGRAPH[finding.span[0] : finding.span[1]] if finding.span else ""
        fix = f" -> {finding.suggested_fix!r} (fix confidence {finding.fix_confidence})" if finding.suggested_fix else ""
        print(f"- {finding.kind} [{finding.severity.value}] {quote!r}{fix}\n    {finding.message}")

    fixed = validator.validate_and_fix(PARAGRAPH)
    print(f"\napplied {len(fixed.applied_fixes)} automatic fixes; fixed text:\n{fixed.corrected_text or PARAGRAPH}")
    after = fixed.corrected or fixed
    print(f"\nbefore fixing: {fixed.status.value}; after fixing: {after.status.value} "
          f"({after.user_message}); still to review:")
    for finding in after.findings:
        print(f"- {finding.kind}: {finding.message}")


if __name__ == "__main__":
    main()
