/**
 * A revision's PDF or image shown in the page: read with the session's header (as the Files tab reads a file), then
 * drawn by the browser from a local address: PDFs in its own viewer, images as images.
 */
import { Alert, Loader, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

import { useRevisionFilePreview } from '../../api/dms';
import type { RecordFile } from '../../api/schema';
import { useTranslation } from '../../lib/i18n';
import { errorMessage } from '../notices';
import { previewKind } from './compare';

export function FilePreview({
  revision,
  file,
  height,
}: {
  revision: number;
  file: RecordFile | null;
  height: number | string;
}) {
  const { t } = useTranslation();
  const content = useRevisionFilePreview(revision, file);
  const [address, setAddress] = useState<string | null>(null);
  const blob = content.data?.blob;
  useEffect(() => {
    if (!blob) return undefined;
    const url = URL.createObjectURL(blob);
    setAddress(url);
    return () => URL.revokeObjectURL(url);
  }, [blob]);

  if (file === null)
    return (
      <Text size="sm" c="dimmed">
        {t('This revision has no PDF or image to show.')}
      </Text>
    );
  if (content.isError)
    return (
      <Alert color="red" title={t('{{file}} could not be read', { file: file.name })}>
        {errorMessage(content.error)}
      </Alert>
    );
  if (!address) return <Loader size="sm" aria-label={t('Reading {{file}}', { file: file.name })} />;
  return previewKind(file) === 'image' ? (
    <img
      src={address}
      alt={file.name}
      style={{ maxWidth: '100%', maxHeight: height, objectFit: 'contain' }}
    />
  ) : (
    <iframe
      src={address}
      title={file.name}
      style={{ width: '100%', height, border: '1px solid var(--mantine-color-default-border)' }}
    />
  );
}
