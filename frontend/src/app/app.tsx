import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';

import './page.css';

import 'dayjs/locale/hi';

import { Drawer, MantineProvider, Modal, createTheme } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';

import { useTranslation } from '../lib/i18n';
import { router } from './router';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1 } } });

// A modal or drawer blocks scrolling of the page under it without taking the page's scroll bar away: its room is
// kept (page.css) and nothing shifts sideways when one opens or closes.
const keepScrollBar = { removeScrollProps: { removeScrollBar: false } };

// Users who ask their system for less motion get drawers and modals without slide transitions.
const theme = createTheme({
  primaryColor: 'blue',
  fontFamily: 'system-ui, sans-serif',
  respectReducedMotion: true,
  components: {
    Modal: Modal.extend({ defaultProps: keepScrollBar }),
    Drawer: Drawer.extend({ defaultProps: keepScrollBar }),
  },
});

export function App() {
  // The date pickers' month and day names follow the console's language (dayjs keys: `en`, `hi`).
  const { i18n } = useTranslation();
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
