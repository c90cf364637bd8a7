/**
 * The explorer's folder tree: "All documents" opening into the searched register's `browse` levels (project →
 * package → discipline → document type; each branch read when opened, with its counts), and below it the
 * administrator's folders (the explorer's register, a `[tree]`).
 */
import { ActionIcon, Badge, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconFolder, IconFolderStar } from '@tabler/icons-react';

import { type Folder, useDmsSearch } from '../../api/dms';
import { groupIndian } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { errorMessage } from '../notices';
import {
  ALL,
  childFolders,
  childLevel,
  childrenQuery,
  type FolderFilter,
  folderChildren,
  folderKey,
} from './folders';
import type { ExplorerController } from './use-explorer-controller';

interface RowProps {
  label: string;
  count?: number;
  depth: number;
  chosen: boolean;
  open?: boolean;
  onToggle?: () => void;
  onChoose: () => void;
  admin?: boolean;
}

function FolderRow({ label, count, depth, chosen, open, onToggle, onChoose, admin = false }: RowProps) {
  const { t } = useTranslation();
  const Icon = admin ? IconFolderStar : IconFolder;
  return (
    <Group gap={2} wrap="nowrap" pl={depth * 14} role="treeitem" aria-selected={chosen} aria-expanded={open}>
      {onToggle ? (
        <ActionIcon
          variant="subtle"
          size="sm"
          color="gray"
          onClick={onToggle}
          aria-label={
            open ? t('Close {{folder}}', { folder: label }) : t('Open {{folder}}', { folder: label })
          }
          data-branch-toggle
        >
          {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
        </ActionIcon>
      ) : (
        <span style={{ width: 22, flexShrink: 0 }} />
      )}
      <UnstyledButton
        onClick={onChoose}
        px={6}
        py={3}
        style={{
          flex: 1,
          minWidth: 0,
          borderRadius: 4,
          background: chosen ? 'var(--mantine-color-blue-light)' : undefined,
        }}
      >
        <Group gap={6} wrap="nowrap" justify="space-between">
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            <Icon size={16} color="var(--mantine-color-yellow-7)" style={{ flexShrink: 0 }} />
            <Text size="sm" truncate fw={chosen ? 600 : undefined}>
              {label}
            </Text>
          </Group>
          {count !== undefined && (
            <Badge size="xs" variant="light" color="gray" style={{ flexShrink: 0 }}>
              {groupIndian(count, 0)}
            </Badge>
          )}
        </Group>
      </UnstyledButton>
    </Group>
  );
}

/** A virtual folder's children, read when it is opened. */
function VirtualChildren({
  explorer,
  filter,
  depth,
}: {
  explorer: ExplorerController;
  filter: FolderFilter;
  depth: number;
}) {
  const { t } = useTranslation();
  const level = childLevel(filter, explorer.levels);
  const answer = useDmsSearch(childrenQuery(filter), level !== null);
  if (level === null) return null;
  if (answer.isError)
    return (
      <Text size="xs" c="red" pl={depth * 14 + 24}>
        {errorMessage(answer.error)}
      </Text>
    );
  if (!answer.data) return <Loader size="xs" ml={depth * 14 + 24} aria-label={t('Reading the folders')} />;
  const children = childFolders(filter, level, answer.data.facets[level.name]);
  if (children.length === 0)
    return (
      <Text size="xs" c="dimmed" pl={depth * 14 + 24}>
        {t('No documents')}
      </Text>
    );
  return (
    <>
      {children.map((child) => (
        <VirtualNode
          key={folderKey(child.filter, explorer.levels)}
          explorer={explorer}
          filter={child.filter}
          label={child.label}
          count={child.count}
          depth={depth}
        />
      ))}
    </>
  );
}

function VirtualNode({
  explorer,
  filter,
  label,
  count,
  depth,
}: {
  explorer: ExplorerController;
  filter: FolderFilter;
  label: string;
  count?: number;
  depth: number;
}) {
  const key = folderKey(filter, explorer.levels);
  const leaf = childLevel(filter, explorer.levels) === null;
  const open = explorer.expanded.has(key);
  return (
    <>
      <FolderRow
        label={label}
        count={count}
        depth={depth}
        chosen={explorer.isChosen(filter, null)}
        open={leaf ? undefined : open}
        onToggle={leaf ? undefined : () => explorer.toggle(key)}
        onChoose={() => {
          explorer.chooseVirtual(filter, label);
          if (!leaf && !open) explorer.toggle(key);
        }}
      />
      {open && !leaf && <VirtualChildren explorer={explorer} filter={filter} depth={depth + 1} />}
    </>
  );
}

function AdminNode({
  explorer,
  folder,
  all,
  depth,
}: {
  explorer: ExplorerController;
  folder: Folder;
  all: readonly Folder[];
  depth: number;
}) {
  const children = folderChildren(all, folder.id);
  const key = `folder:${folder.id}`;
  const open = explorer.expanded.has(key);
  return (
    <>
      <FolderRow
        label={folder.name}
        depth={depth}
        admin
        chosen={explorer.isChosen(ALL, folder)}
        open={children.length > 0 ? open : undefined}
        onToggle={children.length > 0 ? () => explorer.toggle(key) : undefined}
        onChoose={() => explorer.chooseFolder(folder)}
      />
      {open &&
        children.map((child) => (
          <AdminNode key={child.id} explorer={explorer} folder={child} all={all} depth={depth + 1} />
        ))}
    </>
  );
}

export function FolderTree({ explorer }: { explorer: ExplorerController }) {
  const { t } = useTranslation();
  const folders = explorer.folders.data ?? [];
  const roots = folderChildren(folders, null);
  return (
    <Stack gap={2} role="tree" aria-label={t('Folders')} data-testid="dms-folder-tree">
      <VirtualNode explorer={explorer} filter={ALL} label={t('All documents')} depth={0} />
      {roots.length > 0 && (
        <Text size="xs" fw={600} c="dimmed" mt="sm" tt="uppercase">
          {t('Folders')}
        </Text>
      )}
      {roots.map((folder) => (
        <AdminNode key={folder.id} explorer={explorer} folder={folder} all={folders} depth={0} />
      ))}
    </Stack>
  );
}
