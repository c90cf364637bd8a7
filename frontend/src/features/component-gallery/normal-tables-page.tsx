/**
 * /tables/normal-tables: plain tables as dashboards, reports and the record pages draw them, on real data: your
 * packages (the package strip's view) striped with a hover, the same compact with borders, and the stations with a
 * sticky header, scrolling inside their box. On a phone each table scrolls sideways inside itself.
 */
import { Loader, ScrollArea, Table, Text } from '@mantine/core';

import { useMe } from '../../api/auth';
import { useTranslation } from '../../lib/i18n';
import { LoadError } from '../notices';
import { CardGrid } from './card-grid';
import { DemoCard } from './demo-card';
import { usePackageDetails } from './use-package-details';
import { useStations } from './use-stations';

export function NormalTablesPage() {
  const { t } = useTranslation();
  const details = usePackageDetails();
  const mine = useMe().data?.packages;
  if (details.isPending) return <Loader aria-label={t('Loading the packages')} />;
  if (details.isError) {
    return (
      <LoadError
        title={t('The packages could not be loaded')}
        error={details.error}
        retry={() => void details.refetch()}
      />
    );
  }
  const rows = details.data.filter(
    (row) => !mine || (row.n_package !== null && mine.includes(row.n_package)),
  );
  const head = (
    <Table.Thead>
      <Table.Tr>
        <Table.Th>{t('Package')}</Table.Th>
        <Table.Th>{t('Corridor')}</Table.Th>
        <Table.Th>{t('Phase')}</Table.Th>
        <Table.Th>{t('Project')}</Table.Th>
      </Table.Tr>
    </Table.Thead>
  );
  const body = (
    <Table.Tbody>
      {rows.map((row) => (
        <Table.Tr key={`${row.n_phase}-${row.n_package}`}>
          <Table.Td>{row.package}</Table.Td>
          <Table.Td>{row.corridor}</Table.Td>
          <Table.Td>{row.phase}</Table.Td>
          <Table.Td>{row.project}</Table.Td>
        </Table.Tr>
      ))}
    </Table.Tbody>
  );
  return (
    <CardGrid>
      <DemoCard
        title={t('Striped, with a hover')}
        note={mine ? t('Your packages.') : t('Every package (you are not limited to some).')}
      >
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover data-testid="packages-table">
            {head}
            {body}
          </Table>
        </Table.ScrollContainer>
      </DemoCard>
      <DemoCard title={t('Compact, with borders')} note={t('Dense lists in reports and printouts.')}>
        <Table.ScrollContainer minWidth={640}>
          <Table withTableBorder withColumnBorders verticalSpacing={4} fz="xs">
            {head}
            {body}
          </Table>
        </Table.ScrollContainer>
      </DemoCard>
      <StationsTable />
    </CardGrid>
  );
}

function StationsTable() {
  const { t } = useTranslation();
  const stations = useStations();
  return (
    <DemoCard
      title={t('Sticky header')}
      note={t('The header stays while the stations scroll inside the box.')}
    >
      {stations.isPending ? (
        <Loader size="sm" aria-label={t('Loading the stations')} />
      ) : stations.isError ? (
        <Text c="red" size="sm">
          {t('The stations could not be loaded.')}
        </Text>
      ) : (
        <ScrollArea h={260} type="auto">
          <Table stickyHeader striped miw={360}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('Code')}</Table.Th>
                <Table.Th>{t('Station')}</Table.Th>
                {stations.full ? <Table.Th ta="right">{t('Chainage (km)')}</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {stations.data.map((station) => (
                <Table.Tr key={station.code}>
                  <Table.Td>{station.code}</Table.Td>
                  <Table.Td>{station.name}</Table.Td>
                  {stations.full ? (
                    <Table.Td ta="right">
                      {station.chainageKm === null ? '—' : station.chainageKm.toFixed(3)}
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </DemoCard>
  );
}
