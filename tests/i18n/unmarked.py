"""The strings a person reads that are not marked for translation, found in the source."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# The engine is pure: its refusals are translated by code (apps.api.refusals), not by message.
SKIPPED = ("apps/games/engine/", "/migrations/")
GETTEXT = frozenset(
    {
        "_",
        "gettext",
        "gettext_lazy",
        "ngettext",
        "ngettext_lazy",
        "pgettext",
        "pgettext_lazy",
        "format_lazy",
        "gettext_noop",
        "N_",
    }
)
# Calls whose argument at this place (or keyword) is a message a person reads.
MESSAGE_ARGUMENT = {
    "DomainError": 0,
    "NotFound": 0,
    "PermissionDenied": 0,
    "Conflict": 0,
    "ValidationFailed": 0,
    "TooLarge": 0,
    "AccountLocked": 0,
    "BadCredentials": 0,
    "LinkInvalid": 0,
    "ValidationError": 0,
    "AuthenticationFailed": 0,
    "ParseError": 0,
    "Throttled": 0,
    "require": 1,
    "refuse": 1,
    "error_body": 1,
    "error_response": 1,
    "Refused": 1,
}
KEYWORDS = ("message", "detail", "details")
# Lists and dicts of messages built up before they are raised or shown.
MESSAGE_LISTS = frozenset({"problems"})


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def message_arguments(node: ast.Call) -> list[ast.expr]:
    """The arguments of a call that are messages a person reads."""
    name = _name(node.func)
    found = [k.value for k in node.keywords if k.arg in KEYWORDS]
    at = MESSAGE_ARGUMENT.get(name or "")
    if isinstance(node.func, ast.Attribute) and ast.unparse(node.func) == "self.refuse":
        at = 2  # the live socket's refusal: (ref, code, message)
    if at is not None and len(node.args) > at:
        found.append(node.args[at])
    return [
        arg
        for arg in found
        if not (isinstance(arg, ast.Constant) and not isinstance(arg.value, str))
    ]


def human_strings(tree: ast.AST) -> list[ast.expr]:
    """Every expression in ``tree`` that is text a person reads."""
    found: list[ast.expr] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            found += message_arguments(node)
            func = node.func
            if (
                isinstance(func, ast.Attribute)
                and func.attr == "append"
                and isinstance(func.value, ast.Name)
                and func.value.id in MESSAGE_LISTS
                and node.args
            ):
                found.append(node.args[0])
        elif isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Subscript) and ast.unparse(t.value) == "errors" for t in node.targets
        ):
            found.append(node.value)
    return found


def _marked(node: ast.expr) -> bool:
    """Wrapped in gettext (or formatted after it), or not a literal at all."""
    if isinstance(node, ast.Call) and _name(node.func) in GETTEXT:
        return True
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
        return _marked(node.left)
    if isinstance(node, ast.Call) and _name(node.func) == "format":
        return _marked(node.func.value) if isinstance(node.func, ast.Attribute) else True
    if isinstance(node, ast.IfExp):
        return _marked(node.body) and _marked(node.orelse)
    if isinstance(node, ast.Dict):  # {field: [message]}: the keys are field names
        return all(_marked(value) for value in node.values)
    if isinstance(node, ast.List | ast.Tuple):
        return all(_marked(item) for item in node.elts)
    return not isinstance(node, ast.Constant | ast.JoinedStr)


def unmarked(root: Path = ROOT) -> list[str]:
    found = []
    for path in sorted((root / "apps").rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        if any(s in rel for s in SKIPPED):
            continue
        for arg in human_strings(ast.parse(path.read_text(), rel)):
            if not _marked(arg):
                found.append(f"{rel}:{arg.lineno}: {ast.unparse(arg)[:70]}")
    return found


if __name__ == "__main__":
    print("\n".join(unmarked()))
