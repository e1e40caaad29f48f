"""Building a KnowledgeContext from Python objects, dicts, JSON files and edge lists."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import pytest

from lexguard import InputError
from lexguard.knowledge import Entity, KnowledgeContext, Relationship
from tests.knowledge.catalogue import CATALOGUE


def test_from_dict_indexes_names_aliases_and_relationships():
    ctx = KnowledgeContext.from_dict(CATALOGUE)
    assert [e.id for e in ctx.lookup("dbz")] == ["db-z"]
    assert [e.id for e in ctx.lookup("  SERVICE   x ")] == ["svc-x"]
    assert ctx.has_relationship("svc-x", "depends on", "db-z")
    assert ctx.has_relationship("svc-x", "dependsOn", "db-z")
    assert not ctx.has_relationship("db-z", "depends_on", "svc-x")
    assert ctx.predicates == {"depends on", "uses"}


def test_from_dict_accepts_mapping_of_entities_extra_keys_and_name_endpoints():
    ctx = KnowledgeContext.from_dict(
        {
            "entities": {"a": {"name": "Alpha", "colour": "red"}, "b": {"name": "Beta"}},
            "relationships": [["Alpha", "feeds", "b"]],
        }
    )
    assert ctx.get("a").properties == {"colour": "red"}
    assert ctx.relationships == (Relationship(subject="a", predicate="feeds", object="b"),)


def test_from_objects_with_dataclasses_and_tuples():
    @dataclass
    class Product:
        id: str
        name: str
        aliases: tuple[str, ...] = ()
        properties: dict = field(default_factory=dict)

    ctx = KnowledgeContext.from_objects(
        [Product("p1", "Widget", ("Widgy",), {"price": 3}), Entity(id="p2", name="Gadget")],
        [("p1", "pairs_with", "p2")],
    )
    assert ctx.lookup("widgy")[0].properties == {"price": 3}
    assert ctx.has_relationship("p1", "pairs with", "p2")


def test_from_json_file(tmp_path):
    path = tmp_path / "kg.json"
    path.write_text(json.dumps(CATALOGUE), encoding="utf-8")
    assert KnowledgeContext.from_json(path) == KnowledgeContext.from_dict(CATALOGUE)


def test_from_edge_list_networkx_style():
    nodes = [("x", {"name": "Service X", "version": 2, "aliases": ["svcx"]}), ("z", {"type": "database"})]
    edges = [("x", "z", {"relation": "depends_on"}), ("x", "q")]
    ctx = KnowledgeContext.from_edge_list(edges, nodes)
    assert ctx.get("x").properties == {"version": 2}
    assert ctx.get("z").name == "z" and ctx.get("z").type == "database"
    assert ctx.get("q") is not None  # only seen in an edge
    assert ctx.has_relationship("x", "depends_on", "z")
    assert ctx.has_relationship("x", "related_to", "q")


@pytest.mark.parametrize(
    "data, needle",
    [
        ({"entities": [{"id": "a", "name": "A"}], "relationships": [["a", "r", "missing"]]}, "missing"),
        ({"entities": [{"id": "a", "name": "A"}, {"id": "a", "name": "B"}]}, "duplicate"),
        ({"entities": [{"type": "x"}]}, "neither"),
        ({"entities": [], "relationships": [{"subject": "a"}]}, "relationship 0"),
    ],
)
def test_bad_input_raises_input_error_saying_what_to_do(data, needle):
    with pytest.raises(InputError, match=needle):
        KnowledgeContext.from_dict(data)


def test_from_json_missing_file_raises_input_error(tmp_path):
    with pytest.raises(InputError, match="readable JSON"):
        KnowledgeContext.from_json(tmp_path / "nope.json")


def test_bad_edge_raises_input_error():
    with pytest.raises(InputError, match="edge 0"):
        KnowledgeContext.from_edge_list([("only-one",)])


@pytest.mark.parametrize("key, hint", [("entites", "did you mean 'entities'"), ("nodes", "'entities'"),
                                       ("relations", "did you mean 'relationships'")])
def test_an_unknown_top_level_key_is_refused_not_read_as_an_empty_graph(key, hint):
    data = {key: [{"id": "svc-x", "name": "Service X", "properties": {"version": 2}}]}
    with pytest.raises(InputError, match=key) as raised:
        KnowledgeContext.from_dict(data)
    assert hint in str(raised.value) and "'entities', 'relationships'" in str(raised.value)


@pytest.mark.parametrize("entity, needle", [
    ({"id": "x", "name": "X", "propertes": {"version": 2}}, "'propertes'.*did you mean 'properties'"),
    ({"id": "x", "name": "X", "alias": ["Ex"]}, "'alias'.*did you mean 'aliases'"),
    ({"id": "x", "nmae": "X"}, "'nmae'.*did you mean 'name'"),
    ({"ID": "x", "name": "X"}, "'ID'.*did you mean 'id'"),
    ({"id": "x", "name": "X", "attributes": {"version": 2}}, "'attributes' holding a mapping"),
])
def test_a_misspelt_entity_field_is_refused_not_read_as_a_property(entity, needle):
    with pytest.raises(InputError, match=needle):
        KnowledgeContext.from_dict({"entities": [entity]})


def test_a_property_named_like_no_field_is_still_a_property():
    ctx = KnowledgeContext.from_dict({"entities": [
        {"id": "x", "name": "X", "version": 2, "owner": "A", "uid": 7, "properties": {"names": "X"}}]})
    assert ctx.get("x").properties == {"names": "X", "version": 2, "owner": "A", "uid": 7}


@pytest.mark.parametrize("relation, needle", [
    ({"subject": "a", "predicate": "feeds", "object": "b", "negated": True}, "'negated'"),
    ({"subject": "a", "predicate": "feeds", "objcet": "b"}, "'objcet'.*did you mean 'object'"),
])
def test_a_relationship_with_an_unknown_key_is_refused(relation, needle):
    data = {"entities": [{"id": "a", "name": "A"}, {"id": "b", "name": "B"}], "relationships": [relation]}
    with pytest.raises(InputError, match=needle):
        KnowledgeContext.from_dict(data)
