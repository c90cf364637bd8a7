// The signed-in user's own account calls of the profile page (/views/profile): changing their password
// (`POST /api/auth/me/password`). A wrong current password is a 422 under `current_password`, the password policy's
// problems a 422 under `new_password`, too many wrong attempts a 429; the caller's session stays signed in.
import { useMutation } from '@tanstack/react-query';

import { request } from './client';
import type { components } from './openapi.gen';
import type { Outcome } from './schema';

/** The body of the call: both passwords, as typed. */
export type PasswordChange = Required<components['schemas']['PasswordChange']>;

export function useChangePassword() {
  return useMutation({
    mutationFn: (change: PasswordChange) =>
      request<Outcome>('/api/auth/me/password', { method: 'POST', body: change }),
  });
}
