/**
 * The explorer's folders. Virtual folders follow the metadata, project → package → discipline → document type, each
 * level's children and counts from the search API's facets under the parent's filters; administrator-defined
 * folders (the explorer's folder register) carry fixed metadata and optional search words. Either way a folder is a filter: the
 * documents it lists and the metadata an upload into it starts from.
 */
import type { DmsFolder, FacetValue, SearchQuery } from '../../api/dms';

/**
 * The metadata a folder fixes: the search filters it stands for, by the document register's facet names (each
 * the facet of a folder register's column: project, package, discipline, document type).
 */
export interface FolderFilter {
  project?: string;
  package?: string;
  discipline?: string;
  doc_type?: string;
  /** Words every listed document matches (administrator-defined folders). */
  words?: string;
}

/** The virtual folders' levels: the facets a folder's fixed metadata filters, in the tree's order. */
export const LEVELS = ['project', 'package', 'discipline', 'doc_type'] as const;
export type Level = (typeof LEVELS)[number];

/** The level below a folder's, or null for a document-type folder (a leaf). */
export function childLevel(filter: FolderFilter): Level | null {
  const index = LEVELS.findIndex((level) => filter[level] === undefined);
  return index === -1 ? null : (LEVELS[index] ?? null);
}

/** A virtual folder's child for a facet value. */
export function childFilter(parent: FolderFilter, level: Level, value: string): FolderFilter {
  return { ...parent, [level]: value };
}

/** A stable key for a virtual folder: its filters in level order. */
export function folderKey(filter: FolderFilter): string {
  return LEVELS.map((level) => filter[level] ?? '').join('/') + (filter.words ? `?${filter.words}` : '');
}

/** The metadata of an administrator-defined folder. */
export function adminFolderFilter(folder: DmsFolder): FolderFilter {
  const filter: FolderFilter = {};
  if (folder.c_project) filter.project = folder.c_project;
  if (folder.n_package !== null) filter.package = String(folder.n_package);
  if (folder.n_discipline !== null) filter.discipline = String(folder.n_discipline);
  if (folder.n_doc_type !== null) filter.doc_type = String(folder.n_doc_type);
  if (folder.c_words?.trim()) filter.words = folder.c_words.trim();
  return filter;
}

/** The search API's query listing a folder's documents (browse mode unless the folder has words), paged. */
export function folderQuery(filter: FolderFilter, page: number, size: number): SearchQuery {
  const query: SearchQuery = { page, size, sort: filter.words ? 'relevance' : 'updated' };
  for (const level of LEVELS) if (filter[level] !== undefined) query[level] = filter[level];
  if (filter.words) query.q = filter.words;
  return query;
}

/** The query that reads a folder's children: one hit is enough, the facets are what count. */
export function childrenQuery(filter: FolderFilter): SearchQuery {
  return folderQuery(filter, 1, 1);
}

/** The children of a virtual folder: the facet's values with documents, by label. */
export function childFolders(parent: FolderFilter, level: Level, facet: readonly FacetValue[] | undefined) {
  return (facet ?? [])
    .filter((value) => value.count > 0)
    .map((value) => ({
      filter: childFilter(parent, level, value.value),
      label: value.label,
      count: value.count,
    }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** The administrator-defined folders as a tree: each folder's children by sort order then name. */
export function folderChildren(folders: readonly DmsFolder[], parent: number | null): DmsFolder[] {
  const known = new Set(folders.map((folder) => folder.id));
  return folders
    .filter((folder) =>
      parent === null ? folder.n_parent === null || !known.has(folder.n_parent) : folder.n_parent === parent,
    )
    .sort((a, b) => (a.n_sort ?? 0) - (b.n_sort ?? 0) || a.c_name.localeCompare(b.c_name));
}

/** The upload form's starting values from a folder: its metadata and number parts; the title from the file name. */
export function uploadDefaults(
  filter: FolderFilter,
  folder: DmsFolder | null,
  fileName: string | null,
): Record<string, string> {
  return {
    c_project: filter.project ?? folder?.c_project ?? 'MML3',
    c_originator: folder?.c_originator ?? '',
    c_volume: folder?.c_volume ?? '',
    c_level: folder?.c_level ?? '',
    c_type: folder?.c_type ?? '',
    c_role: folder?.c_role ?? '',
    c_number: '',
    c_title: fileName ? titleFromFileName(fileName) : '',
    c_description: '',
    n_package: filter.package ?? '',
    n_discipline: filter.discipline ?? '',
    n_doc_type: filter.doc_type ?? '',
  };
}

/** "P112_bearing-layout.pdf" → "P112 bearing layout". */
export function titleFromFileName(name: string): string {
  const base = name.replace(/\.[^.]+$/, '');
  return base.replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim();
}
