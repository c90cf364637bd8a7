// The files a record keeps (`attachments` of `GET /api/screen`) as TanStack Query hooks: the list, upload, download,
// delete and restore (a deleted file, within the grace period), called through the records module. Uploads and
// deletions read the list and the record's history again (they appear there as steps).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import * as records from './records';
import type { RecordFile } from './schema';
import { screenKeys } from './screens';

export const fileKeys = {
  files: (entry: string, id: string) => ['files', entry, id] as const,
  deleted: (entry: string, id: string) => ['files', entry, id, 'deleted'] as const,
};

/** A record's files, newest first; read when `enabled` (its tab shown). */
export function useRecordFiles(entry: string, id: string, enabled: boolean) {
  return useQuery({
    queryKey: fileKeys.files(entry, id),
    enabled,
    staleTime: 0,
    queryFn: ({ signal }) => records.listFiles(entry, id, { signal }),
    select: (answer): RecordFile[] => answer.data,
  });
}

/** The record's files deleted and still restorable (the gateway's grace period), newest first. */
export function useDeletedFiles(entry: string, id: string, enabled: boolean) {
  return useQuery({
    queryKey: fileKeys.deleted(entry, id),
    enabled,
    staleTime: 0,
    queryFn: ({ signal }) => records.listFiles(entry, id, { deleted: true, signal }),
    select: (answer): RecordFile[] => answer.data,
  });
}

export interface UploadRequest {
  files: readonly File[];
  /** The share of the bytes sent so far, 0 to 1. */
  onProgress?: (share: number) => void;
  /** Cancels the upload (nothing is attached: the gateway keeps a request's files only once all have arrived). */
  signal?: AbortSignal;
}

/** Changes to a record's files: upload (several at once, with progress), delete, and restore a deleted one. */
export function useRecordFileChanges(entry: string, id: string) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: fileKeys.files(entry, id) }),
      queryClient.invalidateQueries({ queryKey: screenKeys.histories(entry) }),
    ]);
  const add = useMutation({
    mutationFn: ({ files, onProgress, signal }: UploadRequest) =>
      records.addFiles(entry, id, files, { onProgress, signal }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (fileId: number) => records.deleteFile(entry, id, fileId),
    onSuccess: refresh,
  });
  const restore = useMutation({
    mutationFn: (fileId: number) => records.restoreFile(entry, id, fileId),
    onSuccess: refresh,
  });
  return { add, remove, restore };
}

/**
 * A file's bytes (`inline`: as the browser shows it, for a preview); a file of someone else's record is the
 * gateway's to refuse.
 */
export function useFileContent(entry: string, id: string) {
  return useMutation({
    mutationFn: ({ file, inline }: { file: RecordFile; inline: boolean }) =>
      records.readFile(entry, id, file.id, { inline }),
  });
}
