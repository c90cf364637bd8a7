// The console's languages as SPEC §7 serves them: `/assets/api/langs/languages.json` lists them (key, alt, title); each
// language's texts are `/assets/api/langs/{key}.json`, loaded by lib/i18n when the language is chosen.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { getJson } from './client';

/** One language of the switcher: its key (`hi`), its English name (`Hindi`) and its own name (`हिन्दी`). */
export interface Language {
  key: string;
  alt: string;
  title: string;
}

export const languagesQuery = queryOptions({
  queryKey: ['languages'],
  queryFn: ({ signal }) => getJson<Language[]>('/assets/api/langs/languages.json', signal),
  staleTime: Infinity,
});

export function useLanguages() {
  return useQuery(languagesQuery);
}
