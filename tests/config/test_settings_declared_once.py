"""Every setting is declared in one place in config/settings.py: read where it is written, not
pieced together from patches further down (an insert into MIDDLEWARE, a key added to
REST_FRAMEWORK, a second LOGGING)."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

SETTINGS = Path(__file__).resolve().parents[2] / "config" / "settings.py"
MUTATORS = {"insert", "append", "extend", "update", "setdefault", "pop", "remove", "clear"}


def setting_name(node: ast.AST) -> str | None:
    """The setting a target or receiver stands for (``MIDDLEWARE``, ``LOGGING["x"]``...)."""
    while isinstance(node, ast.Subscript | ast.Attribute):
        node = node.value
    return node.id if isinstance(node, ast.Name) and node.id.isupper() else None


def findings(source: str) -> tuple[Counter, list[str]]:
    """How often each setting is assigned, and every patch of one after its declaration."""
    assigned: Counter = Counter()
    patches: list[str] = []
    for node in ast.walk(ast.parse(source)):
        targets: list[ast.AST] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AnnAssign | ast.AugAssign):
            targets = [node.target]
        for target in targets:
            name = setting_name(target)
            if name and isinstance(target, ast.Name) and not isinstance(node, ast.AugAssign):
                assigned[name] += 1
            elif name:
                patches.append(f"line {node.lineno}: {ast.unparse(target)} changed in place")
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in MUTATORS
            and setting_name(node.func.value)
        ):
            patches.append(f"line {node.lineno}: {ast.unparse(node.func)}(...)")
    return assigned, patches


def test_each_setting_is_declared_once_and_never_patched():
    assigned, patches = findings(SETTINGS.read_text(encoding="utf-8"))
    assert [name for name, n in assigned.items() if n > 1] == []
    assert patches == []


def test_the_check_sees_a_patch_and_a_second_declaration():
    source = (
        'MIDDLEWARE = ["a"]\nMIDDLEWARE.insert(0, "b")\nREST_FRAMEWORK = {}\n'
        'REST_FRAMEWORK["X"] = 1\nLOGGING = {}\nLOGGING = {}\n'
    )
    assigned, patches = findings(source)
    assert assigned["LOGGING"] == 2
    assert len(patches) == 2
