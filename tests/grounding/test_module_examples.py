"""The examples in the support check's docstrings run and hold (each module's own examples are
how a reader learns what a rule reads: one that no longer holds misleads)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import lexguard.grounding

MODULES = sorted(m.name for m in pkgutil.walk_packages(lexguard.grounding.__path__, "lexguard.grounding."))


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_of_each_module_hold(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS, report=True)
    assert result.failed == 0
