/**
 * A record's Files tab, headless (registers with `attachments`): the list (read when the tab is shown), uploads of
 * several files at once with the share sent so far, downloads, previews of images (in the console) and PDFs (in a
 * new tab, the browser's own viewer), and deletion after the confirmation of docs/console.md §5. The gateway's
 * refusals (413 too large, 415 a type not accepted or a program) are shown as it words them, in the §8 notice and
 * above the list. Adding and deleting take Update on the register (or being the person the record waits on);
 * without it the tab is read only. The view (`RecordFiles`) only draws what it gets.
 */
import { useEffect, useRef, useState } from 'react';

import { useDeletedFiles, useFileContent, useRecordFileChanges, useRecordFiles } from '../../api/files';
import type { RecordFile, ScreenMeta, StateDef } from '../../api/schema';
import {
  CONFIRM_DELETE,
  confirm,
  errorMessage,
  noticeDeclined,
  noticeError,
  noticeInfo,
  noticeSuccess,
} from '../notices';
import { translate } from '../../lib/i18n';
import { isChangeable, stateLabel } from './workflow';

/** How a file can be shown in the browser: an image in the console, a PDF in a new tab, or not at all. */
export type PreviewKind = 'image' | 'pdf' | null;

/** Images browsers draw, and PDFs; anything else is downloaded. */
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp'];

export function previewKind(file: Pick<RecordFile, 'content_type' | 'name'>): PreviewKind {
  const type = file.content_type.split(';')[0]?.trim().toLowerCase() ?? '';
  if (IMAGE_TYPES.includes(type)) return 'image';
  if (type === 'application/pdf') return 'pdf';
  return null;
}

/** The image being shown: its file and the address of its bytes in the browser. */
export interface ShownImage {
  file: RecordFile;
  url: string;
}

/** Saves bytes under a name, as a download of the browser. */
function saveAs(blob: Blob, name: string) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

export function useRecordFilesTab(
  meta: ScreenMeta,
  recordKey: string,
  active: boolean,
  recordState?: StateDef,
) {
  const files = useRecordFiles(meta.entry, recordKey, active);
  const { add, remove, restore } = useRecordFileChanges(meta.entry, recordKey);
  const content = useFileContent(meta.entry, recordKey);
  const [progress, setProgress] = useState<number | null>(null);
  const [sending, setSending] = useState<string[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [image, setImage] = useState<ShownImage | null>(null);
  const uploading = useRef<AbortController | null>(null);
  // Files change while the record may (not once closed or submitted with nothing editable).
  const permitted = meta.actions.update || meta.waiting_only === true;
  const open = isChangeable(recordState);
  const canChange = permitted && open;
  // Why the tab is read only, in the words that fit: the record's state first, then the permission.
  const readOnlyReason = !open
    ? recordState
      ? translate('Read only: the record is {{state}}; its files no longer change.', {
          state: stateLabel(recordState),
        })
      : translate('Read only: the record is closed; its files no longer change.')
    : !permitted
      ? translate('Read only: attaching and removing files needs Update on this register.')
      : null;
  const deleted = useDeletedFiles(meta.entry, recordKey, active && canChange);

  // The shown image's bytes are let go once it is closed (or the tab goes).
  useEffect(() => (image ? () => URL.revokeObjectURL(image.url) : undefined), [image]);

  const uploadFiles = async (chosen: readonly File[]) => {
    if (!canChange || chosen.length === 0 || add.isPending) return;
    setRefusal(null);
    setSending(chosen.map((file) => file.name));
    setProgress(0);
    const controller = new AbortController();
    uploading.current = controller;
    try {
      const reply = await add.mutateAsync({
        files: chosen,
        onProgress: setProgress,
        signal: controller.signal,
      });
      noticeSuccess(reply.message || 'Uploaded Successfully');
    } catch (error) {
      if (controller.signal.aborted) noticeInfo('Upload cancelled', 'Nothing was attached.');
      else {
        setRefusal(errorMessage(error));
        noticeError(error);
      }
    } finally {
      uploading.current = null;
      setProgress(null);
      setSending([]);
    }
  };

  /** Stops the upload under way; the gateway attaches nothing of it. */
  const cancelUpload = () => uploading.current?.abort();

  const destroy = async (file: RecordFile) => {
    if (!canChange) return;
    if (!(await confirm(CONFIRM_DELETE))) {
      noticeDeclined('Submitting Details');
      return;
    }
    try {
      const reply = await remove.mutateAsync(file.id);
      noticeSuccess(reply.message || 'Deleted Successfully');
    } catch (error) {
      noticeError(error);
    }
  };

  const bringBack = async (file: RecordFile) => {
    if (!canChange) return;
    try {
      const reply = await restore.mutateAsync(file.id);
      noticeSuccess(reply.message || 'Restored Successfully');
    } catch (error) {
      noticeError(error);
    }
  };

  const downloadFile = async (file: RecordFile) => {
    try {
      const { blob } = await content.mutateAsync({ file, inline: false });
      saveAs(blob, file.name);
    } catch (error) {
      noticeError(error);
    }
  };

  /**
   * Shows a file: an image in a window of the console; a PDF in a new tab (opened at once, while the click still
   * counts as the user's, then given the bytes: the gateway wants the session's header, which a plain link cannot
   * send).
   */
  const preview = async (file: RecordFile) => {
    const kind = previewKind(file);
    if (kind === null) return downloadFile(file);
    const tab = kind === 'pdf' ? window.open('', '_blank') : null;
    try {
      const { blob } = await content.mutateAsync({ file, inline: true });
      const typed = blob.type ? blob : new Blob([blob], { type: file.content_type });
      const url = URL.createObjectURL(typed);
      if (kind === 'image') setImage({ file, url });
      else if (tab) {
        tab.location.href = url;
        setTimeout(() => URL.revokeObjectURL(url), 60_000);
      } else window.location.assign(url);
    } catch (error) {
      tab?.close();
      noticeError(error);
    }
  };

  return {
    files: files.data,
    loading: active && files.isPending,
    loadError: files.isError ? files.error : null,
    canChange,
    cancelUpload,
    readOnlyReason,
    /** Files deleted from the record that can still be restored (shown to those who may change the files). */
    deleted: deleted.data ?? [],
    bringBack,
    restoring: restore.isPending ? restore.variables : null,
    uploadFiles,
    /** The share sent of the upload under way (0 to 1), null when none. */
    progress,
    /** The names of the files being sent. */
    sending,
    /** The gateway's reason for refusing the last upload. */
    refusal,
    dismissRefusal: () => setRefusal(null),
    destroy,
    deleting: remove.isPending ? remove.variables : null,
    downloadFile,
    preview,
    opening: content.isPending ? content.variables.file.id : null,
    image,
    closeImage: () => setImage(null),
  };
}

export type RecordFilesController = ReturnType<typeof useRecordFilesTab>;
