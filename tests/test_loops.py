"""The pieces of an edge set: loopsat's union-find against networkx's connected components."""

from __future__ import annotations

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from loopsat.grid import edge_ends, lattice_edges
from loopsat.loops import pieces

EDGES = list(lattice_edges(5, 6))


@settings(max_examples=200, deadline=None)
@given(st.sets(st.sampled_from(EDGES)))
def test_pieces_are_networkx_components(edges: set) -> None:
    graph = nx.Graph()
    graph.add_edges_from(edge_ends(e) for e in edges)
    expected = sorted(map(sorted, nx.connected_components(graph)))
    found = pieces(edges)
    assert sorted(map(sorted, found)) == expected
    assert [len(piece) for piece in found] == sorted((len(piece) for piece in found), reverse=True)
