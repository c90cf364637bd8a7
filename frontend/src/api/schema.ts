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
export type GuardMeta = Schemas['GuardMeta'];
export type FollowUpDef = Schemas['FollowUpDef'];
/** What a user may do on a screen beyond opening it. */
export type Actions = Schemas['Actions'];
export type SortMeta = Schemas['SortMeta'];
/** A form section (`sections` of `GET /api/screen`): its title, columns, and the states it shows in. */
export type SectionMeta = Schemas['SectionMeta'];
export type SqlType = Schemas['SqlType'];
/** A page of a registry entry asked of the data table (`t`, paging, search, filters, order, `names`). */
export type DataTableRequest = Schemas['DataTableRequest'];
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
/** A rule over a record and its lines (`rules` of a child): while any line meets `when_any`, the record meets `check`. */
export type LinesRuleMeta = Schemas['LinesRuleMeta'];
/** Lines that start as a chosen record's lines (`prefill` of a child). */
export type PrefillMeta = Schemas['PrefillMeta'];
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
/** The pending list report (`GET /api/reports/pendinglist`): every record waiting on someone, with who. */
export type PendingReport = Schemas['PendingReport'];
export type PendingReportRow = Schemas['PendingReportRow'];
/** The activity wall (`GET /api/activity`): a page of workflow events, newest first. */
export type WallPage = Schemas['WallPage'];
export type WallEvent = Schemas['WallEvent'];
/** The gallery (`GET /api/gallery`): a page of photos attached to records, newest first. */
export type GalleryPage = Schemas['GalleryPage'];
export type GalleryPhoto = Schemas['GalleryPhoto'];
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

/** An import screen's preset (`GET /api/import/screen`): the register it fills, what it asks once, fixed values, mode, key. */
export type ImportPreset = Schemas['ImportScreen'];
/** A column an import screen asks once (a look-up picker). */
export type ImportAsk = Schemas['AskColumn'];
export type ImportLookup = Schemas['LookupRef'];
/** A column an import may fill (`columns` of the preview). */
export type ImportColumn = Schemas['ImportColumn'];
/** A file's first rows and how its headers map (`POST /api/import/{entry}/preview`). */
export type ImportPreview = Schemas['Preview'];
/** A dry run's or a commit's answer (`POST /api/import/{entry}`; also `details` of a refused commit's 422). */
export type ImportSummary = Schemas['ImportSummary'];
/** One refused cell or row of an import. */
export type ImportRowError = Schemas['RowError'];
/** The server's progress of a run (`GET /api/import/progress/{key}`). */
export type ImportProgress = Schemas['ProgressAnswer'];
/** One run of the import log (`GET /api/import/runs`). */
export type ImportRun = Schemas['RunSummary'];

/** The engine's full-text search of a register with `[full_text]` (`GET /api/data/{entry}/search`). */
export type SearchHit = Schemas['SearchHit'];
export type SearchFacetValue = Schemas['FacetValue'];
export type SearchAnswer = Schemas['SearchAnswer'];
/** A facet of a search's answer in the register's order, with its column's label (`headings`). */
export type SearchFacetHeading = Schemas['FacetHeading'];
/** The lines holding a searched register's files (a search screen's `search_lines` in the catalogue). */
export type SearchLines = Schemas['SearchLines'];
export type BrowseLevel = Schemas['BrowseLevel'];
export type HitField = Schemas['HitField'];
export type HitPlace = Schemas['HitPlace'];
export type TreeMeta = Schemas['TreeMeta'];
export type CalendarDef = Schemas['CalendarDef'];
/** A record uploaded with its files, or the next line of files of one (a register's `[upload]`). */
export type Uploaded = Schemas['Uploaded'];
export type TextOutcome = Schemas['TextOutcome'];
/** A custom report's definition (`/reports/customreports`): a register, columns or a grouping, a filter, an order. */
export type ReportDefinition = Schemas['ReportDefinition'];
export type MeasureDef = Schemas['MeasureDef'];
export type AggregateName = Schemas['AggregateName'];
export type SortDef = Schemas['SortDef'];
export type ReportSchedule = Schemas['ReportSchedule'];
/** A saved custom report as its reader sees it (theirs, or shared with them). */
export type SavedReport = Schemas['SavedReport'];
export type ReportInput = Schemas['ReportInput'];
/** A custom report's answer: columns (with how to show their values) and rows of texts. */
export type ReportAnswer = Schemas['ReportAnswer'];
export type ReportColumn = Schemas['ReportColumn'];
export type ValueKind = Schemas['ValueKind'];
/** A register one may report on, with its readable columns. */
export type ReportRegister = Schemas['ReportRegister'];
export type ReportRegisterColumn = Schemas['ReportRegisterColumn'];

/** The mail view (`/api/mail/*`): a folder with its counts, a page of messages, one message. */
export type MailFolder = Schemas['FolderCount'];
export type MailPage = Schemas['MessagePage'];
export type MailSummary = Schemas['MessageSummary'];
export type MailMessage = Schemas['Message'];
