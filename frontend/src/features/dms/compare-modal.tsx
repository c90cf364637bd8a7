/** Two revisions of a document side by side: the metadata with the differences marked, then their files. */
import { Grid, Modal, Stack, Table, Text, Title } from '@mantine/core';

import { useRevisionFiles } from '../../api/dms';
import type { RecordRow } from '../../api/screens';
import { useTranslation } from '../../lib/i18n';
import { useMobileView } from '../../lib/use-mobile-view';
import { compareRows, previewFile } from './compare';
import { FilePreview } from './file-preview';
import type { RevisionLines } from './use-revision-lines';

export interface CompareModalProps {
  documentNo: string;
  lines: RevisionLines;
  left: RecordRow;
  right: RecordRow;
  onClose: () => void;
}

export function CompareModal({ documentNo, lines, left, right, onClose }: CompareModalProps) {
  const { t } = useTranslation();
  const phone = useMobileView();
  const leftFiles = useRevisionFiles(lines.keyOf(left));
  const rightFiles = useRevisionFiles(lines.keyOf(right));
  const rows = compareRows(lines.all, lines.cellText, left, right, leftFiles.data, rightFiles.data);
  const leftName = lines.nameOf(left);
  const rightName = lines.nameOf(right);
  const frameHeight = phone ? 420 : 'calc(100dvh - 420px)';
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('Compare {{left}} and {{right}} of {{document}}', {
        left: leftName,
        right: rightName,
        document: documentNo,
      })}
      fullScreen
      size="100%"
    >
      <Stack gap="sm" data-testid="dms-compare">
        <Table withTableBorder withColumnBorders fz="sm" aria-label={t('Metadata of the two revisions')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={phone ? 96 : 160}>{t('Field')}</Table.Th>
              <Table.Th>{leftName}</Table.Th>
              <Table.Th>{rightName}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr
                key={row.label}
                data-differs={row.differs || undefined}
                bg={row.differs ? 'var(--mantine-color-yellow-light)' : undefined}
              >
                <Table.Td fw={600}>
                  {row.label}
                  {row.differs && (
                    <Text span size="xs" c="orange" ml={6}>
                      {t('differs')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.left}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.right}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Grid gutter="sm">
          {[
            { revision: lines.keyOf(left), name: leftName, files: leftFiles.data },
            { revision: lines.keyOf(right), name: rightName, files: rightFiles.data },
          ].map(({ revision, name, files }) => (
            <Grid.Col key={revision} span={phone ? 12 : 6}>
              <Stack gap={4}>
                <Title order={5}>{name}</Title>
                {files === undefined ? (
                  <Text size="sm" c="dimmed">
                    {t('Reading the files…')}
                  </Text>
                ) : (
                  <FilePreview revision={revision} file={previewFile(files)} height={frameHeight} />
                )}
              </Stack>
            </Grid.Col>
          ))}
        </Grid>
      </Stack>
    </Modal>
  );
}
