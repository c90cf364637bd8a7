/**
 * The upload window of the explorer: the dropped file(s) and the searched register's fields for a new record, drawn
 * from its metadata as its own form draws them, prefilled from the folder.
 */
import { Alert, Button, Group, Loader, Modal, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

import type { DocumentCreated } from '../../api/dms';
import type { ScreenMeta } from '../../api/schema';
import { useTranslation } from '../../lib/i18n';
import { useMobileView } from '../../lib/use-mobile-view';
import { useTranslatedMeta } from '../screens';
import { FieldGrid } from '../screens/record-fields';
import { useDocumentScreen } from './use-document-states';
import { useUploadForm } from './use-upload-form';

export interface UploadModalProps {
  files: readonly File[];
  defaults: Readonly<Record<string, string>>;
  folderName: string;
  onClose: () => void;
  onCreated: (created: DocumentCreated) => void;
}

export function UploadModal(props: UploadModalProps) {
  const { t } = useTranslation();
  const phone = useMobileView();
  // The register the screen searches, at its route: its fields, labels and rules in the user's language.
  const meta = useTranslatedMeta(useDocumentScreen());
  // While the files are being sent the window stays open (Cancel waits too).
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      opened
      onClose={busy ? () => undefined : props.onClose}
      title={t('Upload into {{folder}}', { folder: props.folderName })}
      size="xl"
      fullScreen={phone}
    >
      {meta ? <UploadForm meta={meta} onBusy={setBusy} {...props} /> : <Loader aria-label={t('Loading')} />}
    </Modal>
  );
}

interface UploadFormProps extends UploadModalProps {
  meta: ScreenMeta;
  onBusy: (busy: boolean) => void;
}

function UploadForm({ meta, files, defaults, onClose, onCreated, onBusy }: UploadFormProps) {
  const { t } = useTranslation();
  const upload = useUploadForm(meta, files, defaults, onCreated);
  const { progress, refusal, busy } = upload;
  useEffect(() => onBusy(busy), [busy, onBusy]);
  return (
    <form onSubmit={(event) => void upload.submit(event)} aria-label={t('Upload a document')} noValidate>
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
        <FieldGrid
          control={upload.form.control}
          sections={upload.sections}
          choices={upload.choices}
          lookups={upload.lookups}
          busy={busy}
          isReadOnly={upload.isReadOnly}
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
  );
}
