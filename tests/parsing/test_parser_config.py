import pytest

from lexguard import ConfigurationError
from lexguard._config import GuardConfig
from lexguard.parsing import ParserConfig, parse_output


def test_default_preset_equals_default_config():
    assert ParserConfig.preset("default") == ParserConfig()


def test_default_preset_is_the_rag_preset():
    assert ParserConfig.preset("rag") == ParserConfig()


def test_minimal_preset_only_checks_empty():
    config = ParserConfig.preset("minimal")
    result = parse_output("Note: *sighs* based on", config)
    assert result.ok and result.text == "Note: *sighs* based on"
    assert not parse_output(" ", config).ok


def test_structured_preset_mode():
    assert ParserConfig.preset("structured").mode == "structured"


def test_preset_overrides():
    assert ParserConfig.preset("minimal", min_chars=5).min_chars == 5


def test_unknown_preset_names_the_choices():
    with pytest.raises(ConfigurationError, match="default, rag, dialogue, prose, structured, minimal"):
        ParserConfig.preset("strict")  # type: ignore[arg-type]


def test_nests_in_guard_config_and_dumps():
    guard = GuardConfig(parser=ParserConfig.preset("structured"))
    dumped = guard.model_dump(mode="json")
    assert dumped["parser"]["mode"] == "structured"
    assert dumped["parser"]["structured_model"] is None
