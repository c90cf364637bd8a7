/** The bulk upload window: drop the files and their metadata sheet, see every row checked, then send them. */
import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Modal,
  Progress,
  ScrollArea,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconDownload, IconFiles } from '@tabler/icons-react';

import { useMobileView } from '../../lib/use-mobile-view';
import { templateCsv } from './sheet';
import { type RowResult, useBulkUpload } from './use-bulk-upload';

export interface BulkUploadModalProps {
  defaults: Readonly<Record<string, string>>;
  folderName: string;
  onClose: () => void;
}

function downloadTemplate() {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([templateCsv()], { type: 'text/csv' }));
  link.download = 'document-metadata-sheet.csv';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

function Result({ result }: { result: RowResult | undefined }) {
  if (!result)
    return (
      <Text size="xs" c="dimmed">
        Waiting
      </Text>
    );
  if (result.status === 'sending')
    return <Progress value={result.share * 100} size="sm" aria-label="Sending" />;
  if (result.status === 'created')
    return (
      <Badge color="green" variant="light" tt="none">
        Created {result.number}
      </Badge>
    );
  return (
    <Text size="xs" c="red">
      {result.message}
    </Text>
  );
}

export function BulkUploadModal({ defaults, folderName, onClose }: BulkUploadModalProps) {
  const phone = useMobileView();
  const bulk = useBulkUpload(defaults);
  const check = bulk.check;
  return (
    <Modal
      opened
      onClose={bulk.running ? () => undefined : onClose}
      title={`Bulk upload into ${folderName}`}
      size="80rem"
      fullScreen={phone}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Text size="sm">
            Drop the documents&apos; files and one CSV sheet describing them: one row per file, its name in
            the File column. The folder&apos;s metadata fills what the sheet leaves empty.
          </Text>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconDownload size={14} />}
            onClick={downloadTemplate}
          >
            Template sheet
          </Button>
        </Group>
        <Dropzone
          onDrop={(files) => void bulk.drop(files)}
          multiple
          disabled={bulk.running}
          aria-label="Drop the files and the metadata sheet here"
          data-testid="dms-bulk-dropzone"
        >
          <Group justify="center" gap="md" wrap="nowrap" style={{ pointerEvents: 'none' }}>
            <IconFiles size={32} stroke={1.5} color="var(--mantine-color-dimmed)" />
            <div>
              <Text fw={600}>Drag the files and the sheet here, or click to choose them</Text>
              <Text size="xs" c="dimmed">
                {bulk.files.length} file{bulk.files.length === 1 ? '' : 's'}
                {bulk.sheetName ? `, sheet ${bulk.sheetName}` : ', no sheet yet'}
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
          <Alert color="red" title="The sheet and the files do not match" role="alert">
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
                  <Table.Th>Row</Table.Th>
                  <Table.Th>File</Table.Th>
                  <Table.Th>Title</Table.Th>
                  <Table.Th>Check and result</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {check.rows.map((row) => (
                  <Table.Tr key={row.row}>
                    <Table.Td>{row.row}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.file}</Table.Td>
                    <Table.Td>{row.fields.c_title}</Table.Td>
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
            {bulk.running
              ? `Sending… ${bulk.done} done`
              : check && !bulk.blocked && bulk.sendable === 0 && bulk.done > 0
                ? `Done: ${bulk.created} created, ${bulk.done - bulk.created} refused`
                : check && !bulk.blocked
                  ? `${bulk.sendable} row${bulk.sendable === 1 ? '' : 's'} ready to send`
                  : check
                    ? 'Correct the sheet or the files and drop them again; nothing has been sent.'
                    : ''}
          </Text>
          <Group>
            <Button variant="default" onClick={onClose} disabled={bulk.running}>
              Close
            </Button>
            <Button
              onClick={() => void bulk.send()}
              disabled={bulk.blocked || bulk.sendable === 0}
              loading={bulk.running}
            >
              {bulk.sendable === 1 ? 'Upload 1 document' : `Upload ${bulk.sendable} documents`}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
