/**
 * The form of a data screen in a modal: inputs by section from the registry, the gateway's rules checked before
 * sending (zod schema from the metadata), SPEC §5 confirmations and §8 notices, the gateway's 422 messages under
 * their inputs, and on a 409 for a stale version an offer to reload the record.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Center, Group, Loader, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';

import { GatewayError } from '../../api/client';
import { type ScreenMeta, useLookupChoices, useRecord, useRecordChanges } from '../../api/screens';
import { type ColumnMeta, ROW_VERSION } from '../../lib/record-rules';
import {
  CONFIRM_DELETE,
  CONFIRM_SAVE,
  confirm,
  errorMessage,
  noticeDeclined,
  noticeError,
  noticeSuccess,
} from '../notices/notices';
import { FieldInput } from './field-input';
import { type FormValues, formSchema, toFormValues, toPayload } from './form-schema';

export interface RecordFormProps {
  meta: ScreenMeta;
  /** The record being edited; null for a new one. */
  recordKey: string | null;
  onClose: () => void;
}

/** New records start with flags on when they say "active" (a register's rows are active unless retired). */
function blankValue(column: ColumnMeta): string {
  return column.min === 0 && column.max === 1 && column.name.includes('active') ? '1' : '';
}

export function RecordForm({ meta, recordKey, onClose }: RecordFormProps) {
  const byName = useMemo(() => new Map(meta.columns.map((c) => [c.name, c])), [meta.columns]);
  const sections = useMemo(
    () =>
      meta.sections
        .map((section) => ({
          title: section.title,
          columns: section.columns
            .map((name) => byName.get(name))
            .filter((c): c is ColumnMeta => c !== undefined && c.read_only !== true),
        }))
        .filter((section) => section.columns.length > 0),
    [meta.sections, byName],
  );
  const inputs = useMemo(() => sections.flatMap((s) => s.columns), [sections]);
  const schema = useMemo(() => formSchema(inputs), [inputs]);
  const choices = useLookupChoices(inputs);
  const record = useRecord(meta.entry, recordKey);
  const { create, update, remove } = useRecordChanges(meta.entry);
  const [stale, setStale] = useState<string | null>(null);

  const blank = useMemo(
    () => Object.fromEntries(inputs.map((c) => [c.name, blankValue(c)])) as FormValues,
    [inputs],
  );
  const form = useForm<FormValues>({
    resolver: zodResolver(schema),
    defaultValues: blank,
    // Messages appear on Save, then follow typing: validating on blur would move the buttons under the pointer.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { reset, setError, handleSubmit, control, formState } = form;

  useEffect(() => {
    if (recordKey === null) reset(blank);
    else if (record.data) reset(toFormValues(inputs, record.data));
  }, [recordKey, record.data, inputs, blank, reset]);

  const version = record.data ? String(record.data[ROW_VERSION] ?? '') : '';
  const editing = recordKey !== null;
  const busy = create.isPending || update.isPending || remove.isPending;

  const showServerProblem = (error: unknown) => {
    if (error instanceof GatewayError) {
      const code = (error.body as { code?: string } | null)?.code;
      if (error.status === 409 && code === 'PMIS-R409V') {
        setStale(error.message);
        return;
      }
      const fields = error.fields;
      for (const [field, message] of Object.entries(fields)) {
        if (byName.has(field)) setError(field, { type: 'server', message }, { shouldFocus: true });
      }
    }
    noticeError(error);
  };

  const save = handleSubmit(async (values) => {
    if (!(await confirm(CONFIRM_SAVE))) {
      noticeDeclined('Submitting Details');
      return;
    }
    const body = toPayload(inputs, values);
    try {
      const reply = editing
        ? await update.mutateAsync({ id: recordKey, body: { ...body, [ROW_VERSION]: version } })
        : await create.mutateAsync(body);
      noticeSuccess(reply.message || (editing ? 'Updated Successfully' : 'Submitted Successfully'));
      onClose();
    } catch (error) {
      showServerProblem(error);
    }
  });

  const destroy = async () => {
    if (recordKey === null) return;
    if (!(await confirm(CONFIRM_DELETE))) {
      noticeDeclined('Submitting Details');
      return;
    }
    try {
      const reply = await remove.mutateAsync({ id: recordKey, version });
      noticeSuccess(reply.message || 'Deleted Successfully');
      onClose();
    } catch (error) {
      showServerProblem(error);
    }
  };

  const reload = async () => {
    setStale(null);
    const fresh = await record.refetch();
    if (fresh.data) reset(toFormValues(inputs, fresh.data));
  };

  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={<Title order={3}>{editing ? `Edit ${meta.title}` : `New ${meta.title}`}</Title>}
      closeOnClickOutside={!formState.isDirty}
    >
      {editing && record.isPending ? (
        <Center h={200}>
          <Loader aria-label="Loading the record" />
        </Center>
      ) : editing && record.isError ? (
        <Alert color="red" title="The record could not be loaded" role="alert">
          {errorMessage(record.error)}
        </Alert>
      ) : (
        <form onSubmit={(event) => void save(event)} noValidate aria-label={`${meta.title} form`}>
          <Stack gap="md">
            {stale ? (
              <Alert color="orange" title="Changed by someone else" role="alert">
                <Stack gap="xs">
                  <Text size="sm">{stale}</Text>
                  <Group>
                    <Button size="xs" onClick={() => void reload()}>
                      Reload the record
                    </Button>
                  </Group>
                </Stack>
              </Alert>
            ) : null}
            {sections.map((section) => (
              <fieldset key={section.title} style={{ border: 0, padding: 0, margin: 0 }}>
                <Text component="legend" fw={600} mb={6}>
                  {section.title}
                </Text>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  {section.columns.map((column) => (
                    <Controller
                      key={column.name}
                      name={column.name}
                      control={control}
                      render={({ field, fieldState }) => (
                        <FieldInput
                          column={column}
                          value={field.value ?? ''}
                          onChange={field.onChange}
                          onBlur={field.onBlur}
                          error={fieldState.error?.message}
                          choices={choices.get(column.name)}
                          disabled={busy}
                        />
                      )}
                    />
                  ))}
                </SimpleGrid>
              </fieldset>
            ))}
            <Group justify="space-between">
              <div>
                {editing ? (
                  <Button color="red" variant="light" onClick={() => void destroy()} disabled={busy}>
                    Delete
                  </Button>
                ) : null}
              </div>
              <Group>
                <Button variant="default" onClick={onClose} disabled={busy}>
                  Cancel
                </Button>
                <Button type="submit" loading={create.isPending || update.isPending}>
                  {editing ? 'Update' : 'Save'}
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
