/**
 * The P6 import screen's state, headless: the file's check before upload, the upload's progress, the summary of
 * the import or the gateway's refusal (which names the line), and the lists of imported projects and imports.
 */
import { useCallback, useRef, useState } from 'react';

import { GatewayError } from '../../api/client';
import { useScheduleProjects, useXerImport, useXerImports, type XerImportSummary } from '../../api/schedule';
import { translate } from '../../lib/i18n';
import { errorMessage } from '../notices';
import { xerFileProblem } from './xer-file-check';

function refusalOf(error: unknown, fileName: string): string {
  if (error instanceof GatewayError) {
    if (error.status === 413)
      return translate('"{{name}}" is too large to import. {{reason}}', {
        name: fileName,
        reason: translate(error.message),
      });
    if (error.status === 403)
      return translate(
        'You may not import P6 programmes here: ask an administrator for Create on P6 import.',
      );
    return translate(error.message);
  }
  return errorMessage(error);
}

export function useP6Import() {
  const projects = useScheduleProjects();
  const imports = useXerImports();
  const importXer = useXerImport();
  const [progress, setProgress] = useState<number | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [summary, setSummary] = useState<XerImportSummary | null>(null);
  const abort = useRef<AbortController | null>(null);

  const importFiles = useCallback(
    async (files: readonly File[]) => {
      const problem = xerFileProblem(files);
      setSummary(null);
      if (problem) {
        setRefusal(problem);
        return;
      }
      const file = files[0];
      if (!file) return;
      setRefusal(null);
      setFileName(file.name);
      setProgress(0);
      abort.current = new AbortController();
      try {
        setSummary(
          await importXer.mutateAsync({ file, onProgress: setProgress, signal: abort.current.signal }),
        );
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') {
          setRefusal(translate('The import was cancelled: nothing was stored.'));
        } else {
          setRefusal(refusalOf(error, file.name));
        }
      } finally {
        setProgress(null);
        abort.current = null;
      }
    },
    [importXer],
  );

  const cancel = useCallback(() => abort.current?.abort(), []);

  return {
    projects,
    imports,
    /** 0 to 1 while the file is sent; 1 while the gateway reads and stores it; null otherwise. */
    progress,
    fileName,
    refusal,
    summary,
    importFiles,
    cancel,
    dismissRefusal: () => setRefusal(null),
  };
}

export type P6ImportController = ReturnType<typeof useP6Import>;
