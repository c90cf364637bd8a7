/**
 * The one map from a screen's kind (and the component the catalogue names within it) to what draws it. The server's
 * catalogue (`screens` of `/api/auth/me`) says which kind and component each route is; nothing else in the console
 * recognises a screen by its path. A kind or component the console has not built yet shows the "not built yet" page.
 */
import { LoadingOverlay } from '@mantine/core';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';

import type { Screen, ScreenKind, ScreenMeta } from '../api/schema';

/** What every screen component is given: its catalogue entry and the "not built yet" page to fall back on. */
export interface ScreenProps {
  screen: Screen;
  notBuilt: ReactNode;
}

export type ScreenComponent = ComponentType<ScreenProps>;

/** A component loaded with the first screen that needs it: ag-grid and the forms stay out of the shell's bundle. */
function lazyScreen(load: () => Promise<ScreenComponent>): ScreenComponent {
  return lazy(async () => ({ default: await load() }));
}

const NotBuilt: ScreenComponent = ({ notBuilt }) => notBuilt;

/**
 * The screen engine (ag-grid, forms): most screens are drawn by it, so it is fetched as soon as a signed-in page
 * starts, beside the user's profile, rather than after the profile has said which screen this is.
 */
export function preloadScreenEngine() {
  return import('../features/screens');
}

/** The importer's window, loaded when a register's Import button is first pressed. */
const ImportModal = lazy(async () => ({ default: (await import('../features/import')).ImportModal }));

/** A register's importer: its entry, in a window over the list. */
function renderImport(meta: ScreenMeta, close: () => void): ReactNode {
  return (
    <Suspense fallback={<LoadingOverlay visible pos="fixed" zIndex={300} />}>
      <ImportModal entry={meta.entry} title={meta.title} onClose={close} />
    </Suspense>
  );
}

const Register = lazyScreen(async () => {
  const { ScreenPage } = await preloadScreenEngine();
  return function RegisterScreen({ screen, notBuilt }: ScreenProps) {
    return <ScreenPage route={screen.route} notAScreen={notBuilt} renderImport={renderImport} />;
  };
});

/** An import screen of the menu: the registry's preset for its route, then the importer. */
const Import = lazyScreen(async () => {
  const { ImportScreen } = await import('../features/import');
  return function ImportPresetScreen({ screen, notBuilt }: ScreenProps) {
    return <ImportScreen route={screen.route} notBuilt={notBuilt} />;
  };
});

const ManageUsers = lazyScreen(async () => {
  const { ManageUsersScreen } = await import('../features/admin');
  return function ManageUsers({ screen, notBuilt }: ScreenProps) {
    return <ManageUsersScreen route={screen.route} notBuilt={notBuilt} />;
  };
});

const UserPermission = lazyScreen(async () => (await import('../features/admin')).UserPermissionPage);

const P6Import = lazyScreen(async () => (await import('../features/schedule')).P6ImportScreen);

const Timeline = lazyScreen(async () => (await import('../features/schedule')).TimelineScreen);

/** A dashboard drawn from `GET /api/dashboard` (charts load with the first dashboard shown). */
const Dashboard = lazyScreen(async () => (await import('../features/dashboards')).DashboardScreen);

const ActivityWall = lazyScreen(async () => (await import('../features/activity')).ActivityWallScreen);

const Gallery = lazyScreen(async () => (await import('../features/gallery')).GalleryScreen);

const PendingReport = lazyScreen(async () => (await import('../features/reports')).PendingReportScreen);
const PredefinedReports = lazyScreen(
  async () => (await import('../features/reports')).PredefinedReportsScreen,
);
const CustomReports = lazyScreen(async () => (await import('../features/reports')).CustomReportsScreen);

const DmsSearch = lazyScreen(async () => (await import('../features/dms')).DmsSearchScreen);

const DmsExplorer = lazyScreen(async () => {
  const { DmsExplorerScreen } = await import('../features/dms');
  return function DmsExplorer({ screen }: ScreenProps) {
    return <DmsExplorerScreen route={screen.route} />;
  };
});

const Calendar = lazyScreen(async () => (await import('../features/calendar')).CalendarScreen);

const Outlook = lazyScreen(async () => (await import('../features/outlook')).OutlookScreen);

/** The template demo pages of docs/console.md §2, drawn as the console's own component gallery (a page per route). */
const ComponentGallery = lazyScreen(
  async () => (await import('../features/component-gallery')).ComponentGalleryScreen,
);

interface KindComponents {
  /** A screen of the kind that names no component. */
  default: ScreenComponent;
  /** By the catalogue's `component`. */
  components: Readonly<Record<string, ScreenComponent>>;
}

export const SCREEN_COMPONENTS: Readonly<Record<ScreenKind, KindComponents>> = {
  // Registers and report lists are drawn by the generic screen engine from `GET /api/screen` (a 404 there: not built
  // yet).
  register: { default: Register, components: {} },
  dashboard: { default: Dashboard, components: { 'activity-wall': ActivityWall, gallery: Gallery } },
  report: {
    default: Register,
    components: {
      'pending-list': PendingReport,
      'predefined-reports': PredefinedReports,
      'custom-reports': CustomReports,
    },
  },
  import: { default: Import, components: { 'p6-import': P6Import } },
  workflow: { default: NotBuilt, components: {} },
  custom: {
    default: NotBuilt,
    components: {
      'manage-users': ManageUsers,
      'user-permission': UserPermission,
      timeline: Timeline,
      'dms-search': DmsSearch,
      'dms-explorer': DmsExplorer,
      'component-gallery': ComponentGallery,
      calendar: Calendar,
      outlook: Outlook,
    },
  },
};

/** The component that draws `screen`; "not built yet" for a kind or component this console does not know. */
export function componentOf(screen: Pick<Screen, 'kind' | 'component'>): ScreenComponent {
  const kind: KindComponents | undefined = SCREEN_COMPONENTS[screen.kind];
  if (!kind) return NotBuilt;
  return screen.component ? (kind.components[screen.component] ?? NotBuilt) : kind.default;
}

export const NOT_BUILT = NotBuilt;
