"""The guard graph's nodes, importable for custom wiring.

Each node is a callable ``node(state) -> update`` with an async twin ``node.acall``; use
``node.as_runnable()`` to add both paths to your own ``StateGraph``. The checks themselves live
in :mod:`lexguard.checks`; :class:`CheckNode` runs one of them as a graph node.
"""

from lexguard.nodes._base import GuardNode
from lexguard.nodes._check import CheckNode, context_of, route_after_check
from lexguard.nodes._decide import DecideNode, route_after_decide, route_after_self_correct
from lexguard.nodes._feedback import build_retry_feedback
from lexguard.nodes._finish import FallbackNode, FinalizeNode, best_attempt, handle_node_error
from lexguard.nodes._prepare import PrepareNode
from lexguard.nodes._repair import drop_unsupported
from lexguard.nodes._retry_input import build_retry_input, feedback_gap
from lexguard.nodes._self_correct import SelfCorrectNode
from lexguard._lazy import publish_all

__all__ = [
    "CheckNode",
    "DecideNode",
    "FallbackNode",
    "FinalizeNode",
    "GuardNode",
    "PrepareNode",
    "SelfCorrectNode",
    "best_attempt",
    "build_retry_feedback",
    "build_retry_input",
    "context_of",
    "drop_unsupported",
    "feedback_gap",
    "handle_node_error",
    "route_after_check",
    "route_after_decide",
    "route_after_self_correct",
]

publish_all(__name__, globals())
