/** Two revisions of a document side by side: the metadata with the differences marked, then their files. */
import { Grid, Modal, Stack, Table, Text, Title } from '@mantine/core';

import { type DmsRevision, useRevisionFiles } from '../../api/dms';
import { useTranslation } from '../../lib/i18n';
import { useMobileView } from '../../lib/use-mobile-view';
import { compareRows, previewFile } from './compare';
import { FilePreview } from './file-preview';

export interface CompareModalProps {
  documentNo: string;
  left: DmsRevision;
  right: DmsRevision;
  onClose: () => void;
}

export function CompareModal({ documentNo, left, right, onClose }: CompareModalProps) {
  const { t } = useTranslation();
  const phone = useMobileView();
  const leftFiles = useRevisionFiles(left.id);
  const rightFiles = useRevisionFiles(right.id);
  const rows = compareRows(left, right, leftFiles.data, rightFiles.data);
  const frameHeight = phone ? 420 : 'calc(100dvh - 420px)';
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('Compare {{left}} and {{right}} of {{document}}', {
        left: left.c_revision,
        right: right.c_revision,
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
              <Table.Th>{left.c_revision}</Table.Th>
              <Table.Th>{right.c_revision}</Table.Th>
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
                    <Text span size="xs" c="orange.8" ml={6}>
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
            { revision: left, files: leftFiles.data },
            { revision: right, files: rightFiles.data },
          ].map(({ revision, files }) => (
            <Grid.Col key={revision.id} span={phone ? 12 : 6}>
              <Stack gap={4}>
                <Title order={5}>{revision.c_revision}</Title>
                {files === undefined ? (
                  <Text size="sm" c="dimmed">
                    {t('Reading the files…')}
                  </Text>
                ) : (
                  <FilePreview revision={revision.id} file={previewFile(files)} height={frameHeight} />
                )}
              </Stack>
            </Grid.Col>
          ))}
        </Grid>
      </Stack>
    </Modal>
  );
}
