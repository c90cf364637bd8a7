/**
 * /misc/invoice: an interim payment certificate as it prints: the certificate's heading, the bill's BOQ lines with
 * their amounts, the work done, each deduction and the net amount payable, all in Indian grouping (worked out in
 * whole paise). Sample certificate C1-V01-IPC-014.
 */
import { Button, Divider, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';

import { useMe } from '../../api/auth';
import { formatDocumentDate, groupIndian } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { INVOICE_LINES, IPC_DEDUCTIONS } from './ipc-sample';
import { ipcTotals } from './ipc-totals';
import { inRupees } from './money-text';

/** The sample certificate and its parties (data). */
const IPC_NUMBER = 'C1-V01-IPC-014';
const CONTRACTOR = 'Coastal Constructions Ltd';
const EMPLOYER = 'Metro Rail Corporation';

export function InvoicePage() {
  const { t } = useTranslation();
  const totals = ipcTotals(INVOICE_LINES, IPC_DEDUCTIONS);
  const me = useMe().data?.user;
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
          {t('Print')}
        </Button>
      </Group>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} data-testid="invoice">
        <Stack gap="md">
          <Group justify="space-between" align="start">
            <Stack gap={2}>
              <Title order={3}>{t('Interim Payment Certificate')}</Title>
              <Text fw={600}>{IPC_NUMBER}</Text>
              <Text size="sm" c="dimmed">
                {t('Work done in November 2026')}
              </Text>
            </Stack>
            <Stack gap={2} ta="right">
              <Text size="sm">{t('Certified on {{date}}', { date: formatDocumentDate('2026-12-12') })}</Text>
              <Text size="sm">{t('Contract {{contract}}', { contract: 'C1-V01' })}</Text>
            </Stack>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                {t('Contractor')}
              </Text>
              <Text size="sm" fw={600}>
                {CONTRACTOR}
              </Text>
              <Text size="sm">{t('Viaduct and 6 elevated stations, Airport to Riverside')}</Text>
            </Stack>
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                {t('Employer')}
              </Text>
              <Text size="sm" fw={600}>
                {EMPLOYER}
              </Text>
              <Text size="sm">{t('Blue Line Metro Rail Project, Phase 1')}</Text>
            </Stack>
          </SimpleGrid>
          <Table.ScrollContainer minWidth={640}>
            <Table withTableBorder withColumnBorders data-testid="invoice-lines">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('Item')}</Table.Th>
                  <Table.Th>{t('Description')}</Table.Th>
                  <Table.Th ta="right">{t('Quantity')}</Table.Th>
                  <Table.Th>{t('Unit')}</Table.Th>
                  <Table.Th ta="right">{t('Rate (₹)')}</Table.Th>
                  <Table.Th ta="right">{t('Amount (₹)')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {INVOICE_LINES.map((line, index) => (
                  <Table.Tr key={line.item}>
                    <Table.Td>{line.item}</Table.Td>
                    <Table.Td>{t(line.description)}</Table.Td>
                    <Table.Td ta="right">{groupIndian(line.quantity, 3)}</Table.Td>
                    <Table.Td>{t(line.unit)}</Table.Td>
                    <Table.Td ta="right">{groupIndian(line.rate)}</Table.Td>
                    <Table.Td ta="right">{groupIndian(totals.lines[index]?.amount ?? '0')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Stack gap={4} ml="auto" w={{ base: '100%', sm: 420 }}>
            <TotalLine label={t('Work done this bill')} amount={totals.gross} strong />
            {totals.deductions.map((deduction) => (
              <TotalLine
                key={deduction.name}
                label={t('Less {{deduction}} ({{percent}} %)', {
                  deduction: t(deduction.name).toLowerCase(),
                  percent: deduction.percent,
                })}
                amount={`-${deduction.amount}`}
              />
            ))}
            <Divider />
            <TotalLine label={t('Net amount payable')} amount={totals.net} strong testId="invoice-net" />
          </Stack>
          <Text size="xs" c="dimmed">
            {t('Prepared by {{name}} in the console’s gallery: a sample certificate, not a payment record.', {
              name: me?.name ?? t('the engineer'),
            })}
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}

function TotalLine({
  label,
  amount,
  strong,
  testId,
}: {
  label: string;
  amount: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text
        size="sm"
        fw={strong ? 700 : undefined}
        ta="right"
        data-testid={testId}
        style={{ whiteSpace: 'nowrap' }}
      >
        {inRupees(amount)}
      </Text>
    </Group>
  );
}
