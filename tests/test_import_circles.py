"""No import circle in ``src/rumizi`` (Python): imports point down only (DESIGN.md, "Layers").

The imports are read from the source with ``ast``: those at module level and those deferred
inside functions alike (a deferred import hides a circle, it does not remove one); only
imports under ``if TYPE_CHECKING:`` (annotations, never run) are left out. Importing
``a.b.c`` runs the packages ``a`` and ``a.b`` first, so a module depends on the packages
above what it imports too (not on its own packages: they are running already). The
registry's ``import_module`` calls (``rumizi.games``, the one place that loads a game's
parts by name) are not imports: the registry sits above the games it loads.
"""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"

UNCHECKED: tuple[str, ...] = ()
"""Packages whose modules the check leaves out for now (their prefix): none."""


def _modules() -> dict[str, tuple[Path, bool]]:
    """Every module of ``rumizi``: its dotted name → (file, whether it is a package)."""
    out: dict[str, tuple[Path, bool]] = {}
    for path in sorted((SRC / "rumizi").rglob("*.py")):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        package = parts[-1] == "__init__"
        if package:
            parts.pop()
        out[".".join(parts)] = (path, package)
    return out


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imported(tree: ast.AST, module: str, package: bool) -> set[str]:
    """The dotted names ``tree`` imports (``from x import y``: ``x.y``, which may be a name
    in ``x`` rather than a module: the caller resolves it)."""
    here = module if package else module.rpartition(".")[0]
    names: set[str] = set()
    todo: list[ast.AST] = [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.If) and _type_checking(node):
            todo += node.orelse
            continue
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here.split(".")[: len(here.split(".")) - node.level + 1]
                source = ".".join([*base, *([node.module] if node.module else [])])
            else:
                source = node.module or ""
            names.add(source)
            names |= {f"{source}.{alias.name}" for alias in node.names}
        todo += ast.iter_child_nodes(node)
    return names


def import_graph() -> dict[str, set[str]]:
    """Each module of ``rumizi`` → the modules of ``rumizi`` it runs when imported."""
    modules = _modules()

    def resolve(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {}
    for module, (path, package) in modules.items():
        deps: set[str] = set()
        for name in _imported(ast.parse(path.read_text()), module, package):
            target = resolve(name)
            if target is None or not target.startswith("rumizi"):
                continue
            parts = target.split(".")
            deps |= {".".join(parts[:i]) for i in range(1, len(parts) + 1)}
        own = module.split(".")
        deps -= {".".join(own[:i]) for i in range(1, len(own) + 1)}
        graph[module] = deps & set(modules)
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    group.append(top)
                    if top == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def test_the_reader_sees_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(graph) == [["a", "b", "c"]]


def test_no_import_circle_in_rumizi() -> None:
    graph = import_graph()
    assert "rumizi.engine.game" in graph["rumizi.engine.match"]  # the reader reads
    assert "rumizi.engine" in graph["rumizi.games.love_letter.rules"]
    checked = {
        module: {d for d in deps if not d.startswith(UNCHECKED)}
        for module, deps in graph.items()
        if not module.startswith(UNCHECKED)
    }
    found = circles(checked)
    assert not found, "import circles: " + "; ".join(" ↔ ".join(group) for group in found)


LAYERS = {
    "rumizi.engine": ("rumizi.engine",),
    "rumizi.search": ("rumizi.engine",),
    "rumizi.games.": ("rumizi.engine", "rumizi.search"),
}
"""What the layers below the registry may import besides their own package (DESIGN.md,
"Layers"): the engine knows no game; the search library only the engine; a game only the
engine and the search library (the registry, ``rumizi.games`` itself, is above them)."""


def test_the_layers_below_the_registry_import_only_what_is_below_them() -> None:
    graph = import_graph()
    wrong = []
    for module, deps in sorted(graph.items()):
        for layer, allowed in LAYERS.items():
            if module == layer or module.startswith(layer if layer.endswith(".") else layer + "."):
                own = ".".join(module.split(".")[:3]) if layer.endswith(".") else layer
                wrong += [
                    f"{module} → {d}"
                    for d in sorted(deps)
                    if not d.startswith((own, *allowed)) and d not in ("rumizi", "rumizi.games")
                ]
    assert not wrong, "imports up the layers: " + "; ".join(wrong)
