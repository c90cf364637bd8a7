/**
 * An administrator-defined folder, new or changed (rename, move under another folder, its metadata and words),
 * saved through the generic data API of the explorer's folder register; the gateway's per-field messages land under the fields.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';

import { GatewayError } from '../../api/client';
import {
  type CodeOption,
  type DmsFolder,
  type FolderValues,
  useDmsLookups,
  useFolderChanges,
} from '../../api/dms';
import { translate, useTranslation } from '../../lib/i18n';
import { useMobileView } from '../../lib/use-mobile-view';
import { errorMessage, noticeSuccess } from '../notices';

const folderSchema = z.object({
  c_name: z
    .string()
    .trim()
    .min(1, { error: () => translate('Name: give the folder a name') })
    .max(120, { error: () => translate('Name: at most 120 characters') }),
  n_parent: z.string(),
  c_project: z.string().trim(),
  n_package: z.string(),
  n_discipline: z.string(),
  n_doc_type: z.string(),
  c_originator: z.string().trim(),
  c_volume: z.string().trim(),
  c_level: z.string().trim(),
  c_type: z.string().trim(),
  c_role: z.string().trim(),
  c_words: z.string().trim(),
});

type FolderForm = z.infer<typeof folderSchema>;
const FIELDS = Object.keys(folderSchema.shape) as (keyof FolderForm)[];

function formOf(folder: DmsFolder | null, parent: number | null): FolderForm {
  const text = (value: string | number | null | undefined) =>
    value === null || value === undefined ? '' : String(value);
  return {
    c_name: text(folder?.c_name),
    n_parent: text(folder ? folder.n_parent : parent),
    c_project: text(folder?.c_project),
    n_package: text(folder?.n_package),
    n_discipline: text(folder?.n_discipline),
    n_doc_type: text(folder?.n_doc_type),
    c_originator: text(folder?.c_originator),
    c_volume: text(folder?.c_volume),
    c_level: text(folder?.c_level),
    c_type: text(folder?.c_type),
    c_role: text(folder?.c_role),
    c_words: text(folder?.c_words),
  };
}

function valuesOf(form: FolderForm, sort: number | null): FolderValues {
  const key = (value: string) => (value === '' ? null : Number(value));
  const text = (value: string) => (value === '' ? null : value);
  return {
    c_name: form.c_name,
    n_parent: key(form.n_parent),
    c_project: text(form.c_project.toUpperCase()),
    n_package: key(form.n_package),
    n_discipline: key(form.n_discipline),
    n_doc_type: key(form.n_doc_type),
    c_originator: text(form.c_originator.toUpperCase()),
    c_volume: text(form.c_volume.toUpperCase()),
    c_level: text(form.c_level.toUpperCase()),
    c_type: text(form.c_type.toUpperCase()),
    c_role: text(form.c_role.toUpperCase()),
    c_words: text(form.c_words),
    n_sort: sort ?? 0,
  };
}

type SelectName = 'n_parent' | 'n_package' | 'n_discipline' | 'n_doc_type';
type CodeName = 'c_project' | 'c_originator' | 'c_volume' | 'c_level' | 'c_type' | 'c_role';

/** The look-ups a folder fixes: the field, its label (English, shown through `t()`) and the list. */
const LOOKUPS: readonly {
  name: Exclude<SelectName, 'n_parent'>;
  label: string;
  list: 'packages' | 'disciplines' | 'docTypes';
}[] = [
  { name: 'n_package', label: 'Package', list: 'packages' },
  { name: 'n_discipline', label: 'Discipline', list: 'disciplines' },
  { name: 'n_doc_type', label: 'Document type', list: 'docTypes' },
];

/** The document number's parts a folder fixes: the field, its label (shown through `t()`), an example. */
const CODES: readonly { name: CodeName; label: string; example: string }[] = [
  { name: 'c_project', label: 'Project', example: 'MML3' },
  { name: 'c_originator', label: 'Originator', example: 'LNT' },
  { name: 'c_volume', label: 'Volume / system', example: 'C1V01' },
  { name: 'c_level', label: 'Level / location', example: 'ZZ' },
  { name: 'c_type', label: 'Type', example: 'DR' },
  { name: 'c_role', label: 'Role', example: 'S' },
];

function options(rows: readonly CodeOption[] | undefined) {
  return (rows ?? []).map((row) => ({
    value: String(row.id),
    label: row.c_name ? `${row.c_code} — ${row.c_name}` : row.c_code,
  }));
}

/** The folders a folder may move under: any but itself and its own descendants. */
function possibleParents(folders: readonly DmsFolder[], folder: DmsFolder | null) {
  if (!folder) return folders;
  const banned = new Set([folder.id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const f of folders) {
      if (f.n_parent !== null && banned.has(f.n_parent) && !banned.has(f.id)) {
        banned.add(f.id);
        grew = true;
      }
    }
  }
  return folders.filter((f) => !banned.has(f.id));
}

export interface FolderFormModalProps {
  folder: DmsFolder | null;
  parent: number | null;
  folders: readonly DmsFolder[];
  onClose: () => void;
}

export function FolderFormModal({ folder, parent, folders, onClose }: FolderFormModalProps) {
  const { t } = useTranslation();
  const phone = useMobileView();
  const lookups = useDmsLookups();
  const changes = useFolderChanges();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<FolderForm>({
    resolver: zodResolver(folderSchema),
    defaultValues: formOf(folder, parent),
  });
  const { register, control, formState } = form;

  const submit = form.handleSubmit(async (values) => {
    setRefusal(null);
    try {
      if (folder) {
        await changes.update.mutateAsync({
          id: folder.id,
          values: { ...valuesOf(values, folder.n_sort), n_row_version: folder.n_row_version },
        });
        noticeSuccess(t('Folder {{name}} saved', { name: values.c_name }));
      } else {
        await changes.create.mutateAsync(valuesOf(values, null));
        noticeSuccess(t('Folder {{name}} created', { name: values.c_name }));
      }
      onClose();
    } catch (error) {
      const fields = error instanceof GatewayError ? error.fields : {};
      const known = Object.entries(fields).filter(([field]) => (FIELDS as string[]).includes(field));
      for (const [field, message] of known)
        form.setError(field as keyof FolderForm, { message: translate(message) });
      if (known.length === 0) setRefusal(errorMessage(error));
    }
  });

  const select = (name: SelectName, label: string, data: { value: string; label: string }[]) => (
    <Controller
      key={name}
      control={control}
      name={name}
      render={({ field }) => (
        <Select
          label={label}
          data={data}
          value={field.value || null}
          onChange={(value) => field.onChange(value ?? '')}
          clearable
          searchable
          error={formState.errors[name]?.message}
        />
      )}
    />
  );
  const text = (name: keyof FolderForm, label: string, placeholder?: string) => (
    <TextInput
      key={name}
      label={label}
      placeholder={placeholder}
      {...register(name)}
      error={formState.errors[name]?.message}
    />
  );
  const nameField = register('c_name');
  const parentSelect = select(
    'n_parent',
    t('Inside the folder'),
    possibleParents(folders, folder).map((f) => ({ value: String(f.id), label: f.c_name })),
  );
  const wordsField = text('c_words', t('Search words'), t('Documents matching these words, e.g. bearing'));
  return (
    <Modal
      opened
      onClose={onClose}
      title={folder ? t('Folder {{name}}', { name: folder.c_name }) : t('New folder')}
      size="lg"
      fullScreen={phone}
    >
      <form onSubmit={(event) => void submit(event)} aria-label={t('Folder')} noValidate>
        <Stack gap="sm">
          {refusal && (
            <Alert color="red" title={t('The folder was not saved')} role="alert">
              {refusal}
            </Alert>
          )}
          <TextInput label={t('Name')} required {...nameField} error={formState.errors.c_name?.message} />
          {parentSelect}
          <SimpleGrid cols={phone ? 1 : 3} spacing="sm">
            {LOOKUPS.map((field) => select(field.name, t(field.label), options(lookups.data?.[field.list])))}
          </SimpleGrid>
          <SimpleGrid cols={phone ? 2 : 3} spacing="sm">
            {CODES.map((field) => text(field.name, t(field.label), field.example))}
          </SimpleGrid>
          {wordsField}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('Cancel')}
            </Button>
            <Button type="submit" loading={formState.isSubmitting}>
              {t('Save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
