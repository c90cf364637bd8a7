/**
 * The second step: each column of the file (its header and first values) and the register's column it fills,
 * chosen from the register's labels; the columns still needed, in words; how rows meet existing records (the
 * mode and key) where the register has business keys; and "Save this mapping" for the next file. On a phone one
 * card per column of the file.
 */
import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';

import type { ImportMode } from '../../api/imports';
import type { ImportColumn } from '../../api/schema';
import { translate, useTranslation } from '../../lib/i18n';
import { useMobileView } from '../../lib/use-mobile-view';
import type { ImportController } from './use-import-controller';

/** The first few values of a file column, for recognising it. */
const SAMPLE_VALUES = 3;

const LEAVE_OUT = '';

/** How rows meet existing records; the labels (English) are shown through `t()`. */
const MODES: { value: ImportMode; label: string }[] = [
  { value: 'insert', label: 'Add new records' },
  { value: 'update', label: 'Update existing' },
  { value: 'upsert', label: 'Update or add' },
];

function columnOption(column: ImportColumn): { value: string; label: string } {
  return {
    value: column.name,
    label: column.required ? translate('{{column}} (required)', { column: column.label }) : column.label,
  };
}

function samples(importer: ImportController, index: number): string[] {
  return (importer.preview?.rows ?? [])
    .map((row) => (row[index] ?? '').trim())
    .filter((value) => value !== '')
    .slice(0, SAMPLE_VALUES);
}

export function MappingTable({ importer }: { importer: ImportController }) {
  const { t } = useTranslation();
  const phone = useMobileView();
  const preview = importer.preview;
  if (!preview) return null;
  const offered = importer.columns.filter((column) => !importer.given.includes(column.name));
  const options = [{ value: LEAVE_OUT, label: t('Leave out') }, ...offered.map(columnOption)];
  const locked = importer.running !== null;
  const select = (header: string) => (
    <Select
      aria-label={t('Register column for {{header}}', { header })}
      data={options}
      value={importer.mapping[header] ?? LEAVE_OUT}
      onChange={(value) => importer.setColumn(header, value ? value : null)}
      allowDeselect={false}
      searchable
      disabled={locked}
      comboboxProps={{ withinPortal: true }}
      miw={phone ? undefined : 220}
    />
  );
  return (
    <Stack gap="sm" data-testid="import-mapping">
      {importer.offersModes ? <ModeChoice importer={importer} /> : null}
      {phone ? (
        <Stack gap="xs" role="list" aria-label={t('Columns of the file')}>
          {preview.headers.map((header, index) => (
            <Paper key={`${header}-${index}`} withBorder p="xs" role="listitem">
              <Stack gap={4}>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {header}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {samples(importer, index).join(' · ') || t('No values in the first rows')}
                </Text>
                {select(header)}
              </Stack>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped withTableBorder verticalSpacing={6} aria-label={t('Columns of the file')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('Column of the file')}</Table.Th>
                <Table.Th>{t('First values')}</Table.Th>
                <Table.Th>{t("Fills the register's column")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.headers.map((header, index) => (
                <Table.Tr key={`${header}-${index}`}>
                  <Table.Td fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {header}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                      {samples(importer, index).join(' · ') || '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>{select(header)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {importer.blockers.length > 0 ? (
        <Alert color="orange" title={t('Before the file can be checked')} data-testid="import-blockers">
          <List size="sm" spacing={2}>
            {importer.blockers.map((text) => (
              <List.Item key={text}>{text}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      <Group gap="xs">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconDeviceFloppy size={14} />}
          onClick={importer.saveMapping}
          loading={importer.savingMapping}
          disabled={locked}
        >
          {t('Save this mapping')}
        </Button>
        {importer.mappingSaved ? (
          <Text size="xs" c="green.8" aria-live="polite">
            {t('Saved: your next file with these headers starts from this mapping.')}
          </Text>
        ) : preview.saved_mapping ? (
          <Badge variant="light" color="gray">
            {t('Started from your saved mapping')}
          </Badge>
        ) : null}
      </Group>
    </Stack>
  );
}

function keyLabel(importer: ImportController, key: readonly string[]): string {
  return key
    .map((name) => importer.columns.find((column) => column.name === name)?.label ?? name)
    .join(' + ');
}

function ModeChoice({ importer }: { importer: ImportController }) {
  const { t } = useTranslation();
  const locked = importer.running !== null;
  const keyChoices = importer.keys.map((key) => ({ value: key.join(','), label: keyLabel(importer, key) }));
  const current = importer.key.join(',');
  if (current && !keyChoices.some((choice) => choice.value === current)) {
    keyChoices.unshift({ value: current, label: keyLabel(importer, importer.key) });
  }
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('Rows of the file')}
        </Text>
        <SegmentedControl
          aria-label={t('How rows meet existing records')}
          size="xs"
          data={MODES.map((mode) => ({ value: mode.value, label: t(mode.label) }))}
          value={importer.mode}
          onChange={(value) => importer.setMode(value as ImportMode)}
          disabled={locked}
          style={{ maxWidth: '100%', overflowX: 'auto' }}
        />
      </Stack>
      {importer.mode !== 'insert' ? (
        <Select
          label={t('Records are found by')}
          data={keyChoices}
          value={current || null}
          onChange={(value) => importer.chooseKey(value ? value.split(',') : [])}
          allowDeselect={false}
          disabled={locked}
          placeholder={t('Choose the key')}
          style={{ flex: '1 1 280px', maxWidth: 520 }}
        />
      ) : null}
    </Group>
  );
}
