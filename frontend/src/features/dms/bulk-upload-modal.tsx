/** The bulk upload window: drop the files and their metadata sheet, see every row checked, then send them. */
import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Loader,
  Modal,
  Progress,
  ScrollArea,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconDownload, IconFiles } from '@tabler/icons-react';

import type { ScreenMeta } from '../../api/schema';
import { useTranslation } from '../../lib/i18n';
import { useMobileView } from '../../lib/use-mobile-view';
import { type RowResult, useBulkUpload } from './use-bulk-upload';
import { useDocumentScreen } from './use-document-states';

export interface BulkUploadModalProps {
  defaults: Readonly<Record<string, string>>;
  folderName: string;
  onClose: () => void;
}

function downloadTemplate(csv: string) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
  link.download = 'metadata-sheet.csv';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

function Result({ result }: { result: RowResult | undefined }) {
  const { t } = useTranslation();
  if (!result)
    return (
      <Text size="xs" c="dimmed">
        {t('Waiting')}
      </Text>
    );
  if (result.status === 'sending')
    return <Progress value={result.share * 100} size="sm" aria-label={t('Sending')} />;
  if (result.status === 'created')
    return (
      <Badge color="green" variant="light" tt="none">
        {t('Created {{number}}', { number: result.number })}
      </Badge>
    );
  return (
    <Text size="xs" c="red">
      {result.message}
    </Text>
  );
}

export function BulkUploadModal(props: BulkUploadModalProps) {
  const { t } = useTranslation();
  const phone = useMobileView();
  // The searched register as the registry writes it: the sheet's headers are its labels.
  const meta = useDocumentScreen();
  if (!meta)
    return (
      <Modal
        opened
        onClose={props.onClose}
        title={t('Bulk upload into {{folder}}', { folder: props.folderName })}
        size="80rem"
        fullScreen={phone}
      >
        <Loader aria-label={t('Loading')} />
      </Modal>
    );
  return <BulkUploadWindow meta={meta} {...props} />;
}

function BulkUploadWindow({
  meta,
  defaults,
  folderName,
  onClose,
}: BulkUploadModalProps & { meta: ScreenMeta }) {
  const { t } = useTranslation();
  const phone = useMobileView();
  const bulk = useBulkUpload(meta, defaults);
  const titleColumn = meta.workflow?.title_column ?? null;
  const check = bulk.check;
  const fileCount = bulk.files.length;
  const dropped = bulk.sheetName
    ? fileCount === 1
      ? t('{{count}} file, sheet {{sheet}}', { count: fileCount, sheet: bulk.sheetName })
      : t('{{count}} files, sheet {{sheet}}', { count: fileCount, sheet: bulk.sheetName })
    : fileCount === 1
      ? t('{{count}} file, no sheet yet', { count: fileCount })
      : t('{{count}} files, no sheet yet', { count: fileCount });
  const state = bulk.running
    ? t('Sending… {{done}} done', { done: bulk.done })
    : check && !bulk.blocked && bulk.sendable === 0 && bulk.done > 0
      ? t('Done: {{created}} created, {{refused}} refused', {
          created: bulk.created,
          refused: bulk.done - bulk.created,
        })
      : check && !bulk.blocked
        ? bulk.sendable === 1
          ? t('{{count}} row ready to send', { count: bulk.sendable })
          : t('{{count}} rows ready to send', { count: bulk.sendable })
        : check
          ? t('Correct the sheet or the files and drop them again; nothing has been sent.')
          : bulk.finding
            ? t("Finding the sheet's look-up values…")
            : '';
  return (
    <Modal
      opened
      onClose={bulk.running ? () => undefined : onClose}
      title={t('Bulk upload into {{folder}}', { folder: folderName })}
      size="80rem"
      fullScreen={phone}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Text size="sm">
            {t(
              "Drop the documents' files and one CSV sheet describing them: one row per file, its name in the File column. The folder's metadata fills what the sheet leaves empty.",
            )}
          </Text>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconDownload size={14} />}
            onClick={() => downloadTemplate(bulk.template())}
          >
            {t('Template sheet')}
          </Button>
        </Group>
        <Dropzone
          onDrop={(files) => void bulk.drop(files)}
          multiple
          disabled={bulk.running}
          aria-label={t('Drop the files and the metadata sheet here')}
          // The hidden file input is named too (axe `label`): assistive technology may reach it.
          inputProps={{ 'aria-label': t('Drop the files and the metadata sheet here') }}
          data-testid="dms-bulk-dropzone"
        >
          <Group justify="center" gap="md" wrap="nowrap" style={{ pointerEvents: 'none' }}>
            <IconFiles size={32} stroke={1.5} color="var(--mantine-color-dimmed)" />
            <div>
              <Text fw={600}>{t('Drag the files and the sheet here, or click to choose them')}</Text>
              <Text size="xs" c="dimmed">
                {dropped}
              </Text>
            </div>
          </Group>
        </Dropzone>
        {bulk.sheetError && (
          <Alert color="red" role="alert">
            {bulk.sheetError}
          </Alert>
        )}
        {check && check.problems.length > 0 && (
          <Alert color="red" title={t('The sheet and the files do not match')} role="alert">
            <List size="sm">
              {check.problems.map((problem) => (
                <List.Item key={problem}>{problem}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {check && check.rows.length > 0 && (
          <ScrollArea.Autosize mah={phone ? undefined : 360}>
            <Table striped withTableBorder fz="sm" data-testid="dms-bulk-rows">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('Row')}</Table.Th>
                  <Table.Th>{t('File')}</Table.Th>
                  {titleColumn && <Table.Th>{t('Title')}</Table.Th>}
                  <Table.Th>{t('Check and result')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {check.rows.map((row) => (
                  <Table.Tr key={row.row}>
                    <Table.Td>{row.row}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.file}</Table.Td>
                    {titleColumn && <Table.Td>{row.fields[titleColumn]}</Table.Td>}
                    <Table.Td>
                      {row.problems.length > 0 ? (
                        <Text size="xs" c="red">
                          {row.problems.join(' ')}
                        </Text>
                      ) : (
                        <Result result={bulk.results[row.file]} />
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )}
        <Group justify="space-between">
          <Text size="sm" c="dimmed" aria-live="polite">
            {state}
          </Text>
          <Group>
            <Button variant="default" onClick={onClose} disabled={bulk.running}>
              {t('Close')}
            </Button>
            <Button
              onClick={() => void bulk.send()}
              disabled={bulk.blocked || bulk.sendable === 0}
              loading={bulk.running}
            >
              {bulk.sendable === 1
                ? t('Upload 1 document')
                : t('Upload {{count}} documents', { count: bulk.sendable })}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
