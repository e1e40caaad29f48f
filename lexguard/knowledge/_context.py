"""The knowledge context: entities with properties and the relationships between them."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from os import PathLike
from typing import Any

import regex
from pydantic import Field, PrivateAttr, field_validator, model_validator

from lexguard._errors import ConfigurationError, InputError
from lexguard._files import read_settings_file
from lexguard._value import ValueModel
from lexguard.knowledge._keys import CONTEXT_KEYS, ENTITY_FIELDS, RELATIONSHIP_KEYS
from lexguard.knowledge._keys import check_extra_keys, refuse_unknown_keys

__all__ = ["Entity", "Relationship", "KnowledgeContext", "normalize_surface", "normalize_predicate"]

_ENTITY_FIELDS = ENTITY_FIELDS

MAX_NAME_CHARS = 200
"""Longest entity name or alias (names are matched in every answer; longer ones are refused)."""


def _bounded_name(value: str) -> str:
    if len(value) > MAX_NAME_CHARS:
        raise ConfigurationError(
            f"name {value[:40]!r}... has {len(value)} characters, more than {MAX_NAME_CHARS}; "
            "names and aliases are short surface forms (put descriptions into properties)"
        )
    return value
_PREDICATE_KEYS = ("predicate", "relation", "label", "type", "key")


def normalize_surface(value: str) -> str:
    """Lower-case ``value`` and collapse its whitespace (how names and aliases are compared)."""
    return " ".join(value.lower().split())


class Entity(ValueModel):
    """One thing the knowledge graph knows about.

    Attributes:
        id: Unique identifier, referenced by relationships.
        name: Canonical display name (what fixes write into the text).
        type: Optional type, e.g. ``"service"`` or ``"product"``.
        aliases: Other names the entity is known by (matched like the name).
        properties: Known property values, e.g. ``{"version": 2, "owner": "Team A"}``.
    """

    id: str
    name: str
    type: str | None = None
    aliases: tuple[str, ...] = ()
    properties: dict[str, Any] = Field(default_factory=dict)

    @field_validator("id", "name")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ConfigurationError("must not be blank; give a non-empty id and name")
        return value

    @field_validator("name")
    @classmethod
    def _short_name(cls, value: str) -> str:
        return _bounded_name(value)

    @field_validator("aliases")
    @classmethod
    def _drop_blank_aliases(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(_bounded_name(alias) for alias in value if alias.strip())

    @property
    def surfaces(self) -> tuple[str, ...]:
        """The name followed by the aliases."""
        return (self.name, *self.aliases)


class Relationship(ValueModel):
    """A directed ``subject --predicate--> object`` edge between two entity ids."""

    subject: str
    predicate: str
    object: str


class KnowledgeContext(ValueModel):
    """Entities and relationships an answer is validated against.

    Build it directly, or with :meth:`from_objects`, :meth:`from_dict`, :meth:`from_json` or
    :meth:`from_edge_list`. Relationship endpoints must be entity ids.

    Attributes:
        entities: The known entities (unique ids).
        relationships: The known relationships.
    """

    entities: tuple[Entity, ...] = ()
    relationships: tuple[Relationship, ...] = ()

    _by_id: dict[str, Entity] = PrivateAttr(default_factory=dict)
    _by_surface: dict[str, tuple[str, ...]] = PrivateAttr(default_factory=dict)
    _triples: frozenset[tuple[str, str, str]] = PrivateAttr(default_factory=frozenset)
    _cache: dict[str, Any] = PrivateAttr(default_factory=dict)

    @model_validator(mode="after")
    def _index(self) -> KnowledgeContext:
        by_id: dict[str, Entity] = {}
        by_surface: dict[str, list[str]] = {}
        for entity in self.entities:
            if entity.id in by_id:
                raise ConfigurationError(f"duplicate entity id {entity.id!r}; entity ids must be unique")
            by_id[entity.id] = entity
            for surface in entity.surfaces:
                key = normalize_surface(surface)
                if key and entity.id not in by_surface.setdefault(key, []):
                    by_surface[key].append(entity.id)
        for rel in self.relationships:
            missing = [end for end in (rel.subject, rel.object) if end not in by_id]
            if missing:
                raise ConfigurationError(
                    f"relationship {rel.subject!r} -{rel.predicate}-> {rel.object!r} refers to "
                    f"unknown entity id(s) {missing}; add the entities or fix the ids"
                )
        self._by_id = by_id
        self._by_surface = {key: tuple(ids) for key, ids in by_surface.items()}
        self._triples = frozenset(
            (r.subject, normalize_predicate(r.predicate), r.object) for r in self.relationships
        )
        return self

    # -- lookups ---------------------------------------------------------------------------

    def get(self, entity_id: str) -> Entity | None:
        """The entity with id ``entity_id``, or ``None``."""
        return self._by_id.get(entity_id)

    def lookup(self, surface: str) -> tuple[Entity, ...]:
        """Entities whose name or an alias equals ``surface`` (case-insensitive)."""
        return tuple(self._by_id[i] for i in self._by_surface.get(normalize_surface(surface), ()))

    @property
    def surface_forms(self) -> dict[str, tuple[str, ...]]:
        """Normalised name/alias -> ids of the entities that carry it."""
        return dict(self._by_surface)

    @property
    def known_values(self) -> frozenset[str]:
        """Normalised string property values (e.g. an owner's name): known, but not entities."""
        if "known_values" not in self._cache:
            self._cache["known_values"] = frozenset(
                normalize_surface(v) for e in self.entities for v in e.properties.values() if isinstance(v, str)
            )
        return self._cache["known_values"]  # type: ignore[no-any-return]

    def cached(self, key: str, build: Callable[[], Any]) -> Any:
        """Memoise ``build()`` on this context under ``key`` (used for compiled matchers)."""
        if key not in self._cache:
            self._cache[key] = build()
        return self._cache[key]

    @property
    def predicates(self) -> frozenset[str]:
        """The normalised predicates used by the relationships (``depends_on`` -> ``depends on``)."""
        return frozenset(p for _, p, _ in self._triples)

    def has_relationship(self, subject: str, predicate: str, obj: str) -> bool:
        """True when the graph contains ``subject --predicate--> obj`` (predicate normalised)."""
        return (subject, normalize_predicate(predicate), obj) in self._triples

    def relationships_between(self, a: str, b: str) -> tuple[Relationship, ...]:
        """Relationships linking entities ``a`` and ``b`` in either direction."""
        return tuple(r for r in self.relationships if {r.subject, r.object} == {a, b})

    def relationships_from(self, subject: str, predicate: str) -> tuple[Relationship, ...]:
        """Relationships of ``subject`` with ``predicate`` (normalised)."""
        wanted = normalize_predicate(predicate)
        return tuple(
            r for r in self.relationships if r.subject == subject and normalize_predicate(r.predicate) == wanted
        )

    # -- constructors ------------------------------------------------------------------------

    @classmethod
    def from_objects(
        cls,
        entities: Iterable[Any] = (),
        relationships: Iterable[Any] = (),
    ) -> KnowledgeContext:
        """Build a context from entity-like and relationship-like Python objects.

        Args:
            entities: :class:`Entity` objects, mappings, or any objects with ``id``/``name``
                (and optionally ``type``, ``aliases``, ``properties``) attributes, e.g. dataclasses.
            relationships: :class:`Relationship` objects, mappings, ``(subject, predicate, object)``
                tuples, or objects with ``subject``/``predicate``/``object`` attributes.

        Raises:
            InputError: If an item has no usable id/name or a relationship names an unknown entity.
        """
        ents = [_coerce_entity(item, index) for index, item in enumerate(_items(entities, "entities"))]
        relationships = _items(relationships, "relationships")
        ids = {e.id for e in ents}
        names = {normalize_surface(s): e.id for e in ents for s in e.surfaces}
        rels = [_coerce_relationship(item, index, ids, names) for index, item in enumerate(relationships)]
        return cls._build(ents, rels)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> KnowledgeContext:
        """Build a context from ``{"entities": [...], "relationships": [...]}``.

        ``entities`` is a list of entity mappings or a mapping ``id -> entity mapping``; unknown keys
        of an entity become properties, except a key that looks like a misspelt field (``propertes``,
        ``alias``, ``nmae``) or holds a mapping (``attributes: {...}``: a value no check can read):
        those are refused, so a typo never turns into a graph that knows less than the user gave it.
        ``relationships`` items are mappings with exactly ``subject``/``predicate``/``object`` or
        ``[subject, predicate, object]`` lists; endpoints may be entity ids or names. Keys other than
        ``entities`` and ``relationships`` are refused (a misspelt ``entites`` would otherwise give
        an empty graph that every answer passes).

        Raises:
            InputError: If ``data`` does not have that shape; the message names the key at fault
                and the accepted ones.
        """
        if not isinstance(data, Mapping):
            raise InputError(
                f"knowledge data has type {type(data).__name__}; pass a mapping with 'entities' "
                "and 'relationships' keys"
            )
        refuse_unknown_keys(
            data, CONTEXT_KEYS, "knowledge data",
            f"the accepted keys are {', '.join(map(repr, CONTEXT_KEYS))} "
            "(pass {'entities': [...], 'relationships': [...]})",
        )
        raw_entities = data.get("entities", [])
        if isinstance(raw_entities, Mapping):
            bad = next((key for key, value in raw_entities.items() if not isinstance(value, Mapping)), None)
            if bad is not None:
                raise InputError(
                    f"entity {bad!r} maps to a {type(raw_entities[bad]).__name__}; when 'entities' is "
                    "a mapping, each value must be a mapping such as {'name': ..., 'aliases': [...]}"
                )
            raw_entities = [{"id": key, **dict(value)} for key, value in raw_entities.items()]
        return cls.from_objects(raw_entities, data.get("relationships", []) or [])

    @classmethod
    def from_json(cls, path: str | PathLike[str]) -> KnowledgeContext:
        """Load a context from a JSON file in the :meth:`from_dict` shape.

        Raises:
            InputError: If the file cannot be read or parsed.
        """
        try:
            data = json.loads(read_settings_file(path, what="knowledge file", error=InputError))
        except (InputError, json.JSONDecodeError) as exc:
            raise InputError(f"cannot load knowledge context from {str(path)!r}: {exc}; pass a readable JSON file") from exc
        return cls.from_dict(data)

    @classmethod
    def from_edge_list(
        cls,
        edges: Iterable[tuple[Any, ...]],
        nodes: Mapping[Any, Mapping[str, Any]] | Iterable[tuple[Any, Mapping[str, Any]]] | None = None,
        *,
        default_predicate: str = "related_to",
    ) -> KnowledgeContext:
        """Build a context from a networkx-style edge list (no networkx needed).

        Works with ``G.edges(data=True)`` and ``G.nodes(data=True)`` of a networkx graph.

        Args:
            edges: ``(u, v)`` or ``(u, v, attrs)`` tuples; the predicate is read from ``attrs``
                keys ``predicate``, ``relation``, ``label``, ``type`` or ``key``.
            nodes: Node attributes, as a mapping ``node -> attrs`` or ``(node, attrs)`` pairs;
                ``name``, ``type`` and ``aliases`` are used as such, other attributes become
                properties. Nodes only seen in edges get their id as name.
            default_predicate: Predicate of edges without one.

        Raises:
            InputError: If an edge is not a 2- or 3-tuple.
        """
        node_attrs: dict[str, dict[str, Any]] = {}
        pairs = nodes.items() if isinstance(nodes, Mapping) else _items(nodes or (), "nodes")
        for index, pair in enumerate(pairs):
            if not isinstance(pair, tuple | list) or len(pair) != 2 or not isinstance(pair[1] or {}, Mapping):
                raise InputError(f"node {index} is {pair!r}; pass (node, attrs) pairs or a mapping")
            node, attrs = pair
            node_attrs[str(node)] = dict(attrs or {})
        triples: list[Relationship] = []
        for index, edge in enumerate(_items(edges, "edges")):
            if not isinstance(edge, tuple | list) or len(edge) not in (2, 3):
                raise InputError(f"edge {index} is {edge!r}; pass (u, v) or (u, v, attrs) tuples")
            if len(edge) == 3 and not isinstance(edge[2] or {}, Mapping):
                raise InputError(f"edge {index} has attributes {edge[2]!r}; pass a mapping")
            attrs = dict(edge[2] or {}) if len(edge) == 3 else {}
            predicate = next((str(attrs[k]) for k in _PREDICATE_KEYS if attrs.get(k)), default_predicate)
            subject, obj = str(edge[0]), str(edge[1])
            node_attrs.setdefault(subject, {})
            node_attrs.setdefault(obj, {})
            triples.append(Relationship(subject=subject, predicate=predicate, object=obj))
        ents = [_coerce_entity({"id": node, "name": attrs.pop("name", node), **attrs}, i)
                for i, (node, attrs) in enumerate(node_attrs.items())]
        return cls._build(ents, triples)

    @classmethod
    def _build(cls, entities: list[Entity], relationships: list[Relationship]) -> KnowledgeContext:
        try:
            return cls(entities=tuple(entities), relationships=tuple(relationships))
        except ValueError as exc:
            raise InputError(f"invalid knowledge context: {exc}") from exc


def normalize_predicate(value: str) -> str:
    """``"dependsOn"``/``"depends_on"``/``"Depends-On"`` -> ``"depends on"``."""
    spaced = regex.sub(r"(?<=\p{Ll})(?=\p{Lu})", " ", value)
    return " ".join(regex.split(r"[\s_\-]+", spaced.lower())).strip()


def _items(value: Any, what: str) -> Iterable[Any]:
    """``value`` when it is a list-like collection, else an :class:`InputError`."""
    if isinstance(value, str | bytes | Mapping) or not isinstance(value, Iterable):
        raise InputError(f"{what} must be a list, not {type(value).__name__}; pass a list of items")
    return value


def _coerce_entity(item: Any, index: int) -> Entity:
    if isinstance(item, Entity):
        return item
    if isinstance(item, Mapping):
        raw = dict(item)
    else:
        raw = {key: getattr(item, key) for key in _ENTITY_FIELDS if hasattr(item, key)}
    entity_id = raw.pop("id", None)
    name = raw.pop("name", None)
    if entity_id is None and name is None:
        raise InputError(f"entity {index} has neither 'id' nor 'name'; give every entity at least a name")
    aliases = raw.pop("aliases", None) or ()
    if isinstance(aliases, str):
        aliases = (aliases,)
    if not isinstance(aliases, list | tuple | set | frozenset):
        raise InputError(f"entity {index}: 'aliases' must be a list of names, not {type(aliases).__name__}")
    properties = raw.pop("properties", None) or {}
    if not isinstance(properties, Mapping):
        raise InputError(f"entity {index}: 'properties' must be a mapping, not {type(properties).__name__}")
    properties = dict(properties)
    entity_type = raw.pop("type", None)
    check_extra_keys(raw, index)
    properties.update(raw)  # remaining keys of a mapping are properties
    try:
        return Entity(
            id=str(entity_id if entity_id is not None else name),
            name=str(name if name is not None else entity_id),
            type=str(entity_type) if entity_type is not None else None,
            aliases=tuple(str(a) for a in aliases),
            properties=properties,
        )
    except ValueError as exc:
        raise InputError(f"entity {index} is invalid: {exc}") from exc


def _coerce_relationship(item: Any, index: int, ids: set[str], names: dict[str, str]) -> Relationship:
    if isinstance(item, Relationship):
        parts: tuple[Any, Any, Any] = (item.subject, item.predicate, item.object)
    elif isinstance(item, Mapping):
        refuse_unknown_keys(
            item, RELATIONSHIP_KEYS, f"relationship {index}",
            "a relationship has exactly the keys 'subject', 'predicate' and 'object' "
            "(endpoints are entity ids or names)",
        )
        parts = (item.get("subject"), item.get("predicate"), item.get("object"))
    elif isinstance(item, tuple | list) and len(item) == 3:
        parts = (item[0], item[1], item[2])
    else:
        parts = (getattr(item, "subject", None), getattr(item, "predicate", None), getattr(item, "object", None))
    if any(p is None for p in parts):
        raise InputError(
            f"relationship {index} is {item!r}; pass {{'subject': ..., 'predicate': ..., 'object': ...}} "
            "or a (subject, predicate, object) tuple"
        )

    def resolve(end: Any) -> str:
        text = str(end)
        if text in ids:
            return text
        resolved = names.get(normalize_surface(text))
        if resolved is None:
            raise InputError(
                f"relationship {index} refers to unknown entity {text!r}; add it to the entities "
                "or use an existing id or name"
            )
        return resolved

    return Relationship(subject=resolve(parts[0]), predicate=str(parts[1]), object=resolve(parts[2]))
