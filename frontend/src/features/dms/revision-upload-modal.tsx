/**
 * A new revision of a document, before anything is sent: the files chosen, what changed (the revision's
 * description, ISO 19650's revision record: a reviewer must know what to look at) and the console's question
 * (docs/console.md §5). The upload itself is the panel's.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';

import { translate, useTranslation } from '../../lib/i18n';
import { useMobileView } from '../../lib/use-mobile-view';
import { CONFIRM_SAVE, confirm, noticeDeclined } from '../notices';

/** The revision line's column the note is kept in (dms_revision.toml). */
export const CHANGE_NOTE = 'c_description';
/** As long as the column allows. */
const NOTE_MAX = 1000;

const schema = z.object({
  note: z
    .string()
    .trim()
    .min(1, translate('Say what changed in this revision'))
    .max(NOTE_MAX, translate('Up to {{count}} characters', { count: NOTE_MAX })),
});
type RevisionNote = z.infer<typeof schema>;

export interface RevisionUploadModalProps {
  document: string;
  files: readonly File[];
  onCancel: () => void;
  /** Called with the note once the person has said Yes. */
  onUpload: (note: string) => void;
}

export function RevisionUploadModal({ document, files, onCancel, onUpload }: RevisionUploadModalProps) {
  const { t } = useTranslation();
  const phone = useMobileView();
  const form = useForm<RevisionNote>({
    resolver: zodResolver(schema),
    defaultValues: { note: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const submit = form.handleSubmit(async ({ note }) => {
    if (!(await confirm(CONFIRM_SAVE))) {
      noticeDeclined('Submitting Details');
      return;
    }
    onUpload(note.trim());
  });
  return (
    <Modal
      opened
      onClose={onCancel}
      title={t('New revision of {{document}}', { document })}
      fullScreen={phone}
    >
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('New revision')}>
        <Stack gap="sm">
          <div>
            <Text size="sm" fw={600}>
              {t('Files')}
            </Text>
            <List size="sm">
              {files.map((file) => (
                <List.Item key={file.name} style={{ overflowWrap: 'anywhere' }}>
                  {file.name}
                </List.Item>
              ))}
            </List>
          </div>
          <Controller
            control={form.control}
            name="note"
            render={({ field, fieldState }) => (
              <Textarea
                {...field}
                label={t('What changed')}
                description={t('Kept with the revision: reviewers read it first')}
                withAsterisk
                autosize
                minRows={3}
                maxLength={NOTE_MAX}
                error={fieldState.error?.message}
                data-autofocus
              />
            )}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onCancel}>
              {t('Cancel')}
            </Button>
            <Button type="submit">{t('Upload the revision')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
