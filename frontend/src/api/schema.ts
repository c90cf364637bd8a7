/**
 * Names for the gateway's types, all generated from its OpenAPI document (`openapi.gen.ts`, `npm run api-types`):
 * the console copies none of them by hand.
 */
import type { components } from './openapi.gen';

type Schemas = components['schemas'];

export type Me = Schemas['Me'];
export type MeUser = Schemas['MeUser'];
export type NavItem = Schemas['NavItem'];
/** One screen of the console's catalogue (`/api/auth/me`): route, title, menu group, kind and component. */
export type Screen = Schemas['Screen'];
export type ScreenKind = Schemas['ScreenKind'];
export type SignedIn = Schemas['SignedIn'];
export type Register = Schemas['Register'];
/** docs/console.md §7's write replies. */
export type Outcome = Schemas['Outcome'];

export type ScreenMeta = Schemas['ScreenMeta'];
/** One column as `GET /api/screen` describes it (the registry's column definition). */
export type ColumnDef = Schemas['ColumnDef'];
export type LookupMeta = Schemas['LookupMeta'];
/** A rule over several fields: the message under each of `fields` when `check` (a condition tree) is false. */
export type RuleMeta = Schemas['RuleMeta'];
/** What a user may do on a screen beyond opening it. */
export type Actions = Schemas['Actions'];
export type SortMeta = Schemas['SortMeta'];
/** A form section (`sections` of `GET /api/screen`): its title, columns, and the states it shows in. */
export type SectionMeta = Schemas['SectionMeta'];
export type SqlType = Schemas['SqlType'];
export type DataTableAnswer = Schemas['DataTableAnswer'];
export type WriteReply = Schemas['WriteReply'];

/** A register's business process (`workflow` of `GET /api/screen`): states, transitions, who is in court, the due date. */
export type WorkflowDef = Schemas['WorkflowDef'];
export type StateDef = Schemas['StateDef'];
export type StateCategory = Schemas['StateCategory'];
export type TransitionDef = Schemas['TransitionDef'];
export type WhoDef = Schemas['WhoDef'];
/** Who may be picked for a user column (`workflow.people` of `GET /api/screen`). */
export type PeopleRule = Schemas['PeopleRule'];
/** Who may change which fields and lines (`workflow.editors`). */
export type EditorsDef = Schemas['EditorsDef'];
/** A condition a transition needs (`guards` of a transition). */
export type GuardDef = Schemas['GuardDef'];
/** The people a user column may be given (`GET /api/data/{entry}/people/{column}`). */
export type PeopleAnswer = Schemas['PeopleAnswer'];
export type CommentRule = Schemas['CommentRule'];
/** The server-assigned document number of a register (`numbering` of `GET /api/screen`). */
export type NumberingDef = Schemas['NumberingDef'];
export type TransitionBody = Schemas['TransitionBody'];
/** One step of a record's life (`GET /api/data/{entry}/{id}/history`), newest first. */
export type HistoryEntry = Schemas['HistoryEntry'];
export type HistoryAnswer = Schemas['HistoryAnswer'];
export type FieldChange = Schemas['FieldChange'];
/** A child register edited in the parent's form (`children` of `GET /api/screen`); `screen` is its own description. */
export type ChildMeta = Schemas['ChildMeta'];
/** A file kept with a record (`GET /api/data/{entry}/{id}/files`), newest first. */
export type RecordFile = Schemas['RecordFile'];
export type FilesAnswer = Schemas['FilesAnswer'];
export type FilesAdded = Schemas['FilesAdded'];

export type AdminReply = Schemas['AdminReply'];
export type NewUser = Schemas['NewUser'];
export type UserChanges = Schemas['UserChanges'];
export type Copy = Schemas['Copy'];
export type Routes = Schemas['Routes'];

export type ReminderBody = Schemas['ReminderBody'];
export type ReminderReply = Schemas['ReminderReply'];
export type PendingGroup = Schemas['PendingGroup'];
export type PendingDocument = Schemas['PendingDocument'];
export type BannerMessage = Schemas['BannerMessage'];
export type HealthReport = Schemas['HealthReport'];
export type ErrorBody = Schemas['ErrorBody'];

/** A registered entry's name (`t` of selectall and the data table). */
export type EntryName = Schemas['EntryName'];

type EntrySchema<E extends string> = `entry.${E}` extends keyof Schemas ? Schemas[`entry.${E}`] : never;

/** A row of entry `E` as selectall answers it when asked for the columns `K` (each of them present). */
export type EntryRow<E extends string, K extends keyof EntrySchema<E>> = {
  [P in K]-?: EntrySchema<E>[P];
};

// TEMPORARY (until the importer's OpenAPI is generated): the generic importer's answers, from its contract.
export type ImportMode = 'insert' | 'update' | 'upsert';
export interface ImportLookup {
  entry: string;
  display: string;
  primary_key?: string;
  display_columns?: string[];
}
export interface ImportAsk {
  name: string;
  label: string;
  lookup: ImportLookup;
}
export interface ImportPreset {
  route: string;
  title: string;
  entry: string;
  entry_title: string;
  ask: ImportAsk[];
  fixed: Record<string, string | number>;
  mode: ImportMode;
  key: string[];
  mapping: Record<string, string>;
  notes: string | null;
}
export interface ImportColumn {
  name: string;
  label: string;
  type: string;
  required: boolean;
  enum: string[] | null;
  lookup: ImportLookup | null;
  key_candidate: boolean;
}
export interface ImportPreview {
  file_name: string;
  format: 'csv' | 'xlsx';
  encoding: string | null;
  delimiter: string | null;
  sheets: string[];
  sheet: string | null;
  headers: string[];
  rows: string[][];
  columns: ImportColumn[];
  mapping: Record<string, string | null>;
  saved_mapping: boolean;
  keys: string[][];
}
export interface ImportOptions {
  dry_run: boolean;
  mode: ImportMode;
  key: string[];
  valid_only: boolean;
  sheet: string | null;
  progress: string;
  route: string | null;
}
export interface ImportRowError {
  row: number;
  column: string | null;
  label: string | null;
  value: string | null;
  message: string;
}
export interface ImportSummary {
  run: number;
  dry_run: boolean;
  committed: boolean;
  file_name: string;
  sha256: string;
  rows_read: number;
  inserted: number;
  updated: number;
  refused: number;
  errors: ImportRowError[];
  errors_total: number;
  error_report: string;
}
export interface ImportProgress {
  phase: 'reading' | 'writing' | 'checking' | 'done';
  bytes_read: number;
  bytes_total: number;
  rows_read: number;
}
export interface ImportRun {
  id: number;
  user_name: string | null;
  entry: string;
  route: string | null;
  file_name: string;
  format: string;
  mode: ImportMode;
  dry_run: boolean;
  status: 'checked' | 'committed' | 'refused' | 'failed';
  rows_read: number;
  inserted: number;
  updated: number;
  refused: number;
  started: string;
  finished: string | null;
  message: string | null;
}
