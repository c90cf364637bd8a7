/**
 * The form of a data screen in a modal, drawn from its controller (`useRecordForm`): inputs by section, and only
 * the buttons the user may use (read-only for a user who may not change the record). A record that exists has a
 * History tab beside its details; on a register with a workflow the header shows the record's number and state,
 * and the transitions the user may perform are buttons that open the transition's own form.
 */
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Stack,
  Tabs,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useModals } from '@mantine/modals';
import { IconCopy } from '@tabler/icons-react';
import { useMemo, useState } from 'react';

import type { ScreenMeta, TransitionDef } from '../../api/schema';
import { useMobileView } from '../../lib/use-mobile-view';
import { GatewayError } from '../../api/client';
import { formatIndianDateTime } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { errorMessage } from '../notices';
import { childRegisters } from './child-lines';
import { ChildLinesPanel } from './child-lines-panel';
import { FieldGrid } from './field-grid';
import { RecordFiles } from './record-files';
import { RecordHistory } from './record-history';
import { StateBadge } from './state-badge';
import { TransitionModal } from './transition-modal';
import type { LastStep } from './step-notes';
import { type RecordFormController, type RecordFormEvents, useRecordForm } from './use-record-form';
import { sendingStep, stateColour, stateLabel, stateOf } from './workflow';
import { numberOf } from './record-number';

export interface RecordFormProps extends RecordFormEvents {
  meta: ScreenMeta;
  /** The record being edited (its primary key, or an opaque `r.…` reference); null for a new one. */
  recordKey: string | null;
  /** The tab to open with: a child register's entry (its lines), `files` or `history`; else the details. */
  openTab?: string | null;
  /** A new record's values over its defaults (a reply's, from the letter answered). */
  starting?: Readonly<Record<string, string>>;
}

/** The form's tabs: `details`, `history`, `files`, and `child:<entry>` per child register. */
type Tab = string;

export function RecordForm({
  meta,
  recordKey,
  openTab,
  starting,
  onClose,
  onCreated,
  onFollowUp,
}: RecordFormProps) {
  const { t } = useTranslation();
  const editor = useRecordForm(meta, recordKey, { onClose, onCreated, onFollowUp }, starting);
  const phone = useMobileView();
  const children = useMemo(() => childRegisters(meta.children), [meta.children]);
  const [tab, setTab] = useState<Tab>(() => firstTab(openTab, children, meta.attachments === true));
  const [acting, setActing] = useState<TransitionDef | null>(null);
  // Esc belongs to whatever is open over the form: a confirmation, a transition's form, an image.
  const { modals: questions } = useModals();
  const [previewing, setPreviewing] = useState(false);
  const { formState } = editor.form;
  const missing = editor.loadError instanceof GatewayError && editor.loadError.status === 404;
  // One record is named by the register's singular name when it has one ("New Safety observation").
  const one = meta.singular ?? meta.title;
  const title = !editor.editing
    ? t('New {{title}}', { title: one })
    : missing
      ? t('{{title}} not found', { title: one })
      : editor.canSave
        ? t('Edit {{title}}', { title: one })
        : meta.title;
  const number = numberOf(meta, editor.record);
  // One stable callback per child tab (its effect reports only changes).
  const { linesChanged } = editor;
  const unsavedOf = useMemo(() => {
    const byChild = new Map<string, (unsaved: boolean) => void>();
    return (child: string) => {
      let report = byChild.get(child);
      if (!report) {
        report = (unsaved: boolean) => linesChanged(child, unsaved);
        byChild.set(child, report);
      }
      return report;
    };
    // `linesChanged` only sets state: the first one serves for the form's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const details = <RecordDetails meta={meta} editor={editor} />;
  return (
    <Modal
      opened
      onClose={editor.close}
      size="xl"
      fullScreen={phone}
      title={
        <Group gap="xs" wrap="wrap" component="span">
          <Title order={3} component="span">
            {title}
          </Title>
          {number ? (
            <Text fw={600} c="dimmed" component="span" data-testid="record-number">
              {number}
            </Text>
          ) : null}
          {editor.state ? <StateBadge state={editor.state} size="lg" data-testid="record-state" /> : null}
          {editor.overdue ? (
            <Badge color="red" variant="filled" tt="none">
              {t('Overdue')}
            </Badge>
          ) : null}
          {editor.canSave ? null : <Badge variant="light">{t('Read only')}</Badge>}
        </Group>
      }
      closeOnEscape={acting === null && questions.length === 0 && !previewing}
      closeOnClickOutside={!formState.isDirty}
    >
      {editor.loading ? (
        <Center h={200}>
          <Loader aria-label={t('Loading the record')} />
        </Center>
      ) : editor.loadError ? (
        <Alert
          color={missing ? 'orange' : 'red'}
          title={
            missing ? t('No such {{title}}', { title: meta.title }) : t('The record could not be loaded')
          }
          role="alert"
        >
          {errorMessage(editor.loadError)}
        </Alert>
      ) : editor.editing && editor.recordKey !== null ? (
        <Stack gap="sm">
          {editor.lastStep ? <LastStepNote step={editor.lastStep} /> : null}
          <DraftBanner meta={meta} editor={editor} />
          {editor.followUps.length > 0 || editor.copyLabel ? (
            <Group justify="flex-end" gap="xs">
              {editor.followUps.map((followUp) => (
                <Button
                  key={followUp.label}
                  size="xs"
                  variant="default"
                  disabled={editor.busy || formState.isDirty}
                  onClick={followUp.start}
                >
                  {t(followUp.label)}
                </Button>
              ))}
              {editor.copyLabel ? (
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconCopy size={14} />}
                  loading={editor.copying}
                  disabled={editor.busy || formState.isDirty}
                  onClick={() => void editor.copy()}
                >
                  {editor.copyLabel}
                </Button>
              ) : null}
            </Group>
          ) : null}
          {editor.transitions.length > 0 ? (
            <TransitionButtons editor={editor} meta={meta} dirty={formState.isDirty} onAct={setActing} />
          ) : null}
          <Tabs
            value={tab}
            onChange={(next) => setTab(next ?? 'details')}
            // On a phone a tab keeps its whole name ("History", not "Histo"); the row scrolls instead.
            styles={phone ? { tab: { flexShrink: 0 } } : undefined}
          >
            {/* On a phone the tabs scroll sideways in one row instead of wrapping into two. */}
            <Tabs.List
              mb="sm"
              style={phone ? { flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' } : undefined}
            >
              <Tabs.Tab value="details">{t('Details')}</Tabs.Tab>
              {children.map((child) => (
                <Tabs.Tab key={child.entry} value={`child:${child.entry}`}>
                  {child.title}
                </Tabs.Tab>
              ))}
              {meta.attachments ? <Tabs.Tab value="files">{t('Files')}</Tabs.Tab> : null}
              {/* A view's record (read-only, worked out by the database) has no changes to show. */}
              {meta.writable ? <Tabs.Tab value="history">{t('History')}</Tabs.Tab> : null}
            </Tabs.List>
            <Tabs.Panel value="details">{details}</Tabs.Panel>
            {children.map((child) => (
              <Tabs.Panel key={child.entry} value={`child:${child.entry}`}>
                <ChildLinesPanel
                  child={child}
                  parentEntry={meta.entry}
                  parentKey={editor.recordKey ?? ''}
                  parentState={editor.state}
                  active={tab === `child:${child.entry}`}
                  theirs={editor.linesAreMine(child.entry)}
                  onUnsaved={unsavedOf(child.entry)}
                />
              </Tabs.Panel>
            ))}
            {meta.attachments ? (
              <Tabs.Panel value="files">
                <RecordFiles
                  meta={meta}
                  recordKey={editor.recordKey}
                  active={tab === 'files'}
                  onPreview={setPreviewing}
                  recordState={editor.state}
                />
              </Tabs.Panel>
            ) : null}
            {meta.writable ? (
              <Tabs.Panel value="history">
                <RecordHistory meta={meta} recordKey={editor.recordKey} active={tab === 'history'} />
              </Tabs.Panel>
            ) : null}
          </Tabs>
          {acting && editor.record ? (
            <TransitionModal
              meta={meta}
              transition={acting}
              record={editor.record}
              recordKey={editor.recordKey}
              from={editor.state}
              onClose={() => setActing(null)}
              onDone={(after) => {
                setActing(null);
                editor.transitioned(after);
              }}
            />
          ) : null}
        </Stack>
      ) : (
        details
      )}
    </Modal>
  );
}

/** The transitions the user may perform now, as buttons (in the colour of the state each leads to). */
function TransitionButtons({
  editor,
  meta,
  dirty,
  onAct,
}: {
  editor: RecordFormController;
  meta: ScreenMeta;
  dirty: boolean;
  onAct: (transition: TransitionDef) => void;
}) {
  const { t } = useTranslation();
  // With unsaved changes a step saves them first ("Save and submit to engineer"), so an edited record moves on in
  // one go; without the right to save them, the step waits for them to be discarded.
  const saveFirst = dirty && editor.canSave;
  // Why a step is not open yet, said beside the buttons (a tooltip alone is unseen on a phone and by a keyboard).
  const reasons = editor.transitions.flatMap((transition) => {
    const blocked = editor.blockedBy(transition);
    return blocked ? [{ step: transition.label, reason: blocked }] : [];
  });
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="wrap" role="group" aria-label={t('Actions on this record')}>
        {editor.transitions.map((transition) => {
          const colour = stateColour(meta.workflow ? stateOf(meta.workflow, transition.to) : undefined);
          // A step whose condition the record does not meet yet says why instead of being refused.
          const blocked = editor.blockedBy(transition);
          const button = (
            <Button
              key={transition.name}
              // Gray light reads as disabled: a transition to a gray state is a plain button.
              variant={colour === 'gray' ? 'default' : 'light'}
              color={colour === 'gray' ? undefined : colour}
              disabled={(dirty && !saveFirst) || editor.busy || blocked !== null}
              onClick={() =>
                saveFirst ? void editor.saveThen(() => onAct(transition))() : onAct(transition)
              }
            >
              {saveFirst ? t('Save and {{step}}', { step: lowerFirst(transition.label) }) : transition.label}
            </Button>
          );
          return blocked ? (
            <Tooltip key={transition.name} label={blocked} multiline maw={320}>
              <span data-testid="blocked-step">{button}</span>
            </Tooltip>
          ) : (
            button
          );
        })}
      </Group>
      {reasons.map(({ step, reason }) => (
        <Text key={step} size="xs" c="dimmed" data-testid="blocked-reason">
          <Text span fw={600} inherit>
            {step}:
          </Text>{' '}
          {reason}
        </Text>
      ))}
      {dirty && !saveFirst ? (
        <Text size="xs" c="dimmed">
          {t('Discard your changes first.')}
        </Text>
      ) : null}
    </Stack>
  );
}

/** "Submit to engineer" → "submit to engineer" (an acronym such as "RFI" keeps its capitals). */
function lowerFirst(label: string): string {
  return /^[A-Z][a-z]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label;
}

/** The tab a link names, when the form has it: a child register's lines, the files or the history. */
function firstTab(
  named: string | null | undefined,
  children: readonly { entry: string }[],
  attachments: boolean,
): Tab {
  if (!named) return 'details';
  if (children.some((child) => child.entry === named)) return `child:${named}`;
  if (named === 'history' || (named === 'files' && attachments)) return named;
  return 'details';
}

/**
 * A stored draft says so at the top of its form, with the step that sends it on: saving keeps it where only its
 * author's side sees it, and the "Submitted Successfully" of a save must not read as sent.
 */
function DraftBanner({ meta, editor }: { meta: ScreenMeta; editor: RecordFormController }) {
  const { t } = useTranslation();
  const workflow = meta.workflow;
  if (!workflow || editor.state?.category !== 'draft') return null;
  const sending = sendingStep(workflow, editor.state, editor.transitions);
  return (
    <Alert color="yellow" variant="light" p="xs" data-testid="draft-banner" title={t('Not sent yet')}>
      <Text size="sm">
        {sending
          ? t('Press “{{action}}” to send it on: it will be {{to}}.', {
              action: t(sending.step.label),
              to: t(stateLabel(sending.to)),
            })
          : t('It is a draft: nobody else has been sent it.')}
      </Text>
    </Alert>
  );
}

/** The record's last step, at the top of its form while it is where that step left it: who, when, and why. */
function LastStepNote({ step }: { step: LastStep }) {
  const { t } = useTranslation();
  return (
    <Alert color="orange" variant="light" p="xs" data-testid="last-step" title={null}>
      <Text size="sm">
        <Text span fw={600}>
          {t(step.label)}
        </Text>{' '}
        {t('by {{name}} on {{date}}: “{{comment}}”', {
          name: step.by,
          date: formatIndianDateTime(step.at),
          comment: step.comment,
        })}
      </Text>
    </Alert>
  );
}

/** The record's fields by section, with Delete, Cancel or Done, and Save or Update. */
function RecordDetails({ meta, editor }: { meta: ScreenMeta; editor: RecordFormController }) {
  const { t } = useTranslation();
  const { control } = editor.form;
  return (
    <form
      onSubmit={(event) => void editor.save(event)}
      noValidate
      aria-label={t('{{title}} form', { title: meta.title })}
    >
      <Stack gap="md">
        {editor.stale ? (
          <Alert color="orange" title={t('Changed by someone else')} role="alert">
            <Stack gap="xs">
              <Text size="sm">{t(editor.stale)}</Text>
              <Group>
                <Button size="xs" onClick={() => void editor.reload()}>
                  {t('Reload the record')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : null}
        <FieldGrid
          control={control}
          sections={editor.sections}
          choices={editor.choices}
          lookups={editor.lookups}
          busy={editor.busy}
          isReadOnly={editor.isReadOnly}
          notes={editor.notes}
        />
        <Group justify="space-between">
          <div>
            {editor.canDelete ? (
              <Button
                color="red"
                variant="light"
                onClick={() => void editor.destroy()}
                disabled={editor.busy}
              >
                {t('Delete')}
              </Button>
            ) : null}
          </div>
          <Group>
            {/* Never "Close": a workflow's step may be called that (close an RFI for good). */}
            <Button variant="default" onClick={editor.close} disabled={editor.busy}>
              {editor.canSave ? t('Cancel') : t('Done')}
            </Button>
            {editor.canSave ? (
              <Button type="submit" loading={editor.saving}>
                {editor.editing ? t('Update') : t('Save')}
              </Button>
            ) : null}
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
