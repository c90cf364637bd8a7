/**
 * The single upload's form: the folder's metadata as defaults, checked on the way (zod), sent with the file(s) to
 * `POST /api/data/{entry}/upload` with progress; the gateway's per-field messages land under their fields, any other
 * refusal (a duplicate number, a refused file type, too large) above the form.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { GatewayError } from '../../api/client';
import { type DocumentCreated, useCreateDocument } from '../../api/dms';
import { translate } from '../../lib/i18n';
import { errorMessage } from '../notices';
import { UPLOAD_FIELDS, type UploadValues, uploadSchema, uploadValues } from './upload-schema';

export function useUploadForm(
  files: readonly File[],
  defaults: Readonly<Record<string, string>>,
  onCreated: (created: DocumentCreated) => void,
) {
  const form = useForm<UploadValues>({
    resolver: zodResolver(uploadSchema),
    defaultValues: uploadValues(defaults),
  });
  const create = useCreateDocument();
  const [progress, setProgress] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setRefusal(null);
    setProgress(0);
    try {
      const created = await create.mutateAsync({ files, fields: values, onProgress: setProgress });
      onCreated(created);
    } catch (error) {
      const fields = error instanceof GatewayError ? error.fields : {};
      let placed = false;
      for (const [field, message] of Object.entries(fields)) {
        if ((UPLOAD_FIELDS as string[]).includes(field)) {
          form.setError(field as keyof UploadValues, { message: translate(message) });
          placed = true;
        }
      }
      const unplaced = Object.entries(fields).filter(
        ([field]) => !(UPLOAD_FIELDS as string[]).includes(field),
      );
      if (!placed || unplaced.length > 0) {
        setRefusal(
          unplaced.length > 0
            ? unplaced.map(([, message]) => translate(message)).join(' ')
            : errorMessage(error),
        );
      }
    } finally {
      setProgress(null);
    }
  });

  return { form, submit, progress, refusal, busy: progress !== null };
}
