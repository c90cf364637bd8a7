/**
 * The explorer's folders. Virtual folders nest by the searched register's `browse` facets (project → package →
 * discipline → document type for documents), each level's children and counts from the search API's facets under
 * the parent's filters; the administrator's folders are records of the explorer's own register, a `[tree]`, each a
 * saved filter: the searched register's fields it shares by column (the `browse` levels it fixes) and its search
 * words. Either way a folder is a filter: the documents it lists and the values an upload into it starts from.
 * Nothing here names a register or a column: the levels and the tree's columns are the metadata's.
 */
import type { FacetValue, Folder, SearchQuery } from '../../api/dms';
import type { BrowseLevel } from '../../api/schema';
import { textOf } from '../../lib/format';

/** What a folder fixes: a value per `browse` facet (by the facet's name), and words every document matches. */
export interface FolderFilter {
  facets: Readonly<Record<string, string>>;
  words?: string;
}

/** The root: every document. */
export const ALL: FolderFilter = { facets: {} };

/** The level below a folder's, or null for a folder at the last level (a leaf). */
export function childLevel(filter: FolderFilter, levels: readonly BrowseLevel[]): BrowseLevel | null {
  return levels.find((level) => filter.facets[level.name] === undefined) ?? null;
}

/** A virtual folder's child for a facet value. */
export function childFilter(parent: FolderFilter, level: BrowseLevel, value: string): FolderFilter {
  return { ...parent, facets: { ...parent.facets, [level.name]: value } };
}

/** A stable key for a virtual folder: its filters in level order. */
export function folderKey(filter: FolderFilter, levels: readonly BrowseLevel[]): string {
  return (
    levels.map((level) => filter.facets[level.name] ?? '').join('/') +
    (filter.words ? `?${filter.words}` : '')
  );
}

/** What an administrator's folder fixes: each level whose column the folder has a value in, and its words. */
export function adminFolderFilter(folder: Folder, levels: readonly BrowseLevel[]): FolderFilter {
  const facets: Record<string, string> = {};
  for (const level of levels) {
    const value = textOf(folder.row[level.column]).trim();
    if (value !== '') facets[level.name] = value;
  }
  return folder.words ? { facets, words: folder.words } : { facets };
}

/** The search API's query listing a folder's documents (browse mode unless the folder has words), paged. */
export function folderQuery(filter: FolderFilter, page: number, size: number): SearchQuery {
  const query: SearchQuery = { page, size, sort: filter.words ? 'relevance' : 'updated' };
  for (const [name, value] of Object.entries(filter.facets)) query[name] = value;
  if (filter.words) query.q = filter.words;
  return query;
}

/** The query that reads a folder's children: one hit is enough, the facets are what count. */
export function childrenQuery(filter: FolderFilter): SearchQuery {
  return folderQuery(filter, 1, 1);
}

/** The children of a virtual folder: the facet's values with documents, by label. */
export function childFolders(
  parent: FolderFilter,
  level: BrowseLevel,
  facet: readonly FacetValue[] | undefined,
) {
  return (facet ?? [])
    .filter((value) => value.count > 0)
    .map((value) => ({
      filter: childFilter(parent, level, value.value),
      label: value.label,
      count: value.count,
    }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** The administrator's folders as a tree: each folder's children by their order then name; an orphan at the top. */
export function folderChildren(folders: readonly Folder[], parent: number | null): Folder[] {
  const known = new Set(folders.map((folder) => folder.id));
  return folders
    .filter((folder) =>
      parent === null ? folder.parent === null || !known.has(folder.parent) : folder.parent === parent,
    )
    .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
}

/** The folders a folder may move under: any but itself and its own (the database refuses those too). */
export function possibleParents(folders: readonly Folder[], folder: Folder | null): Folder[] {
  if (!folder) return [...folders];
  const banned = new Set([folder.id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const f of folders) {
      if (f.parent !== null && banned.has(f.parent) && !banned.has(f.id)) {
        banned.add(f.id);
        grew = true;
      }
    }
  }
  return folders.filter((f) => !banned.has(f.id));
}

/** What an upload into a folder starts from: the searched register's fields, as its form takes them. */
export interface UploadShape {
  levels: readonly BrowseLevel[];
  /** The folder register's columns a dropped file starts from (`fills` of its tree), by the searched register's names. */
  fills: readonly string[];
  /** The searched register's title column (the workflow's), filled from the file's name. */
  titleColumn: string | null;
}

/**
 * An upload's starting values from a folder: the folder's `fills` that have a value (its project, package, number
 * parts …), the virtual levels chosen, and the title from the file name. What it leaves out keeps the register's
 * default.
 */
export function uploadDefaults(
  filter: FolderFilter,
  folder: Folder | null,
  fileName: string | null,
  shape: UploadShape,
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const column of shape.fills) {
    const value = textOf(folder?.row[column]).trim();
    if (value !== '') values[column] = value;
  }
  for (const level of shape.levels) {
    const value = filter.facets[level.name];
    if (value !== undefined) values[level.column] = value;
  }
  if (shape.titleColumn && fileName) values[shape.titleColumn] = titleFromFileName(fileName);
  return values;
}

/** "P112_bearing-layout.pdf" → "P112 bearing layout". */
export function titleFromFileName(name: string): string {
  const base = name.replace(/\.[^.]+$/, '');
  return base.replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim();
}
