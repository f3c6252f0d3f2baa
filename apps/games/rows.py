"""Writing a request's rows in one plain statement each: the events with their typed rows, and
the game's changed columns.

Every request that acts writes the same few shapes. Django's ``bulk_create`` and ``save`` compile
their SQL afresh every time, which costs the server more CPU than the statements cost the
database; here each model's statement text is built once, and every value goes through its
field's own ``pre_save`` and ``get_db_prep_save``, so what is stored is exactly what the ORM
would store (JSON as ``jsonb``, ``auto_now`` times, foreign keys by id). It leans on the ORM's
own (private) save helpers, so models and instances are typed ``Any`` here.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connection, connections


@cache
def _insert_shape(model: Any) -> tuple[list, str, str, str]:
    fields = [f for f in model._meta.concrete_fields if not f.primary_key]
    quote = connection.ops.quote_name
    head = (
        f"INSERT INTO {quote(model._meta.db_table)} "
        f"({', '.join(quote(f.column) for f in fields)}) VALUES "
    )
    row = "(" + ", ".join(["%s"] * len(fields)) + ")"
    return fields, head, row, f" RETURNING {quote(model._meta.pk.column)}"


def insert(objs: list[Any]) -> list[Any]:
    """Insert ``objs`` (instances of one model) in one statement; each gets its primary key."""
    if not objs:
        return objs
    fields, head, row, returning = _insert_shape(objs[0].__class__)
    db = connections[DEFAULT_DB_ALIAS]  # once, not through the proxy for every value
    params: list[Any] = []
    for obj in objs:
        obj._prepare_related_fields_for_save(operation_name="insert")
        params.extend(f.get_db_prep_save(f.pre_save(obj, True), db) for f in fields)
    with db.cursor() as cursor:
        cursor.execute(head + ", ".join([row] * len(objs)) + returning, params)
        keys = cursor.fetchall()
    for obj, (key,) in zip(objs, keys, strict=True):
        obj.pk = key
        obj._state.adding, obj._state.db = False, db.alias
    return objs


def update(obj: Any, names: list[str]) -> None:
    """``UPDATE`` only the columns of ``names`` of the row of ``obj``."""
    meta, db = obj._meta, connections[DEFAULT_DB_ALIAS]
    fields = [meta.get_field(name) for name in names]
    quote = db.ops.quote_name
    assignments = ", ".join(f"{quote(f.column)} = %s" for f in fields)
    params = [f.get_db_prep_save(f.pre_save(obj, False), db) for f in fields]
    with db.cursor() as cursor:
        cursor.execute(
            f"UPDATE {quote(meta.db_table)} SET {assignments} WHERE {quote(meta.pk.column)} = %s",
            [*params, obj.pk],
        )


@cache
def _locking_select(model: Any) -> str:
    quote, meta = connection.ops.quote_name, model._meta
    columns = ", ".join(quote(f.column) for f in meta.concrete_fields)
    return (
        f"SELECT {columns} FROM {quote(meta.db_table)} WHERE {quote(meta.pk.column)} = %s"
        " FOR UPDATE"
    )


def locked(model: Any, pk: int) -> Any:
    """The row ``pk`` of ``model``, locked until the transaction ends (``SELECT ... FOR
    UPDATE``), or None: ``select_for_update().filter(pk=pk).first()`` without its compiling."""
    return next(iter(model.objects.raw(_locking_select(model), [pk])), None)
