/**
 * /tables/datatables: the console's own data table: a master register (Station, else Corridor, whichever the user
 * holds) in the screen engine (`ScreenPage`): server-side paging, sorting, column filters, search, exports and, for
 * those allowed, its form. What a register looks like before a screen designer changes anything.
 */
import { Stack, Text } from '@mantine/core';

import { useTranslation } from '../../lib/i18n';
import { ScreenPage } from '../screens';
import { DemoCard } from './demo-card';
import { NotHeldNote } from './not-held-note';
import { useHolds } from './use-holds';
import { STATION_ROUTE } from './use-stations';

const CORRIDOR_ROUTE = '/masters/corridor';

export function DatatablesPage() {
  const { t } = useTranslation();
  const station = useHolds(STATION_ROUTE);
  const corridor = useHolds(CORRIDOR_ROUTE);
  const route = station ? STATION_ROUTE : corridor ? CORRIDOR_ROUTE : null;
  if (!route) {
    return <NotHeldNote what={t('The register')} title={t('Masters › Station')} route={STATION_ROUTE} />;
  }
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {route === STATION_ROUTE
          ? t(
              'The register below is the real Station master ({{route}}): what you change here is changed there.',
              {
                route,
              },
            )
          : t(
              'The register below is the real Corridor master ({{route}}): what you change here is changed there.',
              {
                route,
              },
            )}
      </Text>
      <DemoCard
        title={t('A register in the screen engine')}
        note={t('Sort by a column’s header, filter under it, page at the foot.')}
      >
        <ScreenPage route={route} notAScreen={<Text c="dimmed">{t('This register has no screen.')}</Text>} />
      </DemoCard>
    </Stack>
  );
}
