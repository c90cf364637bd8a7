/** The upload window of the explorer: the dropped file(s) and the document's metadata, prefilled from the folder. */
import {
  Alert,
  Button,
  Group,
  Modal,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { Controller } from 'react-hook-form';

import { type CodeOption, type DocumentCreated, useDmsLookups } from '../../api/dms';
import { useTranslation } from '../../lib/i18n';
import { useMobileView } from '../../lib/use-mobile-view';
import { useUploadForm } from './use-upload-form';

export interface UploadModalProps {
  files: readonly File[];
  defaults: Readonly<Record<string, string>>;
  folderName: string;
  onClose: () => void;
  onCreated: (created: DocumentCreated) => void;
}

type PartName = 'c_project' | 'c_originator' | 'c_volume' | 'c_level' | 'c_type' | 'c_role' | 'c_number';

/** The document number's parts: the field, its label (English, shown through `t()`), an example, required. */
const NUMBER_PARTS: readonly { name: PartName; label: string; example: string; required: boolean }[] = [
  { name: 'c_project', label: 'Project', example: 'MML3', required: false },
  { name: 'c_originator', label: 'Originator', example: 'LNT', required: true },
  { name: 'c_volume', label: 'Volume / system', example: 'C1V01', required: true },
  { name: 'c_level', label: 'Level / location', example: 'ZZ', required: false },
  { name: 'c_type', label: 'Type', example: 'DR', required: true },
  { name: 'c_role', label: 'Role', example: 'S', required: true },
  { name: 'c_number', label: 'Number', example: '0001', required: false },
];

type LookupName = 'n_package' | 'n_discipline' | 'n_doc_type';

/** The look-ups: the field, its label (English, shown through `t()`) and the list it is chosen from. */
const LOOKUPS: readonly { name: LookupName; label: string; list: 'packages' | 'disciplines' | 'docTypes' }[] =
  [
    { name: 'n_package', label: 'Package', list: 'packages' },
    { name: 'n_discipline', label: 'Discipline', list: 'disciplines' },
    { name: 'n_doc_type', label: 'Document type', list: 'docTypes' },
  ];

function options(rows: readonly CodeOption[] | undefined) {
  return (rows ?? []).map((row) => ({
    value: String(row.id),
    label: row.c_name ? `${row.c_code} — ${row.c_name}` : row.c_code,
  }));
}

export function UploadModal({ files, defaults, folderName, onClose, onCreated }: UploadModalProps) {
  const { t } = useTranslation();
  const phone = useMobileView();
  const lookups = useDmsLookups();
  const { form, submit, progress, refusal, busy } = useUploadForm(files, defaults, onCreated);
  const { register, control, formState } = form;
  const error = (name: keyof typeof formState.errors) => formState.errors[name]?.message;
  const part = (name: PartName, label: string, placeholder: string, required: boolean) => (
    <TextInput
      key={name}
      label={label}
      placeholder={placeholder}
      required={required}
      {...register(name, { setValueAs: (value: string) => value.toUpperCase() })}
      styles={{ input: { textTransform: 'uppercase' } }}
      error={error(name)}
      disabled={busy}
    />
  );
  const lookup = (name: LookupName, label: string, rows: readonly CodeOption[] | undefined) => (
    <Controller
      key={name}
      control={control}
      name={name}
      render={({ field }) => (
        <Select
          label={label}
          required
          searchable
          data={options(rows)}
          value={field.value || null}
          onChange={(value) => field.onChange(value ?? '')}
          onBlur={field.onBlur}
          error={error(name)}
          disabled={busy}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    />
  );
  const titleField = register('c_title');
  const descriptionField = register('c_description');
  const errors = formState.errors;
  return (
    <Modal
      opened
      onClose={busy ? () => undefined : onClose}
      title={t('Upload into {{folder}}', { folder: folderName })}
      size="xl"
      fullScreen={phone}
    >
      <form onSubmit={(event) => void submit(event)} aria-label={t('Upload a document')} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            {files.length === 1
              ? t('File: {{file}}', { file: files[0]?.name ?? '' })
              : t('{{count}} files: {{files}}', {
                  count: files.length,
                  files: files.map((f) => f.name).join(', '),
                })}
          </Text>
          {refusal && (
            <Alert color="red" title={t('The document was not created')} role="alert">
              {refusal}
            </Alert>
          )}
          <TextInput
            label={t('Title')}
            required
            {...titleField}
            error={errors.c_title?.message}
            disabled={busy}
          />
          <SimpleGrid cols={phone ? 1 : 3} spacing="sm">
            {LOOKUPS.map((field) => lookup(field.name, t(field.label), lookups.data?.[field.list]))}
          </SimpleGrid>
          <Text size="sm" fw={600}>
            {t('Document number')}{' '}
            <Text span size="xs" c="dimmed" fw={400}>
              {t('(project and level default to MML3 and ZZ; an empty number takes the next free one)')}
            </Text>
          </Text>
          <SimpleGrid cols={phone ? 2 : 4} spacing="sm">
            {NUMBER_PARTS.map((field) => part(field.name, t(field.label), field.example, field.required))}
          </SimpleGrid>
          <Textarea
            label={t('Description')}
            autosize
            minRows={2}
            {...descriptionField}
            error={errors.c_description?.message}
            disabled={busy}
          />
          {progress !== null && (
            <Stack gap={2} aria-live="polite">
              <Text size="xs" c="dimmed">
                {progress < 1
                  ? t('Sending… {{percent}}%', { percent: Math.round(progress * 100) })
                  : t('Reading the text of the file…')}
              </Text>
              <Progress value={progress * 100} animated={progress >= 1} />
            </Stack>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('Cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('Upload')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
