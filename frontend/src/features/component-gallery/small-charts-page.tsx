/**
 * /graphs/sparklines and /graphs/easy-pie-charts: small charts for one figure or one trend: weekly RFIs per package
 * as sparklines in a table (@mantine/charts' Sparkline), and each package's progress as a ring and a half ring
 * (Mantine's RingProgress and SemiCircleProgress). Sample figures.
 */
import '@mantine/charts/styles.css';

import { Sparkline } from '@mantine/charts';
import { Badge, RingProgress, SemiCircleProgress, SimpleGrid, Stack, Table, Text } from '@mantine/core';

import { useTranslation } from '../../lib/i18n';
import { DemoCard } from './demo-card';
import { PACKAGE_PROGRESS, WEEKLY_RFIS, weeklyChange } from './sample-series';

export function SparklinesPage() {
  const { t } = useTranslation();
  return (
    <DemoCard
      title={t('RFIs raised per week')}
      note={t('The last twelve weeks per package; the change compares the last week with the first.')}
    >
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing="xs" data-testid="sparkline-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('Package')}</Table.Th>
              <Table.Th w={160}>{t('Twelve weeks')}</Table.Th>
              <Table.Th ta="right">{t('Last week')}</Table.Th>
              <Table.Th ta="right">{t('Change')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {WEEKLY_RFIS.map((row) => {
              const change = weeklyChange(row.weeks);
              return (
                <Table.Tr key={row.package}>
                  <Table.Td>
                    <Text fw={600} size="sm">
                      {row.package}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t(row.name)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Sparkline
                      w={150}
                      h={36}
                      data={row.weeks}
                      curveType="monotone"
                      color="blue"
                      fillOpacity={0.3}
                      strokeWidth={1.5}
                      aria-label={`${row.package}: ${row.weeks.join(', ')}`}
                    />
                  </Table.Td>
                  <Table.Td ta="right">{row.weeks[row.weeks.length - 1]}</Table.Td>
                  <Table.Td ta="right">
                    {change === null ? (
                      '—'
                    ) : (
                      <Badge color={change >= 0 ? 'teal' : 'red'} variant="light">
                        {change > 0 ? '+' : ''}
                        {change} %
                      </Badge>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </DemoCard>
  );
}

export function EasyPiePage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <DemoCard title={t('Physical progress per package')} note={t('A ring for one figure: the share done.')}>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md">
          {PACKAGE_PROGRESS.map((pkg) => (
            <Stack key={pkg.package} align="center" gap={4} data-testid="progress-ring">
              <RingProgress
                size={120}
                thickness={12}
                roundCaps
                sections={[{ value: pkg.progress, color: pkg.color }]}
                label={
                  <Text ta="center" fw={700} size="lg">
                    {pkg.progress} %
                  </Text>
                }
              />
              <Text size="sm" fw={600}>
                {pkg.package}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </DemoCard>
      <DemoCard title={t('Half rings')} note={t('The same figures in less height, for a strip of widgets.')}>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md">
          {PACKAGE_PROGRESS.map((pkg) => (
            <Stack key={pkg.package} align="center" gap={4}>
              <SemiCircleProgress
                size={130}
                thickness={12}
                value={pkg.progress}
                filledSegmentColor={pkg.color}
                label={`${pkg.progress} %`}
              />
              <Text size="sm">{pkg.package}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </DemoCard>
    </Stack>
  );
}
