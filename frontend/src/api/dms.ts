// Document management (issue 31) as TanStack Query hooks: the engine's upload (a new document, or the next revision
// of one) and search of the register the screen searches (named by the catalogue's `searches`), a document's
// revisions with their files (the catalogue's `search_lines`) and the explorer's folders (the register whose route
// the explorer is, the catalogue's `entry`, through the generic data API). Every call goes through the records
// module; the types are the gateway's (OpenAPI), named for the screens.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';

import { textOf } from '../lib/format';
import type { FormField } from './client';
import { useRecordFiles } from './files';
import * as records from './records';
import type {
  BrowseLevel,
  HitField,
  RecordFile,
  SearchAnswer as EngineSearchAnswer,
  SearchFacetHeading,
  SearchFacetValue,
  SearchHit as EngineSearchHit,
  EntryName,
  ScreenMeta,
  SearchLines,
  TextOutcome,
  TreeMeta,
  Uploaded,
} from './schema';
import { screenKeys, screenQuery } from './screens';

/** A facet's value with the number of hits it would give. */
export type FacetValue = SearchFacetValue;
/** A facet the register declares (or the engine's `updated`), in the answer's order, with its heading. */
export type FacetHeading = SearchFacetHeading;

/**
 * The engine's own facet (every `[full_text]` has it, after the register's): the last change, 7, 30, 365 days or
 * older, sent back as the `from`/`to` dates rather than as a parameter of its name.
 */
export const UPDATED_FACET = 'updated';

/**
 * A record found: the engine's hit with the fields its register's `[full_text].hit` declares, by name (a look-up
 * as `{id, label}`); where a card shows each is the catalogue's `search_hit`.
 */
export type SearchHit = EngineSearchHit & { readonly [field: string]: unknown };
export type SearchAnswer = Omit<EngineSearchAnswer, 'hits'> & { hits: SearchHit[] };

/** What a search screen's catalogue entry says it searches: the register, and the lines holding its files. */
export interface Searched {
  /** The register (`searches`). */
  entry: string;
  /** Its file lines and their key to the record (`search_lines`, from `[full_text].files_in`), when it has them. */
  lines: SearchLines | null;
  /**
   * The register of the screen's own folders, for an explorer: the register whose route the screen is (the
   * catalogue's `entry`), read at that route; none for a search screen.
   */
  folders?: { entry: string; route: string };
  /** The facets an explorer nests its virtual folders by, with their columns (the catalogue's `browse`). */
  browse: readonly BrowseLevel[];
  /** Where a hit's card shows each hit field (the catalogue's `search_hit`). */
  hit: readonly HitField[];
}

/**
 * The register a search screen searches, from its catalogue entry: the screen that draws it provides it, so
 * nothing here names the register or its lines.
 */
export const SearchedRegister = createContext<Searched | undefined>(undefined);

/** The query string of a search: each filter's values comma-separated, as the gateway takes them. */
export type SearchQuery = Record<string, string | number | undefined>;

export const dmsKeys = {
  search: (entry: string, query: SearchQuery) => ['dms', 'search', entry, query] as const,
  folders: (entry: string) => ['dms', 'folders', entry] as const,
  preview: (lines: string, revision: number, file: number) =>
    ['dms', 'preview', lines, revision, file] as const,
};

/**
 * One search (or browse) page with its facets, of the register the screen searches; the previous page stays
 * shown while the next one is read.
 */
export function useDmsSearch(query: SearchQuery, enabled = true) {
  const entry = useContext(SearchedRegister)?.entry;
  return useQuery({
    queryKey: dmsKeys.search(entry ?? '', query),
    enabled: enabled && entry !== undefined,
    staleTime: 10_000,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => records.search<SearchAnswer>(entry ?? '', query, signal),
  });
}

/** What a file gave for search. */
export type ExtractedText = TextOutcome;

/**
 * What an upload made (the register's `[upload]`): the record and the line holding the files, as their registers
 * read them.
 */
export type DocumentCreated = Uploaded;
export type RevisionAdded = DocumentCreated;

export interface DocumentUpload {
  files: readonly File[];
  /** The metadata, by the register's column; empty values are left out (the server's defaults apply). */
  fields: Readonly<Record<string, string>>;
  onProgress?: (share: number) => void;
  signal?: AbortSignal;
}

/** The multipart's text parts: the non-empty metadata, in a stable order. */
export function metadataParts(fields: Readonly<Record<string, string>>): FormField[] {
  return Object.entries(fields)
    .map(([name, value]) => [name, value.trim()] as const)
    .filter(([, value]) => value !== '');
}

/** After a write: the search, the folders' counts and the register's list are read again. */
function useRefreshDocuments() {
  const queryClient = useQueryClient();
  const entry = useContext(SearchedRegister)?.entry ?? '';
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['dms'] }),
      queryClient.invalidateQueries({ queryKey: screenKeys.table(entry) }),
    ]);
}

/** Creates a document with its first revision from the files and the metadata (the register's upload). */
export function useCreateDocument() {
  const refresh = useRefreshDocuments();
  const entry = useContext(SearchedRegister)?.entry ?? '';
  return useMutation({
    mutationFn: ({ files, fields, onProgress, signal }: DocumentUpload) =>
      records.uploadRecord<DocumentCreated>(entry, files, {
        fields: metadataParts(fields),
        onProgress,
        signal,
      }),
    onSuccess: refresh,
  });
}

/** Adds the next revision of a document in WIP (the upload of a record's next line of files). */
export function useAddRevision(documentId: number) {
  const refresh = useRefreshDocuments();
  const entry = useContext(SearchedRegister)?.entry ?? '';
  return useMutation({
    mutationFn: ({ files, fields, onProgress, signal }: DocumentUpload) =>
      records.uploadLine<RevisionAdded>(entry, String(documentId), files, {
        fields: metadataParts(fields),
        onProgress,
        signal,
      }),
    onSuccess: refresh,
  });
}

/** A folder of the administrator's: a record of the explorer's register, read through its tree's columns. */
export interface Folder {
  id: number;
  name: string;
  parent: number | null;
  /** Its place among the folders under the same parent (0 when the register orders by name only). */
  order: number;
  words: string;
  /** Every column as the register holds it: the fields the folder fixes, by the searched register's names. */
  row: Readonly<Record<string, unknown>>;
}

function key(value: unknown): number | null {
  const number = Number(value);
  return value === null || value === undefined || value === '' || !Number.isFinite(number) ? null : number;
}

/** A row of the folder register as a folder, by its tree's columns (`tree` of the metadata). */
export function toFolder(row: Readonly<Record<string, unknown>>, tree: TreeMeta, primaryKey: string): Folder {
  return {
    id: Number(row[primaryKey]),
    name: textOf(row[tree.name]),
    parent: key(row[tree.parent]),
    order: tree.order ? (key(row[tree.order]) ?? 0) : 0,
    words: tree.words ? textOf(row[tree.words]).trim() : '',
    row,
  };
}

/** The folder register's metadata at the explorer's route (its tree, its form), once the catalogue names it. */
export function useFolderScreen(): ScreenMeta | undefined {
  const route = useContext(SearchedRegister)?.folders?.route;
  return useQuery({ ...screenQuery(route ?? ''), enabled: route !== undefined }).data;
}

/**
 * Every folder of the explorer's register the user may read (a handful: read whole), through its tree's columns
 * (the metadata's `tree`). An error (no such register yet) leaves the tree virtual.
 */
export function useDmsFolders() {
  const meta = useFolderScreen();
  const tree = meta?.tree ?? undefined;
  return useQuery({
    queryKey: dmsKeys.folders(meta?.entry ?? ''),
    enabled: meta !== undefined && tree !== undefined,
    staleTime: 60_000,
    retry: false,
    queryFn: async ({ signal }) => {
      if (!meta || !tree) return [];
      const cols = meta.columns.map((column) => column.name).join(',');
      // The metadata's name of a register the registry declares (the gateway refuses any other).
      const rows = await records.selectAll(meta.entry as EntryName, { cols }, signal);
      return rows.map((row) => toFolder(row, tree, meta.primary_key));
    },
  });
}

/** A folder's fields as the folder register's form sends them (its columns, by name). */
export type FolderValues = Readonly<Record<string, unknown>>;

/** Creates, renames or moves (an update) and deletes folders through the generic data API of the folder register. */
export function useFolderChanges() {
  const queryClient = useQueryClient();
  // The metadata's name of a register the registry declares (the gateway refuses any other).
  const entry = (useContext(SearchedRegister)?.folders?.entry ?? '') as EntryName;
  const refresh = () => queryClient.invalidateQueries({ queryKey: dmsKeys.folders(entry) });
  const create = useMutation({
    mutationFn: (values: FolderValues) => records.createRecord(entry, values),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, values }: { id: number; values: FolderValues }) =>
      records.updateRecord(entry, String(id), values),
    onSuccess: refresh,
  });
  const remove = useMutation({
    // The version read with the folder: the gateway refuses a delete without it (428), or of a changed folder (409).
    mutationFn: ({ id, version }: { id: number; version: unknown }) =>
      records.deleteRecord(entry, String(id), String(version ?? '')),
    onSuccess: refresh,
  });
  return { create, update, remove };
}

/** The lines holding the searched register's files, as the screen's catalogue entry names them. */
function useSearchLines(): SearchLines | null {
  return useContext(SearchedRegister)?.lines ?? null;
}

/** A revision's files (the files API of the lines' register). */
export function useRevisionFiles(revision: number) {
  const lines = useSearchLines();
  return useRecordFiles(lines?.entry ?? '', String(revision), lines !== null);
}

/** A revision's file read with the session's header to be shown in the page (`inline`), when there is one. */
export function useRevisionFilePreview(revision: number, file: RecordFile | null) {
  const lines = useSearchLines();
  const entry = lines?.entry ?? '';
  return useQuery({
    queryKey: dmsKeys.preview(entry, revision, file?.id ?? 0),
    enabled: file !== null && lines !== null,
    staleTime: 5 * 60_000,
    queryFn: () => records.readFile(entry, String(revision), file?.id ?? 0, { inline: true }),
  });
}
