// Files the gateway writes (a register's export, a printed dashboard, a custom report): fetched with the session,
// then saved under the name the gateway gives them (Content-Disposition).
import { useMutation } from '@tanstack/react-query';

import { saveFile } from '../lib/save-file';
import { download } from './client';

/** What to download: the query, and a JSON body to POST (none: a GET). */
export interface DownloadRequest {
  query: [string, string][];
  body?: unknown;
}

/** Saves what `GET path?query` (or `POST` with a body) answers as a file; resolves to its name. */
export function useDownload(path: string) {
  return useMutation({
    mutationFn: async ({ query, body }: DownloadRequest) => {
      const file = await download(path, query, body);
      saveFile(file.blob, file.name);
      return file.name;
    },
  });
}
