/**
 * The mail view, headless: the folder and the open message live in the address (`?folder=…&message=…`, so Back
 * and a shared link work), the search and the unread filter in the page; the list is read a page at a time.
 */
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

import { useMailAttachment, useMailFolders, useMailList, useMailMessage, useMarkRead } from '../../api/mail';

export function useOutlook() {
  const [params, setParams] = useSearchParams();
  const folder = params.get('folder') ?? 'inbox';
  const opened = Number(params.get('message') ?? '') || null;
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(search.trim(), 300);
  const [unreadOnly, setUnreadOnly] = useState(false);

  const folders = useMailFolders();
  const list = useMailList(folder, typed, unreadOnly);
  const message = useMailMessage(opened);
  const markRead = useMarkRead();
  const attachment = useMailAttachment();

  const messages = useMemo(() => list.data?.pages.flatMap((page) => page.messages) ?? [], [list.data]);

  const go = (next: { folder?: string; message?: number | null }) => {
    setParams((before) => {
      const query = new URLSearchParams(before);
      if (next.folder !== undefined) {
        query.set('folder', next.folder);
        query.delete('message');
      }
      if (next.message !== undefined) {
        if (next.message === null) query.delete('message');
        else query.set('message', String(next.message));
      }
      return query;
    });
  };

  return {
    folder,
    folders,
    messages,
    list,
    opened,
    message,
    search,
    setSearch,
    unreadOnly,
    setUnreadOnly,
    openFolder: (key: string) => go({ folder: key }),
    openMessage: (id: number | null) => go({ message: id }),
    /** Closes the message first: an open message is read again when its data is refreshed. */
    markUnread: async (id: number) => {
      go({ message: null });
      await markRead.mutateAsync({ id, read: false });
    },
    download: (file: number) => {
      if (opened !== null) attachment.mutate({ message: opened, file });
    },
    downloading: attachment.isPending,
  };
}
