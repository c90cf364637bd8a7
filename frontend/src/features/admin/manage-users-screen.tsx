/** Manage users: the registry's list of accounts (generic screen engine) with this feature's own account form. */
import type { ReactNode } from 'react';

import { ScreenPage } from '../screens';
import { UserForm } from './user-form';

export function ManageUsersScreen({ route, notBuilt }: { route: string; notBuilt: ReactNode }) {
  return (
    <ScreenPage
      route={route}
      notAScreen={notBuilt}
      renderForm={(meta, key, close, actions) => (
        <UserForm
          key={key ?? 'new'}
          meta={meta}
          userId={key}
          onClose={close}
          canSave={key === null ? actions.create : actions.update}
        />
      )}
    />
  );
}
