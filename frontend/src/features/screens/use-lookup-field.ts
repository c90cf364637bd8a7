/**
 * A look-up input, headless: the chosen row's name ("C1-V01 — Viaduct …") read by its key, and the options read on
 * the server once the list is opened: the first `LOOKUP_PAGE` rows; when the look-up has no more rows than that,
 * typing filters them in the browser (as a small list always did), else each pause in typing asks the server for
 * the rows matching the text (code or name, any case). The view (`LookupSelect`) only draws what it gets.
 */
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';

import { useLookupLabel, useLookupPage } from '../../api/screens';
import { translate } from '../../lib/i18n';
import type { LookupOption } from '../../lib/lookup-choices';
import { LOOKUP_PAGE, type LookupSource } from '../../lib/lookup-search';

/** A heading over the options when more rows match than are shown. */
export interface LookupOptionGroup {
  group: string;
  items: LookupOption[];
}

/** How long typing pauses before the server is asked. */
const TYPING_PAUSE_MS = 250;

export function useLookupField(source: LookupSource, value: string, readOnly: boolean) {
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const chosen = useLookupLabel(source, value);
  const chosenLabel = chosen.data?.label;
  // The input shows the chosen row's name while nothing else is typed: that is not a search.
  const typed = search === chosenLabel ? '' : search;
  const [text] = useDebouncedValue(typed.trim(), TYPING_PAUSE_MS);
  const wanted = opened && !readOnly;
  const first = useLookupPage(source, '', wanted);
  // Everything fits in the first page: the browser filters it.
  const small = first.data !== undefined && first.data.matching <= LOOKUP_PAGE;
  const searching = !small && text !== '';
  const found = useLookupPage(source, text, wanted && searching);
  const page = searching ? found : first;

  const options = useMemo(() => {
    const shown = page.data?.options ?? [];
    // The chosen row is always an option (else the input could not name it).
    const withChosen =
      value !== '' && !shown.some((option) => option.value === value)
        ? [{ value, label: chosenLabel ?? value }, ...shown]
        : shown;
    return withChosen;
  }, [page.data, value, chosenLabel]);

  const matching = page.data?.matching ?? 0;
  const read = page.data?.options.length ?? 0;
  const data: (LookupOption | LookupOptionGroup)[] =
    !small && matching > read
      ? [
          {
            group: translate('First {{read}} of {{matching}}: type to narrow', { read, matching }),
            items: options,
          },
        ]
      : options;

  return {
    data,
    /** The options as the server chose them (no filtering in the browser), unless the look-up is small. */
    filtersInBrowser: small,
    search,
    setSearch,
    setOpened,
    loading: wanted && (page.isPending || page.isPlaceholderData || (searching && typed.trim() !== text)),
    failed: page.isError,
  };
}
