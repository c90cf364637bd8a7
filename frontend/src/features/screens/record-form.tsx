/**
 * The form of a data screen in a modal, drawn from its controller (`useRecordForm`): inputs by section, and only
 * the buttons the user may use (read-only for a user who may not change the record).
 */
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Controller } from 'react-hook-form';

import type { ScreenMeta } from '../../api/schema';
import { useMobileView } from '../../lib/use-mobile-view';
import { errorMessage } from '../notices';
import { FieldInput } from './field-input';
import { useRecordForm } from './use-record-form';

export interface RecordFormProps {
  meta: ScreenMeta;
  /** The record being edited (its primary key); null for a new one. */
  recordKey: string | null;
  onClose: () => void;
}

export function RecordForm({ meta, recordKey, onClose }: RecordFormProps) {
  const editor = useRecordForm(meta, recordKey, onClose);
  const phone = useMobileView();
  const { control, formState } = editor.form;
  const title = !editor.editing ? `New ${meta.title}` : editor.canSave ? `Edit ${meta.title}` : meta.title;
  return (
    <Modal
      opened
      onClose={editor.close}
      size="xl"
      fullScreen={phone}
      title={
        <Group gap="xs">
          <Title order={3}>{title}</Title>
          {editor.canSave ? null : <Badge variant="light">Read only</Badge>}
        </Group>
      }
      closeOnClickOutside={!formState.isDirty}
    >
      {editor.loading ? (
        <Center h={200}>
          <Loader aria-label="Loading the record" />
        </Center>
      ) : editor.loadError ? (
        <Alert color="red" title="The record could not be loaded" role="alert">
          {errorMessage(editor.loadError)}
        </Alert>
      ) : (
        <form onSubmit={(event) => void editor.save(event)} noValidate aria-label={`${meta.title} form`}>
          <Stack gap="md">
            {editor.stale ? (
              <Alert color="orange" title="Changed by someone else" role="alert">
                <Stack gap="xs">
                  <Text size="sm">{editor.stale}</Text>
                  <Group>
                    <Button size="xs" onClick={() => void editor.reload()}>
                      Reload the record
                    </Button>
                  </Group>
                </Stack>
              </Alert>
            ) : null}
            {editor.sections.map((section) => (
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
                          choices={editor.choices.get(column.name)}
                          disabled={editor.busy}
                          readOnly={!editor.canSave}
                        />
                      )}
                    />
                  ))}
                </SimpleGrid>
              </fieldset>
            ))}
            <Group justify="space-between">
              <div>
                {editor.canDelete ? (
                  <Button
                    color="red"
                    variant="light"
                    onClick={() => void editor.destroy()}
                    disabled={editor.busy}
                  >
                    Delete
                  </Button>
                ) : null}
              </div>
              <Group>
                <Button variant="default" onClick={editor.close} disabled={editor.busy}>
                  {editor.canSave ? 'Cancel' : 'Close'}
                </Button>
                {editor.canSave ? (
                  <Button type="submit" loading={editor.saving}>
                    {editor.editing ? 'Update' : 'Save'}
                  </Button>
                ) : null}
              </Group>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
