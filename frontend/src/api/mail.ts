// The mail view's calls (`/api/mail/*`, docs/console.md "Mail"): folders with counts, a folder's pages of messages,
// one message (the gateway marks it read), read/unread, an attachment saved as a file.
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';

import { saveFile } from '../lib/save-file';
import { download, request } from './client';
import type { MailFolder, MailMessage, MailPage } from './schema';

export const mailKeys = {
  all: ['mail'] as const,
  folders: () => [...mailKeys.all, 'folders'] as const,
  list: (folder: string, search: string, unread: boolean) =>
    [...mailKeys.all, 'list', folder, search, unread] as const,
  message: (id: number) => [...mailKeys.all, 'message', id] as const,
};

export function useMailFolders() {
  return useQuery({
    queryKey: mailKeys.folders(),
    queryFn: ({ signal }) => request<MailFolder[]>('/api/mail/folders', { signal }),
    refetchInterval: 60_000,
  });
}

export function useMailList(folder: string, search: string, unread: boolean) {
  return useInfiniteQuery({
    queryKey: mailKeys.list(folder, search, unread),
    initialPageParam: undefined as number | undefined,
    placeholderData: keepPreviousData,
    queryFn: ({ pageParam, signal }) =>
      request<MailPage>('/api/mail/messages', {
        query: { folder, q: search || undefined, unread: unread ? '1' : undefined, before: pageParam },
        signal,
      }),
    getNextPageParam: (page) => page.next ?? undefined,
    refetchInterval: 60_000,
  });
}

/** One message; reading it marks it read, so the folders' counts and the list are read again. */
export function useMailMessage(id: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: mailKeys.message(id ?? 0),
    enabled: id !== null,
    queryFn: async ({ signal }) => {
      const message = await request<MailMessage>(`/api/mail/messages/${id ?? 0}`, { signal });
      void queryClient.invalidateQueries({ queryKey: mailKeys.folders() });
      void queryClient.invalidateQueries({ queryKey: [...mailKeys.all, 'list'] });
      return message;
    },
  });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, read }: { id: number; read: boolean }) =>
      request<unknown>(`/api/mail/messages/${id}/read`, { method: 'PUT', body: { read } }),
    // Not the message itself: reading it again would mark it read again.
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: mailKeys.folders() });
      await queryClient.invalidateQueries({ queryKey: [...mailKeys.all, 'list'] });
    },
  });
}

export function useMailAttachment() {
  return useMutation({
    mutationFn: async ({ message, file }: { message: number; file: number }) => {
      const saved = await download(`/api/mail/messages/${message}/attachments/${file}`, []);
      saveFile(saved.blob, saved.name);
      return saved.name;
    },
  });
}
