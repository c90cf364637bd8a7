/**
 * The importer for one register, drawn from its controller (`useImportController`): the steps (choose a file, match
 * its columns, check, import), the values a preset asks once, the template, the server's progress, the results and
 * the recent imports. On a phone the steps stack and the tables become cards.
 */
import { Alert, Button, Group, Modal, Stack, Stepper, Text } from '@mantine/core';
import { IconChecklist, IconTableDown } from '@tabler/icons-react';

import type { ImportPreset, ImportSummary } from '../../api/schema';
import { useTranslation } from '../../lib/i18n';
import { useMobileView } from '../../lib/use-mobile-view';
import { AskPickers } from './ask-pickers';
import { FileStep } from './file-step';
import { ImportProgress } from './import-progress';
import { ImportDone, ImportResults } from './import-results';
import { count, validOnlyLabel } from './import-text';
import { MappingTable } from './mapping-table';
import { RecentImports } from './recent-imports';
import { type ImportController, type ImportStep, useImportController } from './use-import-controller';

export interface ImportPageProps {
  entry: string;
  /** The register's name, for the words ("Import into Corridors"). */
  entryTitle: string;
  preset?: ImportPreset;
  onImported?: (summary: ImportSummary) => void;
}

// The step under way; those before it are done (after a check, the import is next).
const STEP_INDEX: Record<ImportStep, number> = { file: 0, map: 1, results: 3, done: 4 };

/** On a phone, the step the user is looking at (a check's results belong to Check). */
const PHONE_STEP: Record<ImportStep, number> = { file: 0, map: 1, results: 2, done: 3 };

/** The steps; labels and descriptions (English) are shown through `t()`. */
const STEPS = [
  { label: 'Choose a file', description: 'CSV or Excel' },
  { label: 'Match the columns', description: 'File → register' },
  { label: 'Check', description: 'Nothing is written' },
  { label: 'Import', description: 'All or nothing' },
];

export function ImportPage({ entry, entryTitle, preset, onImported }: ImportPageProps) {
  const { t } = useTranslation();
  const importer = useImportController({ entry, preset, onImported });
  const phone = useMobileView();
  const { step } = importer;
  const phoneStep = STEPS[PHONE_STEP[step]];
  const checked = importer.checked;
  return (
    <Stack gap="md" data-testid="importer" data-step={step}>
      {phone ? (
        <Text size="sm" fw={600} c="dimmed" data-testid="import-step">
          {step === 'done'
            ? t('Done')
            : t('Step {{step}} of {{steps}}: {{label}}', {
                step: PHONE_STEP[step] + 1,
                steps: STEPS.length,
                label: phoneStep ? t(phoneStep.label) : '',
              })}
        </Text>
      ) : (
        <Stepper
          active={STEP_INDEX[step]}
          size="xs"
          allowNextStepsSelect={false}
          aria-label={t('Steps of the import')}
        >
          {STEPS.map((s) => (
            <Stepper.Step key={s.label} label={t(s.label)} description={t(s.description)} />
          ))}
        </Stepper>
      )}

      {preset && preset.ask.length > 0 && step !== 'done' ? (
        <AskPickers
          ask={preset.ask}
          values={importer.asked}
          onChange={importer.setAsk}
          disabled={importer.running !== null}
        />
      ) : null}

      {step === 'file' || step === 'map' ? <FileStep importer={importer} /> : null}

      {step === 'file' ? <TemplateLine importer={importer} entryTitle={entryTitle} /> : null}

      {step === 'map' ? (
        <>
          <MappingTable importer={importer} />
          <Group gap="xs">
            <Button
              leftSection={<IconChecklist size={16} />}
              onClick={importer.check}
              disabled={importer.blockers.length > 0 || importer.running !== null}
              loading={importer.running?.dryRun === true}
            >
              {t('Check the file')}
            </Button>
            <Text size="xs" c="dimmed">
              {t("Every row is checked with the form's rules; nothing is written.")}
            </Text>
          </Group>
        </>
      ) : null}

      {step === 'results' && importer.file ? (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {checked
            ? checked.rows_read === 1
              ? t('Checked {{file}}: {{count}} row.', {
                  file: importer.file.name,
                  count: count(checked.rows_read),
                })
              : t('Checked {{file}}: {{count}} rows.', {
                  file: importer.file.name,
                  count: count(checked.rows_read),
                })
            : t('Checked {{file}}.', { file: importer.file.name })}
        </Text>
      ) : null}

      <ImportProgress importer={importer} />

      {importer.runProblem ? (
        <Alert color="red" title={t('The import did not go ahead')} role="alert" data-testid="import-problem">
          {importer.runProblem}
        </Alert>
      ) : null}

      {step === 'results' ? <ImportResults importer={importer} /> : null}
      {step === 'done' ? <ImportDone importer={importer} /> : null}

      <RecentImports importer={importer} />
      <ValidOnlyConfirmation importer={importer} />
    </Stack>
  );
}

function TemplateLine({ importer, entryTitle }: { importer: ImportController; entryTitle: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="wrap">
      <Button
        variant="default"
        size="xs"
        leftSection={<IconTableDown size={14} />}
        onClick={importer.downloadTemplate}
        loading={importer.downloadingTemplate}
      >
        {t('Download template (XLSX)')}
      </Button>
      <Text size="xs" c="dimmed">
        {t('The columns of {{register}} with an example row and the allowed values of each list.', {
          register: entryTitle,
        })}
      </Text>
    </Group>
  );
}

function ValidOnlyConfirmation({ importer }: { importer: ImportController }) {
  const { t } = useTranslation();
  const phone = useMobileView();
  const summary = importer.checked;
  if (!summary) return null;
  const figures = { valid: count(importer.validRows), refused: count(summary.refused) };
  const oneValid = importer.validRows === 1;
  const oneRefused = summary.refused === 1;
  const explanation = oneValid
    ? oneRefused
      ? t(
          '{{valid}} row will be imported and {{refused}} row left out. The rows left out stay in the error report; fix them and import them later in a file of their own.',
          figures,
        )
      : t(
          '{{valid}} row will be imported and {{refused}} rows left out. The rows left out stay in the error report; fix them and import them later in a file of their own.',
          figures,
        )
    : oneRefused
      ? t(
          '{{valid}} rows will be imported and {{refused}} row left out. The rows left out stay in the error report; fix them and import them later in a file of their own.',
          figures,
        )
      : t(
          '{{valid}} rows will be imported and {{refused}} rows left out. The rows left out stay in the error report; fix them and import them later in a file of their own.',
          figures,
        );
  return (
    <Modal
      opened={importer.confirmingValidOnly}
      onClose={importer.cancelValidOnly}
      title={t('Import only the valid rows?')}
      fullScreen={phone}
      centered
    >
      <Stack gap="sm">
        <Text size="sm">{explanation}</Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={importer.cancelValidOnly}>
            {t('No')}
          </Button>
          <Button onClick={importer.importValidOnly}>{validOnlyLabel(importer.validRows)}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
