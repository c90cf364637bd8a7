/**
 * /maps: the console's own map: the map dashboard's corridor diagrams (stations by chainage, sections by progress,
 * drawn without map tiles) for those who hold it, and the station master's stations with their chainage, corridor by
 * corridor.
 */
import { Badge, Loader, Stack, Table, Text } from '@mantine/core';

import { useTranslation } from '../../lib/i18n';
import { DashboardView } from '../dashboards';
import { LoadError } from '../notices';
import { DemoCard } from './demo-card';
import { NotHeldNote } from './not-held-note';
import { useHolds } from './use-holds';
import { useStations } from './use-stations';

const MAP_ROUTE = '/dashboard/map';

export function MapsPage() {
  const { t } = useTranslation();
  const holds = useHolds(MAP_ROUTE);
  return (
    <Stack gap="md">
      {holds ? (
        <DemoCard
          title={t('The map dashboard')}
          note={t('The same widgets as Dashboard › Map, with its filters.')}
        >
          <DashboardView
            route={MAP_ROUTE}
            title={t('Map')}
            notBuilt={<Text c="dimmed">{t('No map dashboard yet.')}</Text>}
          />
        </DemoCard>
      ) : (
        <NotHeldNote what={t('The corridor diagrams')} title={t('the map dashboard')} route={MAP_ROUTE} />
      )}
      <StationList />
    </Stack>
  );
}

function StationList() {
  const { t } = useTranslation();
  const stations = useStations();
  if (stations.isPending) return <Loader aria-label={t('Loading the stations')} />;
  if (stations.isError) {
    return (
      <LoadError
        title={t('The stations could not be loaded')}
        error={stations.error}
        retry={() => void stations.refetch()}
      />
    );
  }
  return (
    <DemoCard
      title={t('Stations by chainage')}
      note={
        stations.full
          ? t('From the station master: where each station lies along its corridor.')
          : t('From the station master; their chainage shows to those who hold Masters › Station.')
      }
    >
      <Table.ScrollContainer minWidth={stations.full ? 560 : 280}>
        <Table striped stickyHeader data-testid="station-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('Code')}</Table.Th>
              <Table.Th>{t('Station')}</Table.Th>
              {stations.full ? (
                <>
                  <Table.Th>{t('Corridor')}</Table.Th>
                  <Table.Th>{t('Type')}</Table.Th>
                  <Table.Th ta="right">{t('Chainage (km)')}</Table.Th>
                </>
              ) : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {stations.data.map((station) => (
              <Table.Tr key={station.code}>
                <Table.Td>{station.code}</Table.Td>
                <Table.Td>{station.name}</Table.Td>
                {stations.full ? (
                  <>
                    <Table.Td>{station.corridor ?? '—'}</Table.Td>
                    <Table.Td>
                      {station.type ? (
                        <Badge variant="light" color={station.type === 'Underground' ? 'grape' : 'blue'}>
                          {t(station.type)}
                        </Badge>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                    <Table.Td ta="right">
                      {station.chainageKm === null ? '—' : station.chainageKm.toFixed(3)}
                    </Table.Td>
                  </>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </DemoCard>
  );
}
