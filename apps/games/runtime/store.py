"""Writing a request's rows in few plain statements: the events with their typed rows, and the
game's changed columns.

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
from django.db.models.query import DEFAULT_FETCH_MODE


def postgresql() -> bool:
    """Whether the database is PostgreSQL: only there are statements combined (two in one
    round trip, an UPDATE inside a WITH) and JSON sent as ready-made text. The embedded SQLite
    of ``make run`` takes the plain statements, one at a time."""
    return connections[DEFAULT_DB_ALIAS].vendor == "postgresql"


def commit_suffix() -> str:
    """``"; COMMIT"`` when the last statement of a request may end its transaction itself (one
    round trip fewer), else ``""``: on PostgreSQL, and only in the outermost atomic block (a
    caller's or a test's enclosing transaction is never ended early). The block's own COMMIT then
    finds no transaction open, and psycopg sends none; its on-commit hooks run as usual."""
    db = connections[DEFAULT_DB_ALIAS]
    outermost = len(db.atomic_blocks) == 1 and not db.savepoint_ids and not db.needs_rollback
    return "; COMMIT" if outermost and postgresql() else ""


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
    params = _values(objs, fields, db)
    with db.cursor() as cursor:
        cursor.execute(head + ", ".join([row] * len(objs)) + returning, params)
        keys = cursor.fetchall()
    _keyed(objs, keys, db)
    return objs


def insert_with(parents: list[Any], children: list[list[Any]], link: str) -> list[Any]:
    """Insert ``parents`` (instances of one model, with a ``seq`` unique among them) and
    ``children`` (lists of instances of one model each, whose foreign key ``link`` names one of
    the unsaved parents); the parents get their primary keys, the children are written only.

    On PostgreSQL one statement (data-modifying ``WITH``: each child's key is looked up by its
    parent's ``seq`` in what the parents' INSERT returned); elsewhere one per model."""
    if not postgresql() or not parents:
        insert(parents)
        for group in children:
            insert(group)
        return parents
    db = connections[DEFAULT_DB_ALIAS]
    fields, head, row, returning = _insert_shape(parents[0].__class__)
    params = _values(parents, fields, db)
    sql = f"WITH parent AS ({head}{', '.join([row] * len(parents))}{returning}, seq)"
    for n, group in enumerate(filter(None, children)):
        child_fields, child_head, _, _ = _insert_shape(group[0].__class__)
        linked = next(f for f in child_fields if f.name == link)
        cells = [
            "(SELECT id FROM parent WHERE seq = %s)" if f is linked else "%s" for f in child_fields
        ]
        one = "(" + ", ".join(cells) + ")"
        sql += f", child_{n} AS ({child_head}{', '.join([one] * len(group))})"
        for obj in group:
            parent = getattr(obj, link)
            params.extend(
                parent.seq if f is linked else f.get_db_prep_save(f.pre_save(obj, True), db)
                for f in child_fields
            )
    with db.cursor() as cursor:
        cursor.execute(f"{sql} SELECT id FROM parent ORDER BY seq", params)
        keys = cursor.fetchall()
    _keyed(parents, keys, db)
    return parents


def _values(objs: list[Any], fields: list, db: Any) -> list[Any]:
    params: list[Any] = []
    for obj in objs:
        obj._prepare_related_fields_for_save(operation_name="insert")
        params.extend(f.get_db_prep_save(f.pre_save(obj, True), db) for f in fields)
    return params


def _keyed(objs: list[Any], keys: list, db: Any) -> None:
    for obj, (key,) in zip(objs, keys, strict=True):
        obj.pk = key
        obj._state.adding, obj._state.db = False, db.alias


def _encoded(value: Any, text: str) -> Any:
    """``value`` for a JSON column, as the ORM would send it, written as ``text`` (the caller's
    own JSON of ``value``: the column holds the same ``jsonb`` however the text is spaced)."""
    from django.db.backends.postgresql.psycopg_any import Jsonb

    return Jsonb(value, dumps=lambda _value: text)


def update_statement(
    obj: Any, names: list[str], texts: dict[str, str] | None = None
) -> tuple[str, list[Any]]:
    """The ``UPDATE`` of only the columns of ``names`` of the row of ``obj``, and its values.
    ``texts``: JSON columns the caller has encoded already (to compare them), sent as that
    text instead of again."""
    meta, db = obj._meta, connections[DEFAULT_DB_ALIAS]
    fields = [meta.get_field(name) for name in names]
    quote = db.ops.quote_name
    assignments = ", ".join(f"{quote(f.column)} = %s" for f in fields)
    texts = texts if texts and postgresql() else {}
    params = [
        _encoded(getattr(obj, f.attname), texts[f.name])
        if f.name in texts and getattr(obj, f.attname) is not None
        else f.get_db_prep_save(f.pre_save(obj, False), db)
        for f in fields
    ]
    sql = f"UPDATE {quote(meta.db_table)} SET {assignments} WHERE {quote(meta.pk.column)} = %s"
    return sql, [*params, obj.pk]


def update(obj: Any, names: list[str], texts: dict[str, str] | None = None) -> None:
    """``UPDATE`` only the columns of ``names`` of the row of ``obj`` (see ``update_statement``)."""
    sql, params = update_statement(obj, names, texts)
    with connections[DEFAULT_DB_ALIAS].cursor() as cursor:
        cursor.execute(sql, params)


@cache
def _locking_select(model: Any) -> tuple[str, list[str], list[tuple[int, list, Any]]]:
    """The statement, the fields' names, and the converters the ORM applies to a column."""
    quote, meta = connection.ops.quote_name, model._meta
    columns = ", ".join(quote(f.column) for f in meta.concrete_fields)
    sql = f"SELECT {columns} FROM {quote(meta.db_table)} WHERE {quote(meta.pk.column)} = %s"
    if connection.features.has_select_for_update:
        sql += " FOR UPDATE"
    converters = []
    for i, field in enumerate(meta.concrete_fields):
        col = field.get_col(meta.db_table)
        found = connection.ops.get_db_converters(col) + col.get_db_converters(connection)
        if found:
            converters.append((i, found, col))
    return sql, [f.attname for f in meta.concrete_fields], converters


def locked_with(model: Any, pk: int, also: tuple[str, list[Any]] | None) -> tuple[Any, Any]:
    """The row ``pk`` of ``model``, locked until the transaction ends (``SELECT ... FOR
    UPDATE``), or None: ``select_for_update().filter(pk=pk).first()`` without its compiling,
    made as the ORM makes an instance from a row (its converters, then ``from_db``); and the
    first row (or None) of ``also`` (a statement and its values), run as a statement of its own
    once the lock is granted (on PostgreSQL sent in the same round trip, elsewhere just after):
    under READ COMMITTED it sees every commit made before then. (Two statements in one
    ``execute`` need client-side binding, Django's default with psycopg.)"""
    sql, names, converters = _locking_select(model)
    db = connections[DEFAULT_DB_ALIAS]
    with db.cursor() as cursor:
        if also is None:
            cursor.execute(sql, [pk])
            row, also_row = cursor.fetchone(), None
        elif postgresql():
            cursor.execute(f"{sql}; {also[0]}", [pk, *also[1]])
            row = cursor.fetchone()
            also_row = cursor.fetchone() if cursor.nextset() else None
        else:
            cursor.execute(sql, [pk])
            row = cursor.fetchone()
            cursor.execute(*also)
            also_row = cursor.fetchone()
    if row is None:
        return None, also_row
    values = list(row)
    for i, found, col in converters:
        value = values[i]
        for converter in found:
            value = converter(value, col, db)
        values[i] = value
    return model.from_db(db.alias, names, values, fetch_mode=DEFAULT_FETCH_MODE), also_row
