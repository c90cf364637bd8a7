/**
 * /forms/dropzone: the drop zone of a record's Files tab (@mantine/dropzone): drag files or choose them, see each
 * taken file with its size, and each refused one with the reason. Nothing is sent: the files stay in this browser
 * until the page is left.
 */
import '@mantine/dropzone/styles.css';

import { ActionIcon, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconFile, IconTrash, IconUpload, IconX } from '@tabler/icons-react';
import { useState } from 'react';

import { formatBytes } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { DemoCard } from './demo-card';
import {
  ACCEPTED_TYPES,
  acceptedNames,
  MAX_DROPPED_BYTES,
  MAX_DROPPED_FILES,
  refusalText,
} from './file-checks';

interface Refused {
  name: string;
  reason: string;
}

export function DropzonePage() {
  const { t } = useTranslation();
  const [taken, setTaken] = useState<File[]>([]);
  const [refused, setRefused] = useState<Refused[]>([]);
  const onReject = (rejections: FileRejection[]) =>
    setRefused(
      rejections.map((rejection) => ({
        name: rejection.file.name,
        reason: refusalText(rejection.errors.map((error) => String(error.code))),
      })),
    );
  return (
    <DemoCard
      title={t('Attach files')}
      note={t('{{types}}; up to {{files}} files at once, each up to {{size}}.', {
        types: acceptedNames(),
        files: MAX_DROPPED_FILES,
        size: formatBytes(MAX_DROPPED_BYTES),
      })}
    >
      <Dropzone
        onDrop={(files) => {
          setTaken((list) => [...list, ...files]);
          setRefused([]);
        }}
        onReject={onReject}
        accept={ACCEPTED_TYPES}
        maxSize={MAX_DROPPED_BYTES}
        maxFiles={MAX_DROPPED_FILES}
        multiple
        aria-label={t('Drop files here')}
        data-testid="gallery-dropzone"
      >
        <Group justify="center" gap="sm" mih={100} style={{ pointerEvents: 'none' }}>
          <Dropzone.Accept>
            <IconUpload size={36} stroke={1.5} />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={36} stroke={1.5} />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconFile size={36} stroke={1.5} color="var(--mantine-color-dimmed)" />
          </Dropzone.Idle>
          <Stack gap={2}>
            <Text fw={600}>{t('Drag drawings, letters or photos here, or click to choose them')}</Text>
            <Text size="xs" c="dimmed">
              {t('They stay in this browser: the gallery sends nothing.')}
            </Text>
          </Stack>
        </Group>
      </Dropzone>
      {refused.length > 0 ? (
        <Stack gap={4} role="alert" data-testid="refused-files">
          {refused.map((file, index) => (
            <Text key={`${file.name}-${index}`} size="sm" c="red" style={{ overflowWrap: 'anywhere' }}>
              {file.name}: {file.reason}
            </Text>
          ))}
        </Stack>
      ) : null}
      {taken.length > 0 ? (
        <Stack gap="xs">
          <Table.ScrollContainer minWidth={360}>
            <Table striped data-testid="taken-files">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('File')}</Table.Th>
                  <Table.Th>{t('Type')}</Table.Th>
                  <Table.Th ta="right">{t('Size')}</Table.Th>
                  <Table.Th w={40} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {taken.map((file, index) => (
                  <Table.Tr key={`${file.name}-${index}`}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{file.name}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" size="sm">
                        {file.name.split('.').pop()?.toUpperCase() ?? '—'}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="right">{formatBytes(file.size)}</Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('Remove {{name}}', { name: file.name })}
                        onClick={() => setTaken((list) => list.filter((_, i) => i !== index))}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between">
            <Text size="sm">
              {taken.length === 1
                ? t('1 file, {{size}}', {
                    size: formatBytes(taken.reduce((sum, file) => sum + file.size, 0)),
                  })
                : t('{{files}} files, {{size}}', {
                    files: taken.length,
                    size: formatBytes(taken.reduce((sum, file) => sum + file.size, 0)),
                  })}
            </Text>
            <Button variant="default" size="xs" onClick={() => setTaken([])}>
              {t('Remove all')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </DemoCard>
  );
}
