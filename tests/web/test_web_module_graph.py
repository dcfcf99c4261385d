"""The browser client's modules (src/rumizi/web, native ES modules, no build step) as a
graph: its imports point one way (no circle), so each part can be loaded and tested alone,
and no module grows past 500 lines (docs/web.md, "The modules"). No browser needed."""

from __future__ import annotations

import re
from pathlib import Path

import rumizi

WEB = Path(rumizi.__file__).parent / "web"
"""The client's folder, as the server serves it."""

LONGEST = 500
"""Lines a module of the client may have at most (vendored files aside)."""

_STATIC = re.compile(
    r"""^\s*(?:import|export)\b[^;'"`]*?\bfrom\s*["']([^"']+)["']"""  # import … from "x"
    r"""|^\s*import\s*["']([^"']+)["']""",  # import "x" (for its effects)
    re.MULTILINE | re.DOTALL,
)
_DYNAMIC = re.compile(r"""\bimport\(\s*["']([^"']+)["']\s*\)""")
"""A dynamic import of a fixed path: loaded later, but still a dependency."""


def modules() -> list[Path]:
    """Every module of the client, the vendored libraries aside."""
    return sorted(p for p in WEB.rglob("*.js") if "vendor" not in p.relative_to(WEB).parts)


def imports(path: Path) -> set[Path]:
    """The client's own modules that ``path`` imports, statically or by a fixed path."""
    text = path.read_text(encoding="utf-8")
    found = [a or b for a, b in _STATIC.findall(text)] + _DYNAMIC.findall(text)
    return {
        (path.parent / spec).resolve()
        for spec in found
        if spec.startswith(".") and "vendor/" not in spec
    }


def graph() -> dict[Path, set[Path]]:
    return {p.resolve(): imports(p) for p in modules()}


def circle(edges: dict[Path, set[Path]]) -> list[Path] | None:
    """One import circle (its modules in order, the first again at the end), or None."""
    done: set[Path] = set()
    path: list[Path] = []
    on_path: set[Path] = set()

    def visit(node: Path) -> list[Path] | None:
        path.append(node)
        on_path.add(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt in on_path:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in done:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        on_path.discard(node)
        done.add(node)
        return None

    for start in sorted(edges):
        if start not in done:
            found = visit(start)
            if found:
                return found
    return None


def test_the_reader_finds_the_imports_as_written() -> None:
    """Multi-line imports, effect-only imports, re-exports and fixed dynamic imports count;
    a path built at run time (a game's module by its id) cannot be followed."""
    edges = graph()
    app = (WEB / "app.js").resolve()
    assert (WEB / "components" / "rz-clock.js").resolve() in edges[app]
    tuki = edges[(WEB / "games" / "tuki.js").resolve()]
    assert (WEB / "games" / "tuki" / "build.js").resolve() in tuki  # a multi-line import
    assert all(target.exists() for targets in edges.values() for target in targets)
    assert circle({Path("a"): {Path("b")}, Path("b"): {Path("a")}}) == [
        Path("a"),
        Path("b"),
        Path("a"),
    ]


def test_no_import_circle_in_the_web_client() -> None:
    found = circle(graph())
    assert found is None, "an import circle: " + " → ".join(
        str(p.relative_to(WEB.resolve())) for p in found or []
    )


def test_no_module_of_the_web_client_is_over_500_lines() -> None:
    long = {
        str(p.relative_to(WEB)): n
        for p in modules()
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > LONGEST
    }
    assert not long, f"over {LONGEST} lines: {long}"
