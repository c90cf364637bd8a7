/**
 * An administrator-defined folder, new or changed (rename, move under another folder, its metadata, words and the
 * number parts of a file dropped in): the folder register's own fields from its metadata (`useNewRecordForm`,
 * drawn with `FieldGrid`), saved through the generic data API; the gateway's per-field messages land under the
 * fields. The folder it sits in (the tree's parent) is chosen apart, offering no folder it may not move into (the
 * database refuses those too: the register is a `[tree]`).
 */
import { Alert, Button, Group, Loader, Modal, Select, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';

import { GatewayError } from '../../api/client';
import { type Folder, useFolderChanges } from '../../api/dms';
import type { ScreenMeta } from '../../api/schema';
import { useRecord, useScreen } from '../../api/screens';
import { ROW_VERSION } from '../../lib/column-types';
import { translate, useTranslation } from '../../lib/i18n';
import { useMobileView } from '../../lib/use-mobile-view';
import { errorMessage, noticeSuccess } from '../notices';
import { useTranslatedMeta } from '../screens';
import { FieldGrid, useNewRecordForm } from '../screens/record-fields';
import { possibleParents } from './folders';

export interface FolderFormModalProps {
  /** The explorer's route: the folder register's (its metadata is read there). */
  route: string;
  folder: Folder | null;
  parent: number | null;
  folders: readonly Folder[];
  onClose: () => void;
}

export function FolderFormModal(props: FolderFormModalProps) {
  const { t } = useTranslation();
  const phone = useMobileView();
  const meta = useTranslatedMeta(useScreen(props.route).data);
  const { folder } = props;
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={folder ? t('Folder {{name}}', { name: folder.name }) : t('New folder')}
      size="lg"
      fullScreen={phone}
    >
      {meta ? <StoredFolder meta={meta} {...props} /> : <Loader aria-label={t('Loading')} />}
    </Modal>
  );
}

type FolderFormProps = FolderFormModalProps & { meta: ScreenMeta };

/**
 * A folder being changed is read whole first (the register's record, every column its form shows), so that what
 * the explorer's tree does not hold (its description) is shown and kept, never sent back empty.
 */
function StoredFolder(props: FolderFormProps) {
  const { t } = useTranslation();
  const stored = useRecord(props.meta.entry, props.folder ? String(props.folder.id) : null);
  if (!props.folder) return <FolderForm {...props} stored={null} />;
  if (stored.isError) {
    return (
      <Alert color="red" title={t('The folder could not be read')} role="alert">
        {errorMessage(stored.error)}
      </Alert>
    );
  }
  return stored.data ? <FolderForm {...props} stored={stored.data} /> : <Loader aria-label={t('Loading')} />;
}

/** A folder's stored values as the form's text (every column the register describes), in the folder it sits in. */
function startingValues(
  meta: ScreenMeta,
  stored: Readonly<Record<string, unknown>> | null,
  parent: number | null,
  parentColumn?: string,
) {
  const row = stored ?? {};
  const values: Record<string, string> = {};
  for (const column of meta.columns) {
    const value = row[column.name];
    if (value !== null && value !== undefined) values[column.name] = String(value);
  }
  if (!stored && parentColumn && parent !== null) values[parentColumn] = String(parent);
  return values;
}

function FolderForm({
  meta,
  folder,
  parent,
  folders,
  onClose,
  stored,
}: FolderFormProps & { stored: Readonly<Record<string, unknown>> | null }) {
  const { t } = useTranslation();
  const changes = useFolderChanges();
  const [refusal, setRefusal] = useState<string | null>(null);
  // The tree's parent is the folder a folder sits in.
  const parentColumn = meta.tree?.parent;
  const [starting] = useState(() => startingValues(meta, stored, parent, parentColumn));
  const fields = useNewRecordForm(meta, starting);
  const { form } = fields;
  const sections = useMemo(
    () =>
      fields.sections.map((section) => ({
        ...section,
        columns: section.columns.filter((column) => column.name !== parentColumn),
      })),
    [fields.sections, parentColumn],
  );
  const drawn = new Set(fields.sections.flatMap((section) => section.columns.map((column) => column.name)));

  const submit = form.handleSubmit(async (values) => {
    setRefusal(null);
    // The folder as people name it: the tree's name column.
    const name = meta.tree ? (values[meta.tree.name] ?? '') : '';
    try {
      if (folder) {
        await changes.update.mutateAsync({
          id: folder.id,
          // The version read with the record: a change made since is refused (409), not overwritten.
          values: {
            ...fields.payload(values),
            [ROW_VERSION]: stored?.[ROW_VERSION] ?? folder.row[ROW_VERSION],
          },
        });
        noticeSuccess(t('Folder {{name}} saved', { name }));
      } else {
        await changes.create.mutateAsync(fields.payload(values));
        noticeSuccess(t('Folder {{name}} created', { name }));
      }
      onClose();
    } catch (error) {
      const messages = Object.entries(error instanceof GatewayError ? error.fields : {});
      const placed = messages.filter(([field]) => drawn.has(field));
      for (const [field, message] of placed) form.setError(field, { message: translate(message) });
      if (placed.length === 0) setRefusal(errorMessage(error));
    }
  });

  const grid = {
    control: form.control,
    choices: fields.choices,
    lookups: fields.lookups,
    busy: form.formState.isSubmitting,
    isReadOnly: fields.isReadOnly,
  };
  return (
    <form onSubmit={(event) => void submit(event)} aria-label={t('Folder')} noValidate>
      <Stack gap="sm">
        {refusal && (
          <Alert color="red" title={t('The folder was not saved')} role="alert">
            {refusal}
          </Alert>
        )}
        {/* The folder's own section first, then the folder it sits in, then what it shows and fills in. */}
        <FieldGrid {...grid} sections={sections.slice(0, 1)} />
        {parentColumn && (
          <Controller
            control={form.control}
            name={parentColumn}
            render={({ field, fieldState }) => (
              <Select
                label={t('Inside the folder')}
                data={possibleParents(folders, folder).map((f) => ({ value: String(f.id), label: f.name }))}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                clearable
                searchable
                error={fieldState.error?.message}
              />
            )}
          />
        )}
        <FieldGrid {...grid} sections={sections.slice(1)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('Cancel')}
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('Save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
