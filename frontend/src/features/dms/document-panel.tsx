/**
 * The chosen document in the explorer: its revisions (oldest first), two of them picked to compare side by side,
 * and, while it is in WIP, a new revision uploaded (`POST /api/data/{entry}/{id}/upload`).
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  FileButton,
  Group,
  Paper,
  Progress,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconArrowsDiff, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';

import { type DmsRevision, type SearchHit, useAddRevision, useDocumentRevisions } from '../../api/dms';
import { formatDocumentDate } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { errorMessage, noticeSuccess } from '../notices';
import { numberOf } from '../screens/record-fields';
import { CompareModal } from './compare-modal';
import { hitText, hitTextAt, useHitFields } from './hit-fields';
import { useDocumentLink, useDocumentScreen } from './use-document-states';

export interface DocumentPanelProps {
  hit: SearchHit;
  canRevise: boolean;
}

function isCurrent(revision: DmsRevision): boolean {
  return revision.b_current === true || revision.b_current === 1;
}

export function DocumentPanel({ hit, canRevise }: DocumentPanelProps) {
  const { t } = useTranslation();
  const documentLink = useDocumentLink();
  const fields = useHitFields();
  const meta = useDocumentScreen();
  const number = hitTextAt(hit, fields, 'number') || String(hit.id);
  const title = hitTextAt(hit, fields, 'title');
  // The hit's state (the field of the workflow's state column): a next line of files is taken in the upload's states.
  const stateField = fields.find((field) => field.column === meta?.workflow?.state_column);
  const takesNextLine =
    stateField !== undefined && (meta?.upload?.next_in ?? []).includes(hitText(hit, stateField.name));
  const revisions = useDocumentRevisions(hit.id);
  // A line as its look-up names it (its register's display column after the key: "P01.02 · S0 · WIP").
  const lineLookup = meta?.lookups.find((lookup) => lookup.entry === meta.upload?.lines);
  const lineDisplay = lineLookup?.display_columns.find((column) => column !== lineLookup.primary_key);
  const lineName = (line: Readonly<Record<string, unknown>>) =>
    String((lineDisplay ? line[lineDisplay] : undefined) ?? line.id ?? '');
  const addRevision = useAddRevision(hit.id);
  const [picked, setPicked] = useState<number[]>([]);
  const [comparing, setComparing] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const rows = revisions.data ?? [];
  const pair = picked
    .map((id) => rows.find((row) => row.id === id))
    .filter((row): row is DmsRevision => !!row)
    .sort((a, b) => a.id - b.id);

  const pick = (id: number) =>
    setPicked((current) =>
      current.includes(id) ? current.filter((p) => p !== id) : [...current, id].slice(-2),
    );

  const upload = async (files: File[]) => {
    if (files.length === 0) return;
    setRefusal(null);
    setProgress(0);
    try {
      const added = await addRevision.mutateAsync({ files, fields: {}, onProgress: setProgress });
      noticeSuccess(
        t('Revision {{revision}} of {{document}} uploaded', {
          revision: lineName(added.line),
          document: (meta && numberOf(meta, added.record)) ?? number,
        }),
      );
      await revisions.refetch();
    } catch (error) {
      setRefusal(errorMessage(error));
    } finally {
      setProgress(null);
    }
  };

  return (
    <Paper withBorder p="sm" data-testid="dms-document-panel">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Anchor component={Link} to={documentLink(hit.id)} fw={600} style={{ overflowWrap: 'anywhere' }}>
              {number}
            </Anchor>
            <Text size="sm">{title}</Text>
          </Stack>
          <Group gap="xs">
            {canRevise && takesNextLine && (
              <FileButton onChange={(files) => void upload(files)} multiple>
                {(props) => (
                  <Button
                    {...props}
                    size="xs"
                    variant="default"
                    leftSection={<IconUpload size={14} />}
                    loading={progress !== null}
                  >
                    {t('Upload a new revision')}
                  </Button>
                )}
              </FileButton>
            )}
            <Button
              size="xs"
              leftSection={<IconArrowsDiff size={14} />}
              disabled={pair.length !== 2}
              onClick={() => setComparing(true)}
              title={pair.length === 2 ? undefined : t('Tick two revisions to compare them')}
            >
              {t('Compare')}
            </Button>
          </Group>
        </Group>
        {progress !== null && (
          <Progress value={progress * 100} size="sm" aria-label={t('Sending the revision')} />
        )}
        {refusal && (
          <Alert color="red" title={t('The revision was not added')} role="alert">
            {refusal}
          </Alert>
        )}
        {revisions.isError ? (
          <Alert color="red" title={t('The revisions could not be read')}>
            {errorMessage(revisions.error)}
          </Alert>
        ) : (
          <Table fz="sm" striped aria-label={t('Revisions')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Text size="xs" c="dimmed">
                    {t('Pick')}
                  </Text>
                </Table.Th>
                <Table.Th>{t('Revision')}</Table.Th>
                <Table.Th>{t('State')}</Table.Th>
                <Table.Th>{t('Status')}</Table.Th>
                <Table.Th>{t('Issued')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((revision) => (
                <Table.Tr key={revision.id}>
                  <Table.Td>
                    <Checkbox
                      size="xs"
                      aria-label={t('Compare {{revision}}', { revision: revision.c_revision })}
                      checked={picked.includes(revision.id)}
                      onChange={() => pick(revision.id)}
                    />
                  </Table.Td>
                  <Table.Td>
                    {revision.c_revision}{' '}
                    {isCurrent(revision) && (
                      <Badge size="xs" variant="light">
                        {t('current')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{revision.c_state}</Table.Td>
                  <Table.Td>{revision.c_status_code}</Table.Td>
                  <Table.Td>{formatDocumentDate(revision.d_issued) || '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {rows.length === 1 && (
          <Text size="xs" c="dimmed">
            {t(
              'One revision so far: a second appears when the document is shared or a new version uploaded.',
            )}
          </Text>
        )}
      </Stack>
      {comparing && pair.length === 2 && pair[0] && pair[1] && (
        <CompareModal
          documentNo={number}
          left={pair[0]}
          right={pair[1]}
          onClose={() => setComparing(false)}
        />
      )}
    </Paper>
  );
}
