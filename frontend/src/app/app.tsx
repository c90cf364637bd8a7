import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

import { StatusPage } from './status-page';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1 } } });

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <StatusPage />
    </QueryClientProvider>
  );
}
