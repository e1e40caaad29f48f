"""The offline fakes users test their own graphs with (``lexguard.testing``)."""

from __future__ import annotations

from langchain_core.messages import HumanMessage, SystemMessage

from lexguard.testing import ExtractiveChatModel


def test_the_extractive_model_quotes_the_passage_that_answers() -> None:
    model = ExtractiveChatModel(max_sentences=1)
    messages = [
        SystemMessage(content="Answer from the sources.\n\nThe Eiffel Tower was completed in 1889. It is 330 metres tall."),
        HumanMessage(content="How tall is it?"),
    ]
    assert model.invoke(messages).content == "It is 330 metres tall."


def test_the_extractive_model_does_not_quote_its_instructions_when_nothing_matches() -> None:
    model = ExtractiveChatModel(max_sentences=1)
    messages = [SystemMessage(content="Answer the question using only the sources below."), HumanMessage(content="When was it built?")]
    assert model.invoke(messages).content == "The sources do not answer that question."
