/**
 * The single upload's form: the searched register's own fields for a new record (its metadata: sections, rules,
 * look-ups; `useNewRecordForm`), started from the folder's metadata, sent with the file(s) to its `[upload]` with
 * progress. The gateway's per-field messages land under their fields, any other refusal (a duplicate number, a
 * refused file type, too large) above the form.
 */
import { useState } from 'react';

import { GatewayError } from '../../api/client';
import { type DocumentCreated, useCreateDocument } from '../../api/dms';
import type { ScreenMeta } from '../../api/schema';
import { translate } from '../../lib/i18n';
import { errorMessage } from '../notices';
import { useNewRecordForm } from '../screens/record-fields';

export function useUploadForm(
  meta: ScreenMeta,
  files: readonly File[],
  defaults: Readonly<Record<string, string>>,
  onCreated: (created: DocumentCreated) => void,
) {
  const fields = useNewRecordForm(meta, defaults);
  const { form } = fields;
  const create = useCreateDocument();
  const [progress, setProgress] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setRefusal(null);
    setProgress(0);
    // The multipart's text parts: what one may fill, blank left out (the server's defaults apply).
    const body = Object.fromEntries(
      Object.entries(fields.payload(values)).flatMap(([name, value]) =>
        value === null ? [] : [[name, value]],
      ),
    );
    try {
      const created = await create.mutateAsync({ files, fields: body, onProgress: setProgress });
      onCreated(created);
    } catch (error) {
      const messages = error instanceof GatewayError ? error.fields : {};
      const drawn = new Set(
        fields.sections.flatMap((section) => section.columns.map((column) => column.name)),
      );
      const placed = Object.entries(messages).filter(([field]) => drawn.has(field));
      const unplaced = Object.entries(messages).filter(([field]) => !drawn.has(field));
      for (const [field, message] of placed) form.setError(field, { message: translate(message) });
      if (placed.length === 0 || unplaced.length > 0) {
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

  return { ...fields, submit, progress, refusal, busy: progress !== null };
}
