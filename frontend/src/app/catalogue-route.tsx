/**
 * Every signed-in page that is not an error page: its screen from the server's catalogue, drawn by the component
 * the kind map gives, or, when the user does not hold its route, only the "Access disabled" overlay (the screen is
 * not drawn, so none of its data is asked for). A user without the dashboard who lands on the home page is taken
 * to the first screen of the menu they may open. A path the catalogue does not know goes to /misc/404
 * (docs/console.md §2, §8). A record link (`?record=`, as the pending list gives them) to a register the user does
 * not hold opens when the gateway says records there wait on them (`waiting_only`) and the linked record is one of
 * them: they see those records and act on them, and nothing else of the register.
 */
import { Center, Loader } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';

import { useMe } from '../api/auth';
import { screenQuery, useRecord, useScreen } from '../api/screens';
import { AccessGate, NotBuiltPage } from '../features/pages';
import { LoadError } from '../features/notices';
import { useTranslation } from '../lib/i18n';
import { firstOpenable, mayOpen, screenAt } from './catalogue';
import { componentOf, ENGINE_COMPONENT, preloadScreenEngine } from './screen-components';

function Loading() {
  const { t } = useTranslation();
  return (
    <Center h={240}>
      <Loader aria-label={t('Loading the screen')} />
    </Center>
  );
}

/**
 * A register the user does not hold, reached by a record link: drawn when the gateway describes it to them as
 * `waiting_only` and lets them read the linked record (it waits on them); otherwise only the overlay. Once drawn it
 * stays, even when the user's own transition sends the record on to someone else.
 */
function RecordLinkGate({ route, record, children }: { route: string; record: string; children: ReactNode }) {
  const screen = useScreen(route);
  const waiting = screen.data?.waiting_only === true;
  const linked = useRecord(screen.data?.entry ?? '', waiting ? record : null);
  const [opened, setOpened] = useState(false);
  if (!opened && waiting && linked.isSuccess) setOpened(true);
  if (!opened && (screen.isPending || (waiting && linked.isPending))) return <Loading />;
  return <AccessGate allowed={opened || (waiting && linked.isSuccess)}>{children}</AccessGate>;
}

export function CatalogueRoute() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const me = useMe();
  const queryClient = useQueryClient();
  useEffect(() => {
    void preloadScreenEngine();
  }, []);
  if (me.isPending) return <Loading />;
  if (me.isError) {
    return (
      <LoadError
        title={t("The console's screens could not be loaded")}
        error={me.error}
        retry={() => void me.refetch()}
      />
    );
  }
  const screen = screenAt(me.data.screens, pathname);
  if (!screen) return <Navigate to="/misc/404" replace />;
  const allowed = mayOpen(me.data, screen.route);
  // The home page (where sign-in lands) for a user without the dashboard: the first screen they may open.
  const landing = screen.route === '/' && !allowed ? firstOpenable(me.data) : undefined;
  if (landing) return <Navigate to={landing.route} replace />;
  // A register's (or report list's) description is read while the engine's code loads, not after it; a report with
  // a component of its own has none.
  const engineDrawn = screen.component === ENGINE_COMPONENT;
  if (allowed && engineDrawn) void queryClient.prefetchQuery(screenQuery(screen.route));
  const Component = componentOf(screen);
  const drawn = (
    <Suspense fallback={<Loading />}>
      <Component key={screen.route} screen={screen} notBuilt={<NotBuiltPage screen={screen} />} />
    </Suspense>
  );
  const record = new URLSearchParams(search).get('record');
  if (!allowed && engineDrawn && record) {
    return (
      <RecordLinkGate key={`${screen.route}?${record}`} route={screen.route} record={record}>
        {drawn}
      </RecordLinkGate>
    );
  }
  return <AccessGate allowed={allowed}>{drawn}</AccessGate>;
}
