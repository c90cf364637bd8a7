/**
 * Whether the signed-in user holds a route (`routes` of `/api/auth/me`): gallery pages that show a screen's real
 * data ask first, since its calls answer 403 to anyone else.
 */
import { useMe } from '../../api/auth';

export function useHolds(route: string): boolean {
  return useMe().data?.routes.includes(route) === true;
}
