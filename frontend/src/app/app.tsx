import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

import { ApiReference } from './api-reference';
import { StatusPage } from './status-page';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1 } } });

export function App() {
  // The console's router arrives with the console shell; until then the API reference is the one other page.
  const page = window.location.pathname === '/api-docs' ? <ApiReference /> : <StatusPage />;
  return <QueryClientProvider client={queryClient}>{page}</QueryClientProvider>;
}
