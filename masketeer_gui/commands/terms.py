"""``masketeer terms add|remove|list|export|import``: a project's curated lists from the command line.

    masketeer terms add P.db --whitelist Rumpf
    masketeer terms add P.db --blacklist Hias --entity PAT --scope patient --scope-value P0233
    masketeer terms remove P.db --id 7          (or the same options as ``add``)
    masketeer terms list P.db [--json]

Listing prints the terms themselves: they are names, so it goes to stdout only when asked for.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from masketeer_gui.commands import UsageError
from masketeer_gui.commands.project import opened, say

if TYPE_CHECKING:
    from masketeer_gui.commands import Subparsers
    from masketeer_gui.store.rows import TermRow, TermSpec

KINDS = ("whitelist", "blacklist", "patient", "hcp", "person", "medical_site")


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser("terms", help="curated lists of a project: add, remove, list, share")
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    add = actions.add_parser("add", help="add a term to a list")
    _term_options(add, required=True)
    add.add_argument("--why", default="", metavar="TEXT", help="why (kept in the audit log)")
    add.set_defaults(handler=_add)
    remove = actions.add_parser("remove", help="remove a term (by --id, or by the options of 'add')")
    _term_options(remove, required=False)
    remove.add_argument("--id", type=int, metavar="N", help="the term's id from 'terms list'")
    remove.set_defaults(handler=_remove)
    show = actions.add_parser("list", help="print the terms (they may be names)")
    show.add_argument("project", type=Path, metavar="P.db")
    show.add_argument("--json", action="store_true", help="one JSON object per term")
    show.set_defaults(handler=_list)
    export = actions.add_parser("export", help="write terms and corrections to a JSON file (owner-only)")
    export.add_argument("project", type=Path, metavar="P.db")
    export.add_argument("-o", "--output", type=Path, required=True, metavar="LISTS.json")
    export.set_defaults(handler=_export)
    load = actions.add_parser("import", help="add the terms and matching corrections of a lists file")
    load.add_argument("project", type=Path, metavar="P.db")
    load.add_argument("lists", type=Path, metavar="LISTS.json")
    load.set_defaults(handler=_import)


def _term_options(parser: argparse.ArgumentParser, *, required: bool) -> None:
    parser.add_argument("project", type=Path, metavar="P.db")
    which = parser.add_mutually_exclusive_group(required=required)
    for kind in KINDS:
        which.add_argument(f"--{kind.replace('_', '-')}", dest=kind, metavar="TERM", help=f"a {kind} term")
    parser.add_argument("--entity", metavar="TYPE", help="entity type of a blacklist term (PAT, HCP, PER, …)")
    parser.add_argument("--scope", choices=("corpus", "patient", "note"), default="corpus")
    parser.add_argument("--scope-value", default="", metavar="ID", help="patient id or note id of the scope")


def _spec(args: argparse.Namespace) -> TermSpec | None:
    from masketeer_gui.engine.span import Entity
    from masketeer_gui.store.rows import Scope, TermKind, TermSpec

    kind = next((k for k in KINDS if getattr(args, k, None)), None)
    if kind is None:
        return None
    if kind == "blacklist" and not args.entity:
        raise UsageError("--blacklist needs --entity TYPE (one of " + ", ".join(e.value for e in Entity) + ")")
    try:
        entity = Entity(args.entity.upper()) if args.entity else None
    except ValueError:
        raise UsageError(f"unknown entity type {args.entity!r}") from None
    return TermSpec(TermKind(kind), getattr(args, kind), entity, Scope(args.scope), args.scope_value)


def _add(args: argparse.Namespace) -> int:
    spec = _spec(args)
    assert spec is not None
    with opened(args.project) as project:
        term = project.terms.add(spec, why=args.why)
    say(f"masketeer terms: added term {term.id} to the {term.kind} list ({term.scope})")
    return 0


def _remove(args: argparse.Namespace) -> int:
    from masketeer_gui.store.terms import normalized

    spec = _spec(args)
    if (spec is None) == (args.id is None):
        raise UsageError("give either --id N or the term (e.g. --whitelist TERM)")
    with opened(args.project) as project:
        if args.id is None:
            assert spec is not None
            wanted = normalized(spec)
            found = [t for t in project.terms.list(wanted.kind) if _same(t, wanted)]
            if not found:
                raise UsageError("no such term in this project")
            term_id = found[0].id
        else:
            term_id = args.id
        removed = project.terms.remove(term_id)
    say(f"masketeer terms: removed term {removed.id} from the {removed.kind} list")
    return 0


def _same(term: TermRow, spec: TermSpec) -> bool:
    from masketeer_gui.engine.normalize import fold_phrase

    return (term.scope, term.scope_value, fold_phrase(term.term)) == (
        spec.scope,
        spec.scope_value,
        fold_phrase(spec.term),
    )


def _list(args: argparse.Namespace) -> int:
    with opened(args.project, readonly=True) as project:
        terms = project.terms.list()
    for t in terms:
        if args.json:
            record = {
                "id": t.id,
                "kind": t.kind.value,
                "term": t.term,
                "entity": t.entity,
                "scope": t.scope.value,
                "scope_value": t.scope_value,
                "who": t.who,
                "created_at": t.created_at.isoformat(),
                "why": t.why,
            }
            print(json.dumps(record, ensure_ascii=False))
        else:
            scope = t.scope.value + (f":{t.scope_value}" if t.scope_value else "")
            print(f"{t.id:>5}  {t.kind.value:<12} {t.entity or '':<4} {scope:<16} {t.term}")
    sys.stdout.flush()
    return 0


def _export(args: argparse.Namespace) -> int:
    with opened(args.project, readonly=True) as project:
        terms, corrections = project.export_lists(args.output)
    say(f"masketeer terms export: {terms} terms, {corrections} corrections -> {args.output}")
    return 0


def _import(args: argparse.Namespace) -> int:
    with opened(args.project) as project:
        terms, corrections = project.import_lists(args.lists)
    say(f"masketeer terms import: {terms} terms and {corrections} corrections added")
    return 0
