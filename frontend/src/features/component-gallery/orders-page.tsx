/**
 * /e-commerce/orders: interim payment certificates as an order list: search by number, narrow by state, the state
 * as the registers' badge, amounts in Indian grouping with the totals of what is shown (sample IPCs; the real ones
 * are in Contract data entry › IPC).
 */
import { Group, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';

import type { StateDef } from '../../api/schema';
import { formatDocumentDate, groupIndian } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { StateBadge } from '../screens';
import { DemoCard } from './demo-card';
import { IPC_STATES, SAMPLE_IPCS } from './ipc-sample';
import { netOf, sumOf } from './ipc-totals';

const ALL = 'All';

/** "Nov, 2026" for a month's first day. */
function monthOf(day: string): string {
  return formatDocumentDate(day).replace(/^\d{2} /, '');
}

export function OrdersPage() {
  const { t } = useTranslation();
  /** A sample state with its label in the user's language. */
  const shownState = (state: StateDef | undefined): StateDef | undefined =>
    state && { ...state, label: t(state.label || state.name) };
  const [search, setSearch] = useState('');
  const [state, setState] = useState(ALL);
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return SAMPLE_IPCS.filter(
      (ipc) =>
        (state === ALL || ipc.state === state) &&
        (needle === '' || ipc.number.toLowerCase().includes(needle)),
    );
  }, [search, state]);
  const nets = shown.map((ipc) => netOf(ipc.gross, ipc.deductions));
  return (
    <DemoCard title={t('Interim payment certificates')} note={t('Sample bills of the elevated packages.')}>
      <Stack gap="sm">
        <Group gap="sm" align="end">
          <TextInput
            label={t('Search')}
            placeholder={t('IPC number')}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={{ base: '100%', xs: 220 }}
          />
          <SegmentedControl
            aria-label={t('State')}
            data={[ALL, ...Object.keys(IPC_STATES)].map((value) => ({ value, label: t(value) }))}
            value={state}
            onChange={setState}
            size="xs"
            style={{ maxWidth: '100%', overflowX: 'auto' }}
          />
        </Group>
        <Table.ScrollContainer minWidth={760}>
          <Table
            striped
            highlightOnHover
            stickyHeader
            style={{ whiteSpace: 'nowrap' }}
            data-testid="ipc-table"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('IPC')}</Table.Th>
                <Table.Th>{t('Month')}</Table.Th>
                <Table.Th>{t('State')}</Table.Th>
                <Table.Th ta="right">{t('Work done (₹)')}</Table.Th>
                <Table.Th ta="right">{t('Deductions (₹)')}</Table.Th>
                <Table.Th ta="right">{t('Net payable (₹)')}</Table.Th>
                <Table.Th>{t('Certified')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((ipc, index) => (
                <Table.Tr key={ipc.number}>
                  <Table.Td fw={500}>{ipc.number}</Table.Td>
                  <Table.Td>{monthOf(ipc.period)}</Table.Td>
                  <Table.Td>
                    <StateBadge state={shownState(IPC_STATES[ipc.state])} />
                  </Table.Td>
                  <Table.Td ta="right">{groupIndian(ipc.gross)}</Table.Td>
                  <Table.Td ta="right">{groupIndian(ipc.deductions)}</Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {groupIndian(nets[index] ?? '0')}
                  </Table.Td>
                  <Table.Td>{ipc.certified ? formatDocumentDate(ipc.certified) : '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={3}>
                  {shown.length === 1
                    ? t('1 certificate')
                    : t('{{certificates}} certificates', { certificates: shown.length })}
                </Table.Th>
                <Table.Th ta="right">{groupIndian(sumOf(shown.map((ipc) => ipc.gross)))}</Table.Th>
                <Table.Th ta="right">{groupIndian(sumOf(shown.map((ipc) => ipc.deductions)))}</Table.Th>
                <Table.Th ta="right">{groupIndian(sumOf(nets))}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
        {shown.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('No certificate matches.')}
          </Text>
        ) : null}
      </Stack>
    </DemoCard>
  );
}
