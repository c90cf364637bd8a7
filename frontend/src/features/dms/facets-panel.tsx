/**
 * The search's facets: each value with its count, several chosen at once (a facet's own choice never hides its
 * values). Which facets, in which order and under which heading is the answer's (`headings`: the register's
 * `[full_text]` facets with their columns' labels, then `updated`).
 */
import { Badge, Button, Checkbox, Group, Stack, Text } from '@mantine/core';

import type { FacetHeading, FacetValue, SearchAnswer } from '../../api/dms';
import { groupIndian } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { facetGroups, type SearchFilters } from './search-state';

export interface FacetsPanelProps {
  /** The facets in the register's order with their headings; none before the first answer. */
  headings: readonly FacetHeading[] | undefined;
  facets: SearchAnswer['facets'] | undefined;
  chosen: SearchFilters;
  onToggle: (name: string, value: string) => void;
  onClear: () => void;
  /** A value's label as people read it (a workflow state's label, by the facet's column); the gateway's otherwise. */
  labelOf?: (heading: FacetHeading, value: FacetValue) => string;
}

export function FacetsPanel({ headings, facets, chosen, onToggle, onClear, labelOf }: FacetsPanelProps) {
  const { t } = useTranslation();
  const anyChosen = Object.values(chosen).some((values) => values.length > 0);
  return (
    <Stack gap="md" data-testid="dms-facets">
      {anyChosen && (
        <Button variant="subtle" size="compact-sm" onClick={onClear} style={{ alignSelf: 'flex-start' }}>
          {t('Clear all filters')}
        </Button>
      )}
      {facetGroups(headings, facets, chosen).map((group) => {
        const { name, title, values } = group;
        const picked = chosen[name] ?? [];
        // The heading is the register's column label, translated as column labels are elsewhere.
        const heading = t(title);
        return (
          // 20 px boxes 26 px apart: each keeps a 24 px target of its own (WCAG 2.2 2.5.8).
          <Stack key={name} gap={6} role="group" aria-label={heading}>
            <Text fw={600} size="sm">
              {heading}
            </Text>
            {values.map((value) => (
              <Group key={value.value} justify="space-between" wrap="nowrap" gap="xs">
                <Checkbox
                  size="sm"
                  label={labelOf ? labelOf(group, value) : value.label}
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
