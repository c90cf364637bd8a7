/**
 * The chosen document in the explorer: its revisions (oldest first), two of them picked to compare side by side,
 * and, while it is in WIP, a new revision uploaded (`POST /api/data/{entry}/{id}/upload`) once the person has said
 * what changed and confirmed (`RevisionUploadModal`).
 */
import {
  Alert,
  Anchor,
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
import { useRef, useState } from 'react';
import { Link } from 'react-router';

import { type SearchHit, useAddRevision } from '../../api/dms';
import { useTranslation } from '../../lib/i18n';
import { errorMessage, noticeSuccess } from '../notices';
import { numberOf } from '../screens/record-fields';
import { CompareModal } from './compare-modal';
import { CHANGE_NOTE, RevisionUploadModal } from './revision-upload-modal';
import { hitText, hitTextAt, useHitFields } from './hit-fields';
import { useDocumentLink, useDocumentScreen } from './use-document-states';
import { useRevisionLines } from './use-revision-lines';

/**
 * The least width a revision's column needs, in pixels: a phone's few columns fit its width, a desk's many
 * scroll sideways.
 */
const COLUMN_WIDTH = 96;

export interface DocumentPanelProps {
  hit: SearchHit;
  canRevise: boolean;
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
  const revisions = useRevisionLines(hit.id);
  const addRevision = useAddRevision(hit.id);
  const [picked, setPicked] = useState<number[]>([]);
  const [comparing, setComparing] = useState(false);
  // The comparison is unmounted when it closes, so the focus is put back on the button that opened it by hand.
  const compareButton = useRef<HTMLButtonElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const rows = revisions.rows;
  const pair = picked
    .map((id) => rows.find((row) => revisions.keyOf(row) === id))
    .filter((row) => row !== undefined)
    .sort((a, b) => revisions.keyOf(a) - revisions.keyOf(b));

  const pick = (id: number) =>
    setPicked((current) =>
      current.includes(id) ? current.filter((p) => p !== id) : [...current, id].slice(-2),
    );

  // The files chosen, waiting for the change note and the confirmation.
  const [chosen, setChosen] = useState<File[] | null>(null);
  const upload = async (files: readonly File[], note: string) => {
    setChosen(null);
    setRefusal(null);
    setProgress(0);
    try {
      const added = await addRevision.mutateAsync({
        files,
        fields: { [CHANGE_NOTE]: note },
        onProgress: setProgress,
      });
      noticeSuccess(
        t('Revision {{revision}} of {{document}} uploaded', {
          // The new line as the revisions' list names every line (its first list column: "P01.02").
          revision: revisions.nameOf(added.line),
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
              <FileButton onChange={(files) => setChosen(files.length > 0 ? files : null)} multiple>
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
              ref={compareButton}
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
          <Table.ScrollContainer minWidth={COLUMN_WIDTH * (revisions.columns.length + 1)}>
            <Table fz="sm" striped aria-label={t('Revisions')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <Text size="xs" c="dimmed">
                      {t('Pick')}
                    </Text>
                  </Table.Th>
                  {revisions.columns.map((column) => (
                    <Table.Th key={column.name}>{t(column.label)}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((revision) => (
                  <Table.Tr key={revisions.keyOf(revision)}>
                    <Table.Td>
                      <Checkbox
                        size="xs"
                        aria-label={t('Compare {{revision}}', { revision: revisions.nameOf(revision) })}
                        checked={picked.includes(revisions.keyOf(revision))}
                        onChange={() => pick(revisions.keyOf(revision))}
                      />
                    </Table.Td>
                    {revisions.columns.map((column) => (
                      <Table.Td key={column.name}>{revisions.cellText(column, revision)}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {rows.length === 1 && (
          <Text size="xs" c="dimmed">
            {t(
              'One revision so far: a second appears when the document is shared or a new version uploaded.',
            )}
          </Text>
        )}
      </Stack>
      {chosen && (
        <RevisionUploadModal
          document={number}
          files={chosen}
          onCancel={() => setChosen(null)}
          onUpload={(note) => void upload(chosen, note)}
        />
      )}
      {comparing && pair.length === 2 && pair[0] && pair[1] && (
        <CompareModal
          documentNo={number}
          lines={revisions}
          left={pair[0]}
          right={pair[1]}
          onClose={() => {
            setComparing(false);
            requestAnimationFrame(() => compareButton.current?.focus());
          }}
        />
      )}
    </Paper>
  );
}
