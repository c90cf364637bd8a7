import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';

import './page.css';

import 'dayjs/locale/hi';

import { Drawer, MantineProvider, Modal, Notification, createTheme } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo } from 'react';
import { RouterProvider } from 'react-router';

import { useTranslation } from '../lib/i18n';
import { router } from './router';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1 } } });

// A modal or drawer blocks scrolling of the page under it without taking the page's scroll bar away: its room is
// kept (page.css) and nothing shifts sideways when one opens or closes.
const keepScrollBar = { removeScrollProps: { removeScrollBar: false } };

/**
 * The console's theme. Users who ask their system for less motion get drawers and modals without slide transitions.
 * Every close button (modals, drawers, notices) is named, in the user's language (axe `button-name`, WCAG 4.1.2).
 */
function consoleTheme(names: { window: string; notice: string }) {
  // Named apart from a record's own Close step, which a screen-reader user hears in the same dialog.
  const closeButtonProps = { 'aria-label': names.window };
  return createTheme({
    primaryColor: 'blue',
    fontFamily: 'system-ui, sans-serif',
    respectReducedMotion: true,
    components: {
      Modal: Modal.extend({ defaultProps: { ...keepScrollBar, closeButtonProps } }),
      Drawer: Drawer.extend({ defaultProps: { ...keepScrollBar, closeButtonProps } }),
      Notification: Notification.extend({
        defaultProps: { closeButtonProps: { 'aria-label': names.notice } },
      }),
    },
  });
}

export function App() {
  // The date pickers' month and day names follow the console's language (dayjs keys: `en`, `hi`).
  const { i18n, t } = useTranslation();
  const closeWindow = t('Close this window');
  const dismissNotice = t('Dismiss this notice');
  const theme = useMemo(
    () => consoleTheme({ window: closeWindow, notice: dismissNotice }),
    [closeWindow, dismissNotice],
  );
  return (
    <MantineProvider theme={theme}>
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
