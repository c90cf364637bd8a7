/**
 * A record's Files tab, drawn from its controller (`useRecordFilesTab`): a drop zone (drag files onto it, or choose
 * them) with the upload's progress, the gateway's refusal, and the files (name, size, who, when) with Preview,
 * Download and Delete; on a phone a list of blocks. An image opens in a window over the form.
 */
import '@mantine/dropzone/styles.css';

import {
  ActionIcon,
  Alert,
  Button,
  Center,
  Group,
  Image,
  Loader,
  Modal,
  Paper,
  Progress,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconDownload, IconEye, IconFile, IconRestore, IconTrash, IconUpload } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';

import type { RecordFile, ScreenMeta, StateDef } from '../../api/schema';
import { formatBytes, formatIndianDateTime } from '../../lib/format';
import { translate, useTranslation } from '../../lib/i18n';
import { useMobileView } from '../../lib/use-mobile-view';
import { errorMessage } from '../notices';
import { previewKind, type RecordFilesController, useRecordFilesTab } from './use-record-files';

export interface RecordFilesProps {
  meta: ScreenMeta;
  recordKey: string;
  /** Read only once the tab is shown. */
  active: boolean;
  /** An image is shown over the form (or no longer). */
  onPreview?: (open: boolean) => void;
  /** The record's workflow state: files are read only once it is closed or leaves nothing editable. */
  recordState?: StateDef;
}

export function RecordFiles({ meta, recordKey, active, onPreview, recordState }: RecordFilesProps) {
  const { t } = useTranslation();
  const tab = useRecordFilesTab(meta, recordKey, active, recordState);
  const previewing = tab.image !== null;
  useEffect(() => onPreview?.(previewing), [onPreview, previewing]);
  const phone = useMobileView();
  const openPicker = useRef<() => void>(null);
  const uploading = tab.progress !== null;
  return (
    <Stack gap="sm" data-testid="record-files">
      {tab.canChange ? (
        <Dropzone
          onDrop={(files) => void tab.uploadFiles(files)}
          openRef={openPicker}
          multiple
          maxFiles={20}
          loading={uploading}
          disabled={uploading}
          aria-label={t('Drop files here to attach them')}
          p={phone ? 'sm' : 'md'}
        >
          <Group justify="center" gap="sm" wrap="nowrap" style={{ pointerEvents: 'none' }}>
            <Dropzone.Accept>
              <IconUpload size={32} stroke={1.5} />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <IconFile size={32} stroke={1.5} />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <IconUpload size={32} stroke={1.5} color="var(--mantine-color-dimmed)" />
            </Dropzone.Idle>
            <div>
              <Text size="sm" fw={600}>
                {phone ? t('Tap to choose files to attach') : t('Drag files here, or click to choose them')}
              </Text>
              <Text size="xs" c="dimmed">
                {t('Several at once, up to 20')}
              </Text>
            </div>
          </Group>
        </Dropzone>
      ) : (
        <Text size="sm" c="dimmed" data-testid="files-read-only">
          {tab.readOnlyReason}
        </Text>
      )}
      {tab.canChange ? (
        <Group justify="flex-end">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconUpload size={14} />}
            onClick={() => openPicker.current?.()}
            disabled={uploading}
          >
            {t('Choose files')}
          </Button>
        </Group>
      ) : null}
      {uploading ? (
        <Stack gap={4} aria-live="polite">
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="xs" c="dimmed">
              {tab.sending.length === 1
                ? t('Uploading {{name}}… {{percent}}%', {
                    name: tab.sending[0],
                    percent: Math.round((tab.progress ?? 0) * 100),
                  })
                : t('Uploading {{count}} files… {{percent}}%', {
                    count: tab.sending.length,
                    percent: Math.round((tab.progress ?? 0) * 100),
                  })}
            </Text>
            <Button size="compact-xs" variant="subtle" color="red" onClick={tab.cancelUpload}>
              {t('Cancel upload')}
            </Button>
          </Group>
          <Progress
            value={Math.round((tab.progress ?? 0) * 100)}
            animated
            aria-label={t('Upload progress')}
            data-testid="upload-progress"
          />
        </Stack>
      ) : null}
      {tab.refusal ? (
        <Alert
          color="red"
          title={t('The files were not attached')}
          role="alert"
          withCloseButton
          onClose={tab.dismissRefusal}
          data-testid="upload-refusal"
        >
          {tab.refusal}
        </Alert>
      ) : null}
      <FileList tab={tab} phone={phone} />
      {tab.deleted.length > 0 ? <DeletedFiles tab={tab} /> : null}
      {tab.image ? (
        <Modal
          opened
          onClose={tab.closeImage}
          size="auto"
          fullScreen={phone}
          title={
            <Text fw={600} component="span" style={{ overflowWrap: 'anywhere' }}>
              {tab.image.file.name}
            </Text>
          }
          data-testid="file-preview"
        >
          <Center>
            <Image
              src={tab.image.url}
              alt={tab.image.file.name}
              fit="contain"
              maw="100%"
              mah={phone ? 'calc(100dvh - 120px)' : '75vh'}
              w="auto"
            />
          </Center>
        </Modal>
      ) : null}
    </Stack>
  );
}

function FileList({ tab, phone }: { tab: RecordFilesController; phone: boolean }) {
  const { t } = useTranslation();
  if (tab.loading) {
    return (
      <Center h={100}>
        <Loader aria-label={t('Loading the files')} />
      </Center>
    );
  }
  if (tab.loadError) {
    return (
      <Alert color="red" title={t('The files could not be loaded')} role="alert">
        {errorMessage(tab.loadError)}
      </Alert>
    );
  }
  const files = tab.files ?? [];
  if (files.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="sm">
        {t('No files yet.')}
      </Text>
    );
  }
  if (phone) {
    return (
      <Stack gap="xs" role="list" aria-label={t('Files')}>
        {files.map((file) => (
          <Paper key={file.id} withBorder p="xs" role="listitem">
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {file.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatBytes(file.size)} · {file.uploaded_by ?? t('Unknown user')} ·{' '}
                  {formatIndianDateTime(file.uploaded_at)}
                </Text>
              </div>
              <FileButtons tab={tab} file={file} />
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped highlightOnHover withTableBorder aria-label={t('Files')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('Name')}</Table.Th>
            <Table.Th ta="right">{t('Size')}</Table.Th>
            <Table.Th>{t('Uploaded by')}</Table.Th>
            <Table.Th>{t('Uploaded')}</Table.Th>
            <Table.Th w={110}>
              <VisuallyHidden>{t('Actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {files.map((file) => (
            <Table.Tr key={file.id}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{file.name}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatBytes(file.size)}
              </Table.Td>
              <Table.Td>{file.uploaded_by ?? t('Unknown user')}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatIndianDateTime(file.uploaded_at)}</Table.Td>
              <Table.Td>
                <FileButtons tab={tab} file={file} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function FileButtons({ tab, file }: { tab: RecordFilesController; file: RecordFile }) {
  const { t } = useTranslation();
  const kind = previewKind(file);
  const busy = tab.opening === file.id;
  return (
    <Group gap={2} wrap="nowrap" justify="flex-end">
      {kind ? (
        <Tooltip label={kind === 'pdf' ? t('Open in a new tab') : t('Preview')}>
          <ActionIcon
            variant="subtle"
            aria-label={t('Preview {{name}}', { name: file.name })}
            onClick={() => void tab.preview(file)}
            loading={busy}
          >
            <IconEye size={16} />
          </ActionIcon>
        </Tooltip>
      ) : null}
      <Tooltip label={t('Download')}>
        <ActionIcon
          variant="subtle"
          aria-label={t('Download {{name}}', { name: file.name })}
          onClick={() => void tab.downloadFile(file)}
          loading={busy && kind === null}
        >
          <IconDownload size={16} />
        </ActionIcon>
      </Tooltip>
      {tab.canChange ? (
        <Tooltip label={t('Delete')}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('Delete {{name}}', { name: file.name })}
            onClick={() => void tab.destroy(file)}
            loading={tab.deleting === file.id}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );
}

/** Files deleted from the record that can still be brought back, each with when it was deleted and until when. */
function DeletedFiles({ tab }: { tab: RecordFilesController }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} data-testid="deleted-files">
      <Text size="sm" fw={600}>
        {t('Recently deleted')}
      </Text>
      {tab.deleted.map((file) => (
        <Group key={file.id} justify="space-between" gap="xs" wrap="nowrap">
          <div style={{ minWidth: 0 }}>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {file.name}
            </Text>
            <Text size="xs" c="dimmed">
              {deletedText(file)}
            </Text>
          </div>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRestore size={14} />}
            onClick={() => void tab.bringBack(file)}
            loading={tab.restoring === file.id}
            aria-label={t('Restore {{name}}', { name: file.name })}
          >
            {t('Restore')}
          </Button>
        </Group>
      ))}
    </Stack>
  );
}

/**
 * When a file was deleted, by whom and until when it can be restored, as one sentence (each part only when known).
 */
function deletedText(file: RecordFile): string {
  const date = file.deleted_at ? formatIndianDateTime(file.deleted_at) : '';
  const until = file.restorable_until ? formatIndianDateTime(file.restorable_until) : '';
  const by = file.deleted_by ?? '';
  if (by && until)
    return translate('Deleted {{date}} by {{name}}; can be restored until {{until}}', {
      date,
      name: by,
      until,
    });
  if (by) return translate('Deleted {{date}} by {{name}}', { date, name: by });
  if (until) return translate('Deleted {{date}}; can be restored until {{until}}', { date, until });
  return translate('Deleted {{date}}', { date });
}
