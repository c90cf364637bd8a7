/**
 * The explorer's state: the chosen folder (virtual, from the metadata, or administrator-defined), the open
 * branches of the tree, the page of the folder's documents, the chosen document, and what the user may do here
 * (upload needs Create on the document register; folders are kept on `/administration/explorer` by those who hold
 * its create/update/delete).
 */
import { useContext, useMemo, useState } from 'react';

import { useMe } from '../../api/auth';
import {
  type Folder,
  type SearchHit,
  SearchedRegister,
  useDmsFolders,
  useDmsSearch,
  useFolderScreen,
} from '../../api/dms';
import type { BrowseLevel } from '../../api/schema';
import { useTranslation } from '../../lib/i18n';
import {
  adminFolderFilter,
  ALL,
  type FolderFilter,
  folderKey,
  folderQuery,
  type UploadShape,
  uploadDefaults,
} from './folders';
import { useDocumentRoute, useDocumentScreen } from './use-document-states';

export const EXPLORER_PAGE_SIZE = 20;

export interface ChosenFolder {
  filter: FolderFilter;
  label: string;
  /** The administrator-defined folder, when it is one. */
  folder: Folder | null;
}

/** The root of the tree; its label (English here) is shown in the current language. */
export const ALL_DOCUMENTS = 'All documents';
const ALL_FOLDER: ChosenFolder = { filter: ALL, label: ALL_DOCUMENTS, folder: null };
const NO_LEVELS: readonly BrowseLevel[] = [];

export function useExplorerController() {
  const { t } = useTranslation();
  const me = useMe();
  const superadmin = me.data?.user.superadmin === true;
  const documentRoute = useDocumentRoute();
  const documentActions = documentRoute === undefined ? undefined : me.data?.actions[documentRoute];
  const canUpload = superadmin || documentActions?.create === true;
  const canReviseDocuments = superadmin || documentActions?.update === true;

  const searched = useContext(SearchedRegister);
  const levels = searched?.browse ?? NO_LEVELS;
  const folders = useDmsFolders();
  const documentMeta = useDocumentScreen();
  // What the user may do to the folders is the folder register's actions at this route: none where the registry
  // shows the folders to read only (the document explorer), whatever the route's grant.
  const folderMeta = useFolderScreen();
  const folderTree = folderMeta?.tree;
  const folderActions = {
    create: folderMeta?.actions.create === true,
    update: folderMeta?.actions.update === true,
    delete: folderMeta?.actions.delete === true,
  };
  const administers = folderActions.create || folderActions.update || folderActions.delete;
  const shape: UploadShape = useMemo(
    () => ({
      levels,
      fills: folderTree?.fills ?? [],
      titleColumn: documentMeta?.workflow?.title_column ?? null,
    }),
    [levels, folderTree, documentMeta],
  );
  const [picked, setChosen] = useState<ChosenFolder>(ALL_FOLDER);
  // A folder of the administrator's is shown as it is now: renamed, moved or given other words since it was chosen.
  const chosen = currentOf(picked, folders.data, levels);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set([folderKey(ALL, levels)]));
  const [page, setPage] = useState(1);
  const [documentHit, setDocumentHit] = useState<SearchHit | null>(null);
  const documents = useDmsSearch(folderQuery(chosen.filter, page, EXPLORER_PAGE_SIZE));

  const choose = (next: ChosenFolder) => {
    setChosen(next);
    setPage(1);
    setDocumentHit(null);
  };

  // "All documents" follows the language; other folders are named by their data.
  const isAll = chosen.folder === null && folderKey(chosen.filter, levels) === folderKey(ALL, levels);
  return {
    folders,
    chosen: isAll ? { ...chosen, label: t(ALL_DOCUMENTS) } : chosen,
    /** The facets the virtual folders nest by. */
    levels,
    isChosen: (filter: FolderFilter, folder: Folder | null) =>
      folder
        ? chosen.folder?.id === folder.id
        : chosen.folder === null && folderKey(chosen.filter, levels) === folderKey(filter, levels),
    chooseVirtual: (filter: FolderFilter, label: string) => choose({ filter, label, folder: null }),
    chooseFolder: (folder: Folder) =>
      choose({ filter: adminFolderFilter(folder, levels), label: folder.name, folder }),
    expanded,
    toggle: (key: string) =>
      setExpanded((current) => {
        const next = new Set(current);
        if (next.has(key)) next.delete(key);
        else next.add(key);
        return next;
      }),
    documents,
    page,
    setPage,
    documentHit,
    chooseDocument: setDocumentHit,
    uploadDefaults: (fileName: string | null) =>
      uploadDefaults(chosen.filter, chosen.folder, fileName, shape),
    canUpload,
    canReviseDocuments,
    folderActions,
    administers,
  };
}

export type ExplorerController = ReturnType<typeof useExplorerController>;

/** The chosen folder as the folder register holds it now (the chosen one itself when it is virtual or gone). */
function currentOf(
  chosen: ChosenFolder,
  folders: readonly Folder[] | undefined,
  levels: readonly BrowseLevel[],
): ChosenFolder {
  const held = chosen.folder;
  const now = held === null ? undefined : folders?.find((folder) => folder.id === held.id);
  if (now === undefined || now === held) return chosen;
  return { filter: adminFolderFilter(now, levels), label: now.name, folder: now };
}
