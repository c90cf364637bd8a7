/**
 * /misc/invoice: an interim payment certificate as it prints: the certificate's heading, the bill's BOQ lines with
 * their amounts, the work done, each deduction and the net amount payable, all in Indian grouping (worked out in
 * whole paise). Sample certificate C1-V01-IPC-014.
 */
import { Button, Divider, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';

import { useMe } from '../../api/auth';
import { formatDocumentDate, groupIndian } from '../../lib/format';
import { INVOICE_LINES, IPC_DEDUCTIONS } from './ipc-sample';
import { ipcTotals } from './ipc-totals';

export function InvoicePage() {
  const totals = ipcTotals(INVOICE_LINES, IPC_DEDUCTIONS);
  const me = useMe().data?.user;
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
          Print
        </Button>
      </Group>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} data-testid="invoice">
        <Stack gap="md">
          <Group justify="space-between" align="start">
            <Stack gap={2}>
              <Title order={3}>Interim Payment Certificate</Title>
              <Text fw={600}>C1-V01-IPC-014</Text>
              <Text size="sm" c="dimmed">
                Work done in November 2026
              </Text>
            </Stack>
            <Stack gap={2} ta="right">
              <Text size="sm">Certified on {formatDocumentDate('2026-12-12')}</Text>
              <Text size="sm">Contract C1-V01</Text>
            </Stack>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                Contractor
              </Text>
              <Text size="sm" fw={600}>
                Coastal Constructions Ltd
              </Text>
              <Text size="sm">Viaduct and 6 elevated stations, Airport to Riverside</Text>
            </Stack>
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                Employer
              </Text>
              <Text size="sm" fw={600}>
                Metro Rail Corporation
              </Text>
              <Text size="sm">Blue Line Metro Rail Project, Phase 1</Text>
            </Stack>
          </SimpleGrid>
          <Table.ScrollContainer minWidth={640}>
            <Table withTableBorder withColumnBorders data-testid="invoice-lines">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Item</Table.Th>
                  <Table.Th>Description</Table.Th>
                  <Table.Th ta="right">Quantity</Table.Th>
                  <Table.Th>Unit</Table.Th>
                  <Table.Th ta="right">Rate (₹)</Table.Th>
                  <Table.Th ta="right">Amount (₹)</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {INVOICE_LINES.map((line, index) => (
                  <Table.Tr key={line.item}>
                    <Table.Td>{line.item}</Table.Td>
                    <Table.Td>{line.description}</Table.Td>
                    <Table.Td ta="right">{groupIndian(line.quantity, 3)}</Table.Td>
                    <Table.Td>{line.unit}</Table.Td>
                    <Table.Td ta="right">{groupIndian(line.rate)}</Table.Td>
                    <Table.Td ta="right">{groupIndian(totals.lines[index]?.amount ?? '0')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Stack gap={4} ml="auto" w={{ base: '100%', sm: 420 }}>
            <TotalLine label="Work done this bill" amount={totals.gross} strong />
            {totals.deductions.map((deduction) => (
              <TotalLine
                key={deduction.name}
                label={`Less ${deduction.name.toLowerCase()} (${deduction.percent} %)`}
                amount={`-${deduction.amount}`}
              />
            ))}
            <Divider />
            <TotalLine label="Net amount payable" amount={totals.net} strong testId="invoice-net" />
          </Stack>
          <Text size="xs" c="dimmed">
            Prepared by {me?.name ?? 'the engineer'} in the console’s gallery: a sample certificate, not a
            payment record.
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
        ₹ {groupIndian(amount)}
      </Text>
    </Group>
  );
}
