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
import { useMobileView } from '../../lib/use-mobile-view';
import { useUploadForm } from './use-upload-form';

export interface UploadModalProps {
  files: readonly File[];
  defaults: Readonly<Record<string, string>>;
  folderName: string;
  onClose: () => void;
  onCreated: (created: DocumentCreated) => void;
}

function options(rows: readonly CodeOption[] | undefined) {
  return (rows ?? []).map((row) => ({
    value: String(row.id),
    label: row.c_name ? `${row.c_code} — ${row.c_name}` : row.c_code,
  }));
}

export function UploadModal({ files, defaults, folderName, onClose, onCreated }: UploadModalProps) {
  const phone = useMobileView();
  const lookups = useDmsLookups();
  const { form, submit, progress, refusal, busy } = useUploadForm(files, defaults, onCreated);
  const { register, control, formState } = form;
  const error = (name: keyof typeof formState.errors) => formState.errors[name]?.message;
  const part = (
    name: 'c_project' | 'c_originator' | 'c_volume' | 'c_level' | 'c_type' | 'c_role' | 'c_number',
    label: string,
    placeholder: string,
    required = false,
  ) => (
    <TextInput
      label={label}
      placeholder={placeholder}
      required={required}
      {...register(name, { setValueAs: (value: string) => value.toUpperCase() })}
      styles={{ input: { textTransform: 'uppercase' } }}
      error={error(name)}
      disabled={busy}
    />
  );
  const lookup = (
    name: 'n_package' | 'n_discipline' | 'n_doc_type',
    label: string,
    rows: readonly CodeOption[] | undefined,
  ) => (
    <Controller
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
  return (
    <Modal
      opened
      onClose={busy ? () => undefined : onClose}
      title={`Upload into ${folderName}`}
      size="xl"
      fullScreen={phone}
    >
      <form onSubmit={(event) => void submit(event)} aria-label="Upload a document" noValidate>
        <Stack gap="sm">
          <Text size="sm">
            {files.length === 1
              ? `File: ${files[0]?.name ?? ''}`
              : `${files.length} files: ${files.map((f) => f.name).join(', ')}`}
          </Text>
          {refusal && (
            <Alert color="red" title="The document was not created" role="alert">
              {refusal}
            </Alert>
          )}
          <TextInput
            label="Title"
            required
            {...register('c_title')}
            error={error('c_title')}
            disabled={busy}
          />
          <SimpleGrid cols={phone ? 1 : 3} spacing="sm">
            {lookup('n_package', 'Package', lookups.data?.packages)}
            {lookup('n_discipline', 'Discipline', lookups.data?.disciplines)}
            {lookup('n_doc_type', 'Document type', lookups.data?.docTypes)}
          </SimpleGrid>
          <Text size="sm" fw={600}>
            Document number{' '}
            <Text span size="xs" c="dimmed" fw={400}>
              (project and level default to MML3 and ZZ; an empty number takes the next free one)
            </Text>
          </Text>
          <SimpleGrid cols={phone ? 2 : 4} spacing="sm">
            {part('c_project', 'Project', 'MML3')}
            {part('c_originator', 'Originator', 'LNT', true)}
            {part('c_volume', 'Volume / system', 'C1V01', true)}
            {part('c_level', 'Level / location', 'ZZ')}
            {part('c_type', 'Type', 'DR', true)}
            {part('c_role', 'Role', 'S', true)}
            {part('c_number', 'Number', '0001')}
          </SimpleGrid>
          <Textarea
            label="Description"
            autosize
            minRows={2}
            {...register('c_description')}
            error={error('c_description')}
            disabled={busy}
          />
          {progress !== null && (
            <Stack gap={2} aria-live="polite">
              <Text size="xs" c="dimmed">
                {progress < 1 ? `Sending… ${Math.round(progress * 100)}%` : 'Reading the text of the file…'}
              </Text>
              <Progress value={progress * 100} animated={progress >= 1} />
            </Stack>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Upload
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
