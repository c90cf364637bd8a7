/**
 * The values an import screen asks once and gives every row (the IPA the quantities go into, the package): the
 * screens' look-up picker, searching the server as the user types, limited to the user's packages where a package
 * is picked.
 */
import { Alert, SimpleGrid } from '@mantine/core';
import { useMemo } from 'react';

import type { ColumnDef, ImportAsk, LookupMeta } from '../../api/schema';
import { useTranslation } from '../../lib/i18n';
import { LookupSelect, useLookupSources } from '../screens';

/**
 * The key column of an asked look-up's entry. The preset names only the entry and its display column
 * (`LookupRef`), not the entry's primary key nor its display columns as `GET /api/screen` does (`LookupMeta`), so
 * the picker takes the registry's usual key `id` and shows the display column alone. Every entry a preset asks
 * today (package, ipa) is keyed by `id`; an entry keyed otherwise would need the gateway to say so.
 */
const ASSUMED_KEY = 'id';

export interface AskPickersProps {
  ask: readonly ImportAsk[];
  values: Readonly<Record<string, string>>;
  onChange: (name: string, value: string) => void;
  disabled?: boolean;
}

export function AskPickers({ ask, values, onChange, disabled }: AskPickersProps) {
  const { t } = useTranslation();
  // The screens' look-up sources, from the preset's look-ups described as columns of a form.
  const columns = useMemo(
    () =>
      ask.flatMap((a): ColumnDef[] =>
        a.lookup
          ? [
              {
                name: a.name,
                label: a.label,
                type: 'bigint',
                required: true,
                lookup: { entry: a.lookup.entry, display: a.lookup.display },
              },
            ]
          : [],
      ),
    [ask],
  );
  const lookups = useMemo(
    () =>
      ask.flatMap((a): LookupMeta[] =>
        a.lookup
          ? [{ entry: a.lookup.entry, primary_key: ASSUMED_KEY, display_columns: [a.lookup.display] }]
          : [],
      ),
    [ask],
  );
  const sources = useLookupSources(columns, lookups);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid="import-ask">
      {ask.map((a) => {
        const source = sources.get(a.name);
        return source ? (
          <LookupSelect
            key={a.name}
            source={source}
            label={a.label}
            description={t('Every row of the file is imported into it.')}
            required
            value={values[a.name] ?? ''}
            onChange={(value) => onChange(a.name, value)}
            disabled={disabled}
          />
        ) : (
          <Alert
            key={a.name}
            color="red"
            title={t('{{column}} cannot be chosen', { column: a.label })}
            role="alert"
          >
            {t(
              "The import screen asks for {{column}} but does not say what it is chosen from. Tell the administrator: the screen's preset needs a look-up column here.",
              { column: a.label },
            )}
          </Alert>
        );
      })}
    </SimpleGrid>
  );
}
