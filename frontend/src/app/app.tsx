import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';

import './page.css';
import './devanagari-font.css';

import 'dayjs/locale/hi';

import {
  Drawer,
  MantineProvider,
  Modal,
  Notification,
  type PaginationProps,
  createTheme,
} from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo } from 'react';
import { RouterProvider } from 'react-router';

import { useTranslation } from '../lib/i18n';
import { readableColours } from './readable-colours';
import { router } from './router';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1 } } });

// A modal or drawer blocks scrolling of the page under it without taking the page's scroll bar away: its room is
// kept (page.css) and nothing shifts sideways when one opens or closes.
const keepScrollBar = { removeScrollProps: { removeScrollBar: false } };

/**
 * The console's theme. Users who ask their system for less motion get drawers and modals without slide transitions.
 * Every close button (modals, drawers, notices) is named, in the user's language (axe `button-name`, WCAG 4.1.2).
 */
interface ThemeNames {
  window: string;
  notice: string;
  /** The page controls of a paged list, by Mantine's names for them. */
  pages: Record<'first' | 'previous' | 'next' | 'last', string>;
}

/** The system's own font first; Devanagari the system cannot draw from the font the console ships
 * (`devanagari-font.css`). Headings too: Mantine gives them a stack of their own. */
const CONSOLE_FONTS = "system-ui, 'Noto Sans Devanagari', sans-serif";

function consoleTheme(names: ThemeNames) {
  // Named apart from a record's own Close step, which a screen-reader user hears in the same dialog.
  const closeButtonProps = { 'aria-label': names.window };
  return createTheme({
    primaryColor: 'blue',
    // Filled buttons and badges in shade 8, with black or white text by the shade's luminance, so each reads at
    // 4.5:1 or more (blue 8 with white 5.0:1; orange 8 with black 5.9:1; red 8 with white 4.5:1, its luminance 0.183
    // just under the threshold; cyan 8 with black 4.8:1). Coloured and dimmed text: readable-colours.ts.
    primaryShade: 8,
    autoContrast: true,
    luminanceThreshold: 0.185,
    fontFamily: CONSOLE_FONTS,
    headings: { fontFamily: CONSOLE_FONTS },
    respectReducedMotion: true,
    components: {
      Modal: Modal.extend({ defaultProps: { ...keepScrollBar, closeButtonProps } }),
      Drawer: Drawer.extend({ defaultProps: { ...keepScrollBar, closeButtonProps } }),
      Notification: Notification.extend({
        defaultProps: { closeButtonProps: { 'aria-label': names.notice } },
      }),
      // The arrows of a paged list are named, as the close buttons are. A plain object, not Pagination.extend: the
      // shell's first chunk stays without the Pagination component (the first-load budget).
      Pagination: {
        defaultProps: {
          getControlProps: (control) => ({ 'aria-label': names.pages[control] }),
        } satisfies Partial<PaginationProps>,
      },
    },
  });
}

export function App() {
  // The date pickers' month and day names follow the console's language (dayjs keys: `en`, `hi`).
  const { i18n, t } = useTranslation();
  const closeWindow = t('Close this window');
  const dismissNotice = t('Dismiss this notice');
  const first = t('First page');
  const previous = t('Previous page');
  const next = t('Next page');
  const last = t('Last page');
  const theme = useMemo(
    () =>
      consoleTheme({
        window: closeWindow,
        notice: dismissNotice,
        pages: { first, previous, next, last },
      }),
    [closeWindow, dismissNotice, first, previous, next, last],
  );
  return (
    <MantineProvider theme={theme} cssVariablesResolver={readableColours}>
      <DatesProvider settings={{ locale: i18n.resolvedLanguage ?? 'en' }}>
        <QueryClientProvider client={queryClient}>
          <ModalsProvider>
            {/* Below the content: a notice never covers a form's header (its number, state and steps). */}
            <Notifications position="bottom-center" />
            <RouterProvider router={router} />
          </ModalsProvider>
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
