import { Group, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';

import { usePackageDetail } from '../../api/console';
import { useTranslation } from '../../lib/i18n';

/**
 * The package strip (docs/console.md §2, §3): sticky under the header on a screen with a chosen package (`?package=N`),
 * showing project, phase, corridor and package; a level only when its number is above 0; hidden without a row.
 */
export function PackageStrip() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const chosen = Number(params.get('package'));
  const packageId = Number.isInteger(chosen) && chosen > 0 ? chosen : null;
  const detail = usePackageDetail(packageId);
  const row = detail.data;
  if (!packageId || !row) return null;
  const levels = [
    [t('Project'), row.n_project, row.project],
    [t('Phase'), row.n_phase, row.phase],
    [t('Corridor'), row.n_corridor, row.corridor],
    [t('Package'), row.n_package, row.package],
  ] as const;
  return (
    <Group
      gap="lg"
      px="md"
      py={6}
      bg="blue.0"
      style={{ position: 'sticky', top: 0, zIndex: 5 }}
      data-testid="package-strip"
    >
      {levels
        .filter(([, id]) => (id ?? 0) > 0)
        .map(([label, , name]) => (
          <Text key={label} size="sm">
            <b>{label}:</b> {name}
          </Text>
        ))}
    </Group>
  );
}
