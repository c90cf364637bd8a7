/**
 * The first step: a drop zone for the file (CSV, text or Excel), what is wrong with it in words right under it,
 * and, for a workbook of several sheets, the sheet to read.
 */
import '@mantine/dropzone/styles.css';

import { Alert, Group, Select, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconFileSpreadsheet, IconFileX, IconUpload } from '@tabler/icons-react';

import { formatBytes } from '../../lib/format';
import { translate, useTranslation } from '../../lib/i18n';
import { useMobileView } from '../../lib/use-mobile-view';
import { IMPORT_ACCEPT } from './import-text';
import type { ImportController } from './use-import-controller';

export function FileStep({ importer }: { importer: ImportController }) {
  const { t } = useTranslation();
  const phone = useMobileView();
  const { file, preview, reading, running } = importer;
  return (
    <Stack gap="xs">
      <Dropzone
        onDrop={(files) => importer.chooseFile(files[0])}
        onReject={(rejections) => importer.refuseFiles(rejections.map((r) => r.file))}
        accept={IMPORT_ACCEPT}
        multiple={false}
        loading={reading}
        disabled={running !== null}
        aria-label={t('Drop the file to import here')}
        // The hidden file input is named too (axe `label`): assistive technology may reach it.
        inputProps={{ 'aria-label': t('Drop the file to import here') }}
        p={phone ? 'sm' : 'md'}
        data-testid="import-dropzone"
      >
        <Group justify="center" gap="sm" wrap="nowrap" style={{ pointerEvents: 'none' }}>
          <Dropzone.Accept>
            <IconUpload size={32} stroke={1.5} />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconFileX size={32} stroke={1.5} />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconFileSpreadsheet size={32} stroke={1.5} color="var(--mantine-color-dimmed)" />
          </Dropzone.Idle>
          <div>
            <Text size="sm" fw={600}>
              {file && preview
                ? phone
                  ? t('Tap to choose another file')
                  : t('Drag another file here, or click to choose one')
                : phone
                  ? t('Tap to choose the file to import')
                  : t('Drag the file to import here, or click to choose it')}
            </Text>
            <Text size="xs" c="dimmed">
              {t(
                'CSV or text (any delimiter, UTF-8 or Windows), or Excel .xlsx; the first row holds the headers',
              )}
            </Text>
          </div>
        </Group>
      </Dropzone>
      {file ? (
        <Text size="sm" data-testid="import-file" style={{ overflowWrap: 'anywhere' }}>
          {file.name} · {formatBytes(file.size)}
          {preview
            ? ` · ${preview.format === 'xlsx' ? t('Excel workbook') : describeText(preview.encoding ?? null, preview.delimiter ?? null)}`
            : ''}
        </Text>
      ) : null}
      {importer.fileProblem ? (
        <Alert
          color="red"
          title={t('This file cannot be imported')}
          role="alert"
          data-testid="import-file-problem"
        >
          {importer.fileProblem}
        </Alert>
      ) : null}
      {preview && preview.sheets.length > 1 ? (
        <Select
          label={t('Sheet')}
          description={t('The sheet whose rows are imported')}
          data={preview.sheets}
          value={importer.sheet}
          onChange={(value) => value && importer.chooseSheet(value)}
          allowDeselect={false}
          disabled={reading || running !== null}
          maw={360}
        />
      ) : null}
    </Stack>
  );
}

/** "comma-separated" and the like, in the current language. */
function separated(delimiter: string): string {
  switch (delimiter) {
    case ',':
      return translate('comma-separated');
    case ';':
      return translate('semicolon-separated');
    case '\t':
      return translate('tab-separated');
    case '|':
      return translate('bar-separated');
    default:
      return translate('"{{delimiter}}"-separated', { delimiter });
  }
}

/** "CSV, UTF-8, comma-separated". */
function describeText(encoding: string | null, delimiter: string | null): string {
  const parts = ['CSV'];
  if (encoding) parts.push(encoding);
  if (delimiter) parts.push(separated(delimiter));
  return parts.join(', ');
}
