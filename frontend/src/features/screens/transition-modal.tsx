/**
 * One workflow transition of a record in a modal, drawn from its controller (`useTransitionForm`): where the record
 * goes (from → to), the fields the transition asks for, the comment, and the button that performs it.
 */
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Controller } from 'react-hook-form';

import type { ScreenMeta, StateDef, TransitionDef } from '../../api/schema';
import type { RecordRow } from '../../api/screens';
import { useTranslation } from '../../lib/i18n';
import { useMobileView } from '../../lib/use-mobile-view';
import { FieldGrid } from './field-grid';
import { StateBadge } from './state-badge';
import { useTransitionForm } from './use-transition-form';
import { stateOf } from './workflow';

export interface TransitionModalProps {
  meta: ScreenMeta;
  transition: TransitionDef;
  record: RecordRow;
  recordKey: string;
  /** The record's state now. */
  from: StateDef | undefined;
  onClose: () => void;
  /** Done: the record as the transition left it. */
  onDone: (after: RecordRow) => void;
}

export function TransitionModal({
  meta,
  transition,
  record,
  recordKey,
  from,
  onClose,
  onDone,
}: TransitionModalProps) {
  const { t } = useTranslation();
  const step = useTransitionForm(meta, transition, record, recordKey, { onClose, onDone });
  const phone = useMobileView();
  const { control } = step.form;
  const to = meta.workflow ? stateOf(meta.workflow, transition.to) : undefined;
  return (
    <Modal
      opened
      onClose={step.close}
      size="lg"
      fullScreen={phone}
      title={
        <Text fw={700} size="lg" component="span">
          {transition.label}
        </Text>
      }
      closeOnEscape={!step.confirming && !step.busy}
      closeOnClickOutside={!step.form.formState.isDirty}
      data-testid="transition-modal"
    >
      <form
        onSubmit={(event) => void step.submit(event)}
        noValidate
        aria-label={t('{{title}} form', { title: transition.label })}
      >
        <Stack gap="md">
          <Group gap={6} wrap="wrap" aria-label={t('Moves the record')}>
            <StateBadge state={from} name={String(record[meta.workflow?.state_column ?? ''] ?? '')} />
            <IconArrowRight size={16} aria-label={t('to')} />
            <StateBadge state={to} name={transition.to} />
          </Group>
          <FieldGrid
            control={control}
            prefix="fields."
            columns={step.inputs}
            loneFieldWide
            choices={step.choices}
            lookups={step.lookups}
            busy={step.busy}
          />
          {step.comment === 'none' ? null : (
            <Controller
              name="comment"
              control={control}
              render={({ field, fieldState }) => (
                <Textarea
                  label={t('Comment')}
                  required={step.comment === 'required'}
                  description={step.comment === 'required' ? t('Say why') : undefined}
                  value={field.value}
                  onChange={(event) => field.onChange(event.currentTarget.value)}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={fieldState.error?.message ? t(fieldState.error.message) : undefined}
                  disabled={step.busy}
                  autosize
                  minRows={2}
                  maxRows={6}
                />
              )}
            />
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={step.close} disabled={step.busy}>
              {t('Cancel')}
            </Button>
            <Button type="submit" loading={step.busy}>
              {transition.label}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
