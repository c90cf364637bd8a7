/** The search's facets: each value with its count, several chosen at once (a facet's own choice never hides its values). */
import { Badge, Button, Checkbox, Group, Stack, Text } from '@mantine/core';

import { FACET_NAMES, type FacetName, type FacetValue, type SearchAnswer } from '../../api/dms';
import { groupIndian } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';

export const FACET_LABELS: Readonly<Record<FacetName, string>> = {
  project: 'Project',
  package: 'Package',
  discipline: 'Discipline',
  doc_type: 'Document type',
  state: 'State',
  status_code: 'Status',
  updated: 'Updated',
};

export interface FacetsPanelProps {
  facets: SearchAnswer['facets'] | undefined;
  chosen: Partial<Record<FacetName, string[]>>;
  onToggle: (name: FacetName, value: string) => void;
  onClear: () => void;
  /** A value's label as people read it (a workflow state's label); the gateway's label otherwise. */
  labelOf?: (name: FacetName, value: FacetValue) => string;
}

export function FacetsPanel({ facets, chosen, onToggle, onClear, labelOf }: FacetsPanelProps) {
  const { t } = useTranslation();
  const anyChosen = Object.values(chosen).some((values) => (values?.length ?? 0) > 0);
  return (
    <Stack gap="md" data-testid="dms-facets">
      {anyChosen && (
        <Button variant="subtle" size="compact-sm" onClick={onClear} style={{ alignSelf: 'flex-start' }}>
          {t('Clear all filters')}
        </Button>
      )}
      {FACET_NAMES.map((name) => {
        const values = facets?.[name] ?? [];
        const picked = chosen[name] ?? [];
        // A chosen value the answer no longer lists stays visible, so it can be turned off.
        const missing = picked.filter((value) => !values.some((v) => v.value === value));
        if (values.length === 0 && missing.length === 0) return null;
        return (
          // 20 px boxes 26 px apart: each keeps a 24 px target of its own (WCAG 2.2 2.5.8).
          <Stack key={name} gap={6} role="group" aria-label={t(FACET_LABELS[name])}>
            <Text fw={600} size="sm">
              {t(FACET_LABELS[name])}
            </Text>
            {[...values, ...missing.map((value) => ({ value, label: value, count: 0 }))].map((value) => (
              <Group key={value.value} justify="space-between" wrap="nowrap" gap="xs">
                <Checkbox
                  size="sm"
                  label={labelOf ? labelOf(name, value) : value.label}
                  checked={picked.includes(value.value)}
                  onChange={() => onToggle(name, value.value)}
                  styles={{ label: { overflowWrap: 'anywhere' } }}
                />
                <Badge variant="light" color="gray" size="sm" style={{ flexShrink: 0 }}>
                  {groupIndian(value.count, 0)}
                </Badge>
              </Group>
            ))}
          </Stack>
        );
      })}
    </Stack>
  );
}
