/**
 * Child registers (`children` of `GET /api/screen`) as the parent's form reads them: each child's own screen
 * description, the line form's inputs (the child's form without the key column, which the form fills in and never
 * lets change), the columns its list of lines shows, and whether lines may be changed at all.
 */
import type { ChildMeta, ColumnDef, ScreenMeta, StateDef } from '../../api/schema';
import { formSections } from './form-schema';
import { isScreenMeta } from './translate-meta';
import { linesChangeable } from './workflow';

export { isScreenMeta } from './translate-meta';

/** A child register with its screen description read. */
export interface ChildRegister {
  entry: string;
  key: string;
  title: string;
  screen: ScreenMeta;
}

/** The children of a screen whose descriptions can be read (any other is left out rather than drawn wrong). */
export function childRegisters(children: readonly ChildMeta[] | undefined): ChildRegister[] {
  return (children ?? []).flatMap((child) =>
    isScreenMeta(child.screen)
      ? [{ entry: child.entry, key: child.key, title: child.title, screen: child.screen }]
      : [],
  );
}

/** The inputs of a line's form: the child's writable form columns, without the key column. */
export function lineInputs(child: ChildRegister): ColumnDef[] {
  return formSections(child.screen)
    .flatMap((section) => section.columns)
    .filter((column) => column.name !== child.key && column.read_only !== true);
}

/** The columns the list of lines shows: the child's list columns (or its inputs), without the key column. */
export function lineColumns(child: ChildRegister): ColumnDef[] {
  const byName = new Map(child.screen.columns.map((column) => [column.name, column]));
  const listed = child.screen.list_columns.flatMap((name) => {
    const column = byName.get(name);
    return column && column.hidden !== true && name !== child.key ? [column] : [];
  });
  return listed.length > 0 ? listed : lineInputs(child);
}

/**
 * What the user may do with the lines: the child's actions, none once the parent's state is closed or leaves
 * nothing editable (submitted for review).
 */
export function lineActions(child: ChildRegister, parentState: StateDef | undefined, theirs = true) {
  const open = linesChangeable(parentState, child.screen.entry) && theirs;
  const { create, update, delete: remove } = child.screen.actions;
  return { add: open && create, edit: open && update, remove: open && remove };
}
