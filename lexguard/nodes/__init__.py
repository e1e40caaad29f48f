"""The guard graph's nodes, importable for custom wiring.

Each node is a callable ``node(state) -> update`` with an async twin ``node.acall``; use
``node.as_runnable()`` to add both paths to your own ``StateGraph``.
"""

from lexguard.nodes._base import GuardNode
from lexguard.nodes._decide import (
    DecideNode,
    decide_verdict,
    route_after_decide,
    route_after_gate,
    route_after_parse,
    route_after_self_correct,
)
from lexguard.nodes._feedback import build_feedback
from lexguard.nodes._finish import FallbackNode, FinalizeNode, handle_node_error
from lexguard.nodes._gate import GateNode
from lexguard.nodes._parse import ParseNode
from lexguard.nodes._repair import drop_unsupported
from lexguard.nodes._report import build_report
from lexguard.nodes._retry_input import build_retry_input
from lexguard.nodes._self_correct import SelfCorrectNode
from lexguard.nodes._support_check import SupportCheckNode

__all__ = [
    "DecideNode",
    "FallbackNode",
    "FinalizeNode",
    "GateNode",
    "GuardNode",
    "ParseNode",
    "SelfCorrectNode",
    "SupportCheckNode",
    "build_feedback",
    "build_report",
    "build_retry_input",
    "decide_verdict",
    "drop_unsupported",
    "handle_node_error",
    "route_after_decide",
    "route_after_gate",
    "route_after_parse",
    "route_after_self_correct",
]
