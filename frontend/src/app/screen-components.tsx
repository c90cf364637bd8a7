/**
 * The one map from the component the catalogue names for a screen to what draws it. The server's catalogue
 * (`screens` of `/api/auth/me`) says which component draws each route (derived from the registry: `register`,
 * `dashboard`, `import`, or one of the console's own screens its menu row names); nothing else in the console
 * recognises a screen by its path. A component the console has not built yet shows the "not built yet" page.
 */
import { LoadingOverlay } from '@mantine/core';
import { type ComponentType, lazy, type ReactNode, Suspense, useMemo } from 'react';

import type { Searched } from '../api/dms';
import type { BrowseLevel, HitField, Screen, ScreenMeta } from '../api/schema';

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

const NO_LEVELS: readonly BrowseLevel[] = [];
const NO_HIT_FIELDS: readonly HitField[] = [];

/**
 * What a search screen searches, from its catalogue entry: the register (`searches`), the lines holding its
 * files (`search_lines`), the facets an explorer nests by (`browse`), where a hit's card shows its fields
 * (`search_hit`) and, for an explorer, the folder register
 * whose route it is (`entry`); undefined for a screen the registry's `[full_text]` does not name.
 */
function useSearched(screen: Screen): Searched | undefined {
  const { searches: entry, search_lines: lines, entry: folders, route, browse, search_hit: hit } = screen;
  return useMemo(
    () =>
      entry
        ? {
            entry,
            lines: lines ?? null,
            browse: browse ?? NO_LEVELS,
            hit: hit ?? NO_HIT_FIELDS,
            ...(folders ? { folders: { entry: folders, route } } : {}),
          }
        : undefined,
    [entry, lines, folders, route, browse, hit],
  );
}

/** The document search: the register it searches is the catalogue's word (`searches`), not named here. */
const DmsSearch = lazyScreen(async () => {
  const [{ DmsSearchScreen }, { SearchedRegister }] = await Promise.all([
    import('../features/dms'),
    import('../api/dms'),
  ]);
  return function DmsSearch({ screen, notBuilt }: ScreenProps) {
    const searched = useSearched(screen);
    if (!searched) return notBuilt;
    return (
      <SearchedRegister.Provider value={searched}>
        <DmsSearchScreen />
      </SearchedRegister.Provider>
    );
  };
});

const DmsExplorer = lazyScreen(async () => {
  const [{ DmsExplorerScreen }, { SearchedRegister }] = await Promise.all([
    import('../features/dms'),
    import('../api/dms'),
  ]);
  return function DmsExplorer({ screen, notBuilt }: ScreenProps) {
    const searched = useSearched(screen);
    if (!searched) return notBuilt;
    return (
      <SearchedRegister.Provider value={searched}>
        <DmsExplorerScreen route={screen.route} />
      </SearchedRegister.Provider>
    );
  };
});

const Calendar = lazyScreen(async () => (await import('../features/calendar')).CalendarScreen);

const Outlook = lazyScreen(async () => (await import('../features/outlook')).OutlookScreen);

/** The template demo pages of docs/console.md §2, drawn as the console's own component gallery (a page per route). */
const ComponentGallery = lazyScreen(
  async () => (await import('../features/component-gallery')).ComponentGalleryScreen,
);

/** The component the screen engine draws registers and report lists with (the catalogue's `register`). */
export const ENGINE_COMPONENT = 'register';

export const SCREEN_COMPONENTS: Readonly<Record<string, ScreenComponent>> = {
  // Registers and report lists are drawn by the generic screen engine from `GET /api/screen` (a 404 there: not built
  // yet).
  [ENGINE_COMPONENT]: Register,
  dashboard: Dashboard,
  import: Import,
  'activity-wall': ActivityWall,
  gallery: Gallery,
  'pending-list': PendingReport,
  'predefined-reports': PredefinedReports,
  'custom-reports': CustomReports,
  'p6-import': P6Import,
  'manage-users': ManageUsers,
  'user-permission': UserPermission,
  timeline: Timeline,
  'dms-search': DmsSearch,
  'dms-explorer': DmsExplorer,
  'component-gallery': ComponentGallery,
  calendar: Calendar,
  outlook: Outlook,
};

/** The component that draws `screen`; "not built yet" for a component this console does not know. */
export function componentOf(screen: Pick<Screen, 'component'>): ScreenComponent {
  return Object.hasOwn(SCREEN_COMPONENTS, screen.component)
    ? (SCREEN_COMPONENTS[screen.component] ?? NotBuilt)
    : NotBuilt;
}

export const NOT_BUILT = NotBuilt;
