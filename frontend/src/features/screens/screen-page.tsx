/**
 * A data screen rendered from the registry: the screen's description from the gateway, its list, and a form to
 * see, create, edit and delete records. Which buttons exist follows what the user may do here (`actions` of the
 * screen): New needs create, Save needs update (otherwise the record opens read-only), Delete needs delete, the
 * exports need export. Read-only entries get the list only. Features with forms of their own (user
 * administration) pass `renderForm`; this engine knows no particular screen.
 *
 * `?record=<key>` (a primary key, an opaque `r.…` reference as the pending list links them, or the record's document
 * number such as `C2-V02-RFI-00010`) opens that record's form, and opening a record from the list puts its key in the
 * address, so the address can be shared. On a register with a workflow a new record stays open once saved (its number, state and transitions). A
 * user who does not hold the route but whom records wait on (`waiting_only`) sees those records only, and acts on
 * them through their transitions.
 */
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  LoadingOverlay,
  Modal,
  Stack,
  Title,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { useMe } from '../../api/auth';
import { GatewayError } from '../../api/client';
import type { Actions, ScreenMeta } from '../../api/schema';
import { prefetchList, useRecordKey, useScreen } from '../../api/screens';
import { useTranslation } from '../../lib/i18n';
import { LoadError } from '../notices';
import { DataGrid } from './data-grid';
import { useTranslatedMeta } from './translate-meta';

// The form (its inputs, date pickers, drop zone, history, transitions and the form library with its rules) loads
// when a record is first opened: a list does not wait for it (docs/performance.md, "The console's first load").
const RecordForm = lazy(async () => ({ default: (await import('./record-form')).RecordForm }));

const NO_ACTIONS: Actions = { create: false, update: false, delete: false, export: false };
const ALL_ACTIONS: Actions = { create: true, update: true, delete: true, export: true };

export interface ScreenPageProps {
  route: string;
  /** Shown when the route has no registry screen (the gateway answers 404). */
  notAScreen: ReactNode;
  /**
   * Replaces the generic form (the user screens write through the administration API, so what the user may do
   * there is their permission on the route, `actions` of `/api/auth/me`, rather than the entry's).
   */
  renderForm?: (meta: ScreenMeta, recordKey: string | null, close: () => void, actions: Actions) => ReactNode;
  /** Extra buttons beside "New". */
  buttons?: ReactNode;
  /**
   * The importer for the register (the list's Import button, for users who may create its records on a writable
   * entry): composed by the app, which knows the import feature.
   */
  renderImport?: (meta: ScreenMeta, close: () => void) => ReactNode;
}

export function ScreenPage({ route, notAScreen, renderForm, buttons, renderImport }: ScreenPageProps) {
  const { t } = useTranslation();
  const screen = useScreen(route);
  // The registry's texts in the user's language, once for the whole screen (its list, form, lines and history).
  const translated = useTranslatedMeta(screen.data);
  const me = useMe();
  const queryClient = useQueryClient();
  const location = useLocation();
  const navigate = useNavigate();
  const linked = new URLSearchParams(location.search).get('record') || undefined;
  // A link may name the form's tab to open (`&tab=<child entry>`: a pending review line opens at its Reviewers tab).
  const linkedTab = new URLSearchParams(location.search).get('tab');
  // undefined: closed; null: a new record; text: the key of the record being opened.
  const [open, setOpen] = useState<string | null | undefined>(linked);
  // A new record's starting values when another record started it (a letter's Reply).
  const [starting, setStarting] = useState<Readonly<Record<string, string>> | undefined>(undefined);
  const [importing, setImporting] = useState(false);
  // What opened the record (New, a row of the list): the focus goes back to it when the record closes (WCAG 2.4.3).
  // The dialog's own return of the focus cannot: saving a new record replaces the dialog, and the focus landed on
  // the page's body.
  const opener = useRef<HTMLElement | null>(null);
  // Each visit of a record link opens it, the same link again too (a new location each time).
  const [visit, setVisit] = useState(location.key);
  if (visit !== location.key) {
    setVisit(location.key);
    if (linked) setOpen(linked);
  }
  // A description read earlier (remembered for minutes) started no reads when it arrived: the list's reads
  // start here, while this render builds the grid; once per description (a memo, not an effect, which would run
  // only after the grid is built). The cache joins them with reads already under way.
  useMemo(() => screen.data && prefetchList(queryClient, screen.data), [queryClient, screen.data]);

  if (screen.isPending) {
    return (
      <Center h={240}>
        <Loader aria-label={t('Loading the screen')} />
      </Center>
    );
  }
  if (screen.isError) {
    const status = screen.error instanceof GatewayError ? screen.error.status : 0;
    if (status === 404) return <>{notAScreen}</>;
    // Without permission the page's "Access disabled" overlay says so.
    if (status === 403) return <div style={{ minHeight: 320 }} data-testid="screen-forbidden" />;
    return (
      <LoadError
        title={t('This screen could not be loaded')}
        error={screen.error}
        retry={() => void screen.refetch()}
      />
    );
  }

  const meta = translated ?? screen.data;
  /** Opens a record (or a new one: null) and keeps it in the address, so the link can be shared. */
  const openRecord = (key: string | null, startingValues?: Readonly<Record<string, string>>) => {
    if (open === undefined) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    }
    setStarting(startingValues);
    setOpen(key);
    if (key === null || waitingOnlyOf(meta)) return;
    const params = new URLSearchParams(location.search);
    if (params.get('record') === key) return;
    params.set('record', key);
    void navigate({ pathname: location.pathname, search: `?${params.toString()}` });
  };
  const routeActions =
    me.data?.actions[route] ?? (me.data?.user.superadmin === true ? ALL_ACTIONS : NO_ACTIONS);
  const actions: Actions = renderForm ? { ...routeActions, export: meta.actions.export } : meta.actions;
  // A read-only register with lines (a view and its view of lines: the schedule check and its findings) opens
  // its records read-only, so their lines can be read on their tabs.
  const hasForm = meta.writable || renderForm !== undefined || (meta.children?.length ?? 0) > 0;
  const readOnly = !hasForm || !(actions.create || actions.update || actions.delete);
  const waitingOnly = waitingOnlyOf(meta);
  const canImport =
    renderImport !== undefined && !renderForm && meta.writable && actions.create && !waitingOnly;
  const close = () => {
    setOpen(undefined);
    setStarting(undefined);
    const back = opener.current;
    opener.current = null;
    // After the dialog has gone (and after any focus it returns itself).
    if (back) window.setTimeout(() => back.isConnected && back.focus(), 20);
    // The record's address is left; a user whom the records only wait on keeps it, as it is what opens the screen.
    if (new URLSearchParams(location.search).has('record') && !waitingOnly) {
      const params = new URLSearchParams(location.search);
      params.delete('record');
      params.delete('tab');
      const search = params.toString();
      void navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
    }
  };
  return (
    <Stack gap="sm" data-testid="data-screen" data-entry={meta.entry}>
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Title order={2}>{meta.title}</Title>
          {waitingOnly ? (
            <Badge variant="light" color="orange">
              {t('Waiting on you')}
            </Badge>
          ) : readOnly ? (
            <Badge variant="light">{t('Read only')}</Badge>
          ) : null}
        </Group>
        <Group gap="xs">
          {buttons}
          {hasForm && actions.create ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => openRecord(null)}>
              {t('New')}
            </Button>
          ) : null}
        </Group>
      </Group>
      <DataGrid
        meta={meta}
        onOpen={hasForm ? openRecord : undefined}
        canExport={actions.export}
        onImport={canImport ? () => setImporting(true) : undefined}
      />
      {importing && canImport ? renderImport(meta, () => setImporting(false)) : null}
      {open === undefined ? null : renderForm ? (
        renderForm(meta, open, close, actions)
      ) : (
        <Suspense
          fallback={
            <LoadingOverlay
              visible
              pos="fixed"
              zIndex={300}
              loaderProps={{ 'aria-label': t('Loading the form') }}
            />
          }
        >
          <LinkedRecordForm
            meta={meta}
            recordKey={open}
            tab={open !== null && open === linked ? linkedTab : null}
            starting={open === null ? starting : undefined}
            onFollowUp={meta.actions.create ? (values) => openRecord(null, values) : undefined}
            onClose={close}
            onCreated={meta.workflow ? openRecord : undefined}
          />
        </Suspense>
      )}
    </Stack>
  );
}

function waitingOnlyOf(meta: ScreenMeta): boolean {
  return meta.waiting_only === true;
}

/**
 * The record form for a key from the list or a link: a document number (`C2-V02-RFI-00010`) is first looked up by
 * the register's number column; one that names no record opens as "not found".
 */
function LinkedRecordForm({
  meta,
  recordKey,
  tab,
  starting,
  onFollowUp,
  onClose,
  onCreated,
}: {
  meta: ScreenMeta;
  recordKey: string | null;
  tab: string | null;
  starting?: Readonly<Record<string, string>>;
  onFollowUp?: (starting: Readonly<Record<string, string>>) => void;
  onClose: () => void;
  onCreated?: (key: string) => void;
}) {
  const { t } = useTranslation();
  const resolved = useRecordKey(meta, recordKey);
  if (resolved.missing) {
    return (
      <Modal
        opened
        onClose={onClose}
        title={<Title order={3}>{t('{{title}} not found', { title: meta.title })}</Title>}
      >
        <Stack>
          <Alert color="orange" title={t('No such {{title}}', { title: meta.title })} role="alert">
            {t('No {{title}} has the number {{number}}, or it is not one you may open.', {
              title: meta.title,
              number: recordKey,
            })}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('Done')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    );
  }
  if (resolved.pending) {
    return (
      <LoadingOverlay
        visible
        pos="fixed"
        zIndex={300}
        loaderProps={{ 'aria-label': t('Finding the record') }}
      />
    );
  }
  return (
    <RecordForm
      key={resolved.key ?? 'new'}
      meta={meta}
      recordKey={resolved.key}
      openTab={tab}
      starting={starting}
      onFollowUp={onFollowUp}
      onClose={onClose}
      onCreated={onCreated}
    />
  );
}
