/**
 * `/dms/explorer` and `/administration/explorer`: the folder tree (virtual folders from the documents' metadata,
 * plus the administrator-defined folders), the chosen folder's documents (the engine's search in browse mode,
 * paged), drag-and-drop upload into the folder (one document, or many with a metadata sheet), and the chosen
 * document's revisions with compare. On `/administration/explorer` folders are created, changed and deleted too.
 * State lives in `useExplorerController`.
 */
import {
  Alert,
  Button,
  Drawer,
  Grid,
  Group,
  Loader,
  Pagination,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useDisclosure } from '@mantine/hooks';
import {
  IconFiles,
  IconFolderPlus,
  IconFolders,
  IconPencil,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { useState } from 'react';

import { type Folder, useFolderChanges } from '../../api/dms';
import { groupIndian } from '../../lib/format';
import { ROW_VERSION } from '../../lib/column-types';
import { useTranslation } from '../../lib/i18n';
import { useMobileView } from '../../lib/use-mobile-view';
import { confirm, errorMessage, noticeError, noticeSuccess } from '../notices';
import { numberOf } from '../screens/record-fields';
import { BulkUploadModal } from './bulk-upload-modal';
import { DocumentPanel } from './document-panel';
import { FolderFormModal } from './folder-form-modal';
import { ALL } from './folders';
import { FolderTree } from './folder-tree';
import { HitCard } from './hit-card';
import { UploadModal } from './upload-modal';
import { useDocumentScreen, useDocumentStates } from './use-document-states';
import {
  ALL_DOCUMENTS,
  EXPLORER_PAGE_SIZE,
  type ExplorerController,
  useExplorerController,
} from './use-explorer-controller';

type FolderEdit = { folder: Folder | null; parent: number | null } | null;

export function DmsExplorerScreen({ route }: { route: string }) {
  const { t } = useTranslation();
  const phone = useMobileView();
  const explorer = useExplorerController();
  const documentMeta = useDocumentScreen();
  const [tree, { open: openTree, close: closeTree }] = useDisclosure(false);
  const [dropped, setDropped] = useState<File[] | null>(null);
  const [bulk, setBulk] = useState(false);
  const [folderEdit, setFolderEdit] = useState<FolderEdit>(null);
  const folderPanel = (
    <Stack gap="xs">
      <FolderTree explorer={explorer} />
      {explorer.folders.isError && explorer.administers && (
        <Text size="xs" c="dimmed">
          {t('The administrator-defined folders could not be read: {{error}}', {
            error: errorMessage(explorer.folders.error),
          })}
        </Text>
      )}
      {explorer.folderActions.create && (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconFolderPlus size={14} />}
          onClick={() => setFolderEdit({ folder: null, parent: explorer.chosen.folder?.id ?? null })}
        >
          {t('New folder')}
        </Button>
      )}
    </Stack>
  );
  return (
    <Stack gap="sm" data-testid="dms-explorer">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2}>{explorer.administers ? t('Explorer (folders)') : t('Document explorer')}</Title>
        {phone && (
          <Button variant="default" leftSection={<IconFolders size={16} />} onClick={openTree}>
            {t('Folders')}
          </Button>
        )}
      </Group>
      {phone ? (
        <>
          <Drawer opened={tree} onClose={closeTree} title={t('Folders')} size="85%">
            <div
              onClickCapture={(event) => {
                // Choosing a folder (not opening or closing a branch) closes the drawer.
                if ((event.target as HTMLElement).closest('button:not([data-branch-toggle])'))
                  setTimeout(closeTree, 0);
              }}
            >
              {folderPanel}
            </div>
          </Drawer>
          <FolderContents
            explorer={explorer}
            onDrop={setDropped}
            onBulk={() => setBulk(true)}
            onEdit={setFolderEdit}
          />
        </>
      ) : (
        <Grid gutter="md">
          <Grid.Col span={3}>
            <Paper withBorder p="xs" style={{ position: 'sticky', top: 8 }}>
              {folderPanel}
            </Paper>
          </Grid.Col>
          <Grid.Col span={9}>
            <FolderContents
              explorer={explorer}
              onDrop={setDropped}
              onBulk={() => setBulk(true)}
              onEdit={setFolderEdit}
            />
          </Grid.Col>
        </Grid>
      )}
      {dropped && (
        <UploadModal
          files={dropped}
          defaults={explorer.uploadDefaults(dropped[0]?.name ?? null)}
          folderName={explorer.chosen.label}
          onClose={() => setDropped(null)}
          onCreated={(created) => {
            setDropped(null);
            const note = created.text.find((t) => t.note)?.note;
            const number = (documentMeta && numberOf(documentMeta, created.record)) ?? '';
            noticeSuccess(
              note
                ? t('{{number}} uploaded. {{note}}', { number, note })
                : t('{{number}} uploaded', { number }),
            );
          }}
        />
      )}
      {bulk && (
        <BulkUploadModal
          defaults={explorer.uploadDefaults(null)}
          folderName={explorer.chosen.label}
          onClose={() => setBulk(false)}
        />
      )}
      {folderEdit && (
        <FolderFormModal
          route={route}
          folder={folderEdit.folder}
          parent={folderEdit.parent}
          folders={explorer.folders.data ?? []}
          onClose={() => setFolderEdit(null)}
        />
      )}
    </Stack>
  );
}

interface ContentsProps {
  explorer: ExplorerController;
  onDrop: (files: File[]) => void;
  onBulk: () => void;
  onEdit: (edit: FolderEdit) => void;
}

function FolderContents({ explorer, onDrop, onBulk, onEdit }: ContentsProps) {
  const { t } = useTranslation();
  const phone = useMobileView();
  const stateOf = useDocumentStates();
  const changes = useFolderChanges();
  const { documents, chosen } = explorer;
  const answer = documents.data;
  const pages = answer ? Math.max(1, Math.ceil(answer.total / EXPLORER_PAGE_SIZE)) : 1;
  const folder = chosen.folder;
  const words = chosen.filter.words;
  const total = answer ? groupIndian(answer.total, 0) : '';
  const countLine = answer
    ? words
      ? answer.total === 1
        ? t('{{count}} document matching “{{words}}”', { count: total, words })
        : t('{{count}} documents matching “{{words}}”', { count: total, words })
      : answer.total === 1
        ? t('{{count}} document', { count: total })
        : t('{{count}} documents', { count: total })
    : documents.isError
      ? words
        ? ` ${t('matching “{{words}}”', { words })}`
        : ''
      : words
        ? t('Reading… matching “{{words}}”', { words })
        : t('Reading…');

  const remove = async (target: Folder) => {
    const name = target.name;
    if (!(await confirm(t('Delete the folder {{name}}? Its documents stay in the register.', { name }))))
      return;
    try {
      await changes.remove.mutateAsync({ id: target.id, version: target.row[ROW_VERSION] });
      noticeSuccess(t('Folder {{name}} deleted', { name }));
      explorer.chooseVirtual(ALL, ALL_DOCUMENTS);
    } catch (error) {
      noticeError(error);
    }
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={0}>
          <Title order={4} data-testid="dms-folder-title">
            {chosen.label}
          </Title>
          <Text size="xs" c="dimmed">
            {countLine}
          </Text>
        </Stack>
        <Group gap="xs">
          {folder && explorer.folderActions.update && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPencil size={14} />}
              onClick={() => onEdit({ folder, parent: folder.parent })}
            >
              {t('Rename or move')}
            </Button>
          )}
          {folder && explorer.folderActions.delete && (
            <Button
              size="xs"
              variant="default"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={() => void remove(folder)}
            >
              {t('Delete folder')}
            </Button>
          )}
          {explorer.canUpload && (
            <Button size="xs" variant="default" leftSection={<IconFiles size={14} />} onClick={onBulk}>
              {t('Bulk upload with a sheet')}
            </Button>
          )}
        </Group>
      </Group>
      {explorer.canUpload && (
        <Dropzone
          onDrop={onDrop}
          multiple
          aria-label={t("Drop a document's file here to upload it into {{folder}}", { folder: chosen.label })}
          // The hidden file input is named too (axe `label`): assistive technology may reach it.
          inputProps={{
            'aria-label': t("Drop a document's file here to upload it into {{folder}}", {
              folder: chosen.label,
            }),
          }}
          p={phone ? 'xs' : 'sm'}
          data-testid="dms-dropzone"
        >
          <Group justify="center" gap="sm" wrap="nowrap" style={{ pointerEvents: 'none' }}>
            <IconUpload size={24} stroke={1.5} color="var(--mantine-color-dimmed)" />
            <div>
              <Text size="sm" fw={600}>
                {phone
                  ? t('Tap to upload a document here')
                  : t("Drag a document's file here to upload it into {{folder}}, or click to choose it", {
                      folder: chosen.label,
                    })}
              </Text>
              <Text size="xs" c="dimmed">
                {t(
                  'PDF, Word, Excel, images and drawings; several files make one document. The folder fills in the metadata.',
                )}
              </Text>
            </div>
          </Group>
        </Dropzone>
      )}
      {explorer.documentHit && (
        <DocumentPanel hit={explorer.documentHit} canRevise={explorer.canReviseDocuments} />
      )}
      {documents.isError ? (
        <Alert color="red" title={t("The folder's documents could not be read")} role="alert">
          {errorMessage(documents.error)}
        </Alert>
      ) : !answer ? (
        <Loader aria-label={t('Reading the documents')} />
      ) : answer.total === 0 ? (
        <Alert color="gray" title={t('No documents in this folder')} data-testid="dms-folder-empty">
          {explorer.canUpload ? t('Drop a file above to upload the first one.') : t('Choose another folder.')}
        </Alert>
      ) : (
        <Stack gap="xs" aria-busy={documents.isFetching}>
          {answer.hits.map((hit) => (
            <HitCard
              key={hit.id}
              hit={hit}
              stateOf={stateOf}
              selected={explorer.documentHit?.id === hit.id}
              onPick={explorer.chooseDocument}
            />
          ))}
          {pages > 1 && (
            <Pagination total={pages} value={explorer.page} onChange={explorer.setPage} size="sm" />
          )}
        </Stack>
      )}
    </Stack>
  );
}
