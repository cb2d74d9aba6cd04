"""No import cycle among golfcards' modules, counting imports inside functions and under ``TYPE_CHECKING``.

import-linter's ``acyclic_siblings`` contract (pyproject.toml, run by ``lint-imports``) checks the
children of every package; this test checks every module one by one, a package's own ``__init__``
included (the contract leaves out imports between a package and its children). grimp, the graph
import-linter builds, reads every import statement of the source, wherever it stands.
"""

from __future__ import annotations

import grimp


def test_no_module_of_golfcards_imports_itself_through_others() -> None:
    graph = grimp.build_graph("golfcards", cache_dir=None)
    cycles = []
    for module in sorted(graph.modules):
        for imported in sorted(graph.find_modules_directly_imported_by(module)):
            back = graph.find_shortest_chain(importer=imported, imported=module)
            if back is not None:
                cycles.append(" -> ".join((module, *back)))
    assert not cycles, "import cycles:\n" + "\n".join(cycles)
