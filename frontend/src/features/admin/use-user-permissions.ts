/**
 * User permission, headless: whose permissions, which routes they hold, the ticks not yet saved, and the grant,
 * revoke and copy calls. The view (`UserPermissionPage`) only draws what it gets.
 */
import { useEffect, useMemo, useState } from 'react';

import { usePermissionAdmin, useNavigationRoutes, useUserChoices, useUserRoutes } from '../../api/admin';
import { useMe } from '../../api/auth';
import { CONFIRM_SAVE, confirm, noticeDeclined, noticeError, noticeSuccess } from '../notices';
import { groupRoutes } from './permission-groups';

export function useUserPermissions() {
  const users = useUserChoices();
  const navigation = useNavigationRoutes();
  const me = useMe();
  const [userId, setUserId] = useState<number | null>(null);
  const held = useUserRoutes(userId);
  const [ticked, setTicked] = useState<Set<number>>(new Set());
  const [copyFrom, setCopyFrom] = useState<string | null>(null);
  const { grant, revoke, copy } = usePermissionAdmin();

  useEffect(() => {
    if (held.data) setTicked(new Set(held.data));
  }, [held.data]);

  const groups = useMemo(
    () => groupRoutes(navigation.data ?? [], me.data?.screens ?? []),
    [navigation.data, me.data?.screens],
  );
  const routeOf = useMemo(
    () => new Map((navigation.data ?? []).map((r) => [r.id, r.c_route])),
    [navigation.data],
  );
  const added = [...ticked].filter((id) => !held.data?.has(id));
  const removed = [...(held.data ?? [])].filter((id) => !ticked.has(id));
  const userChoices = (users.data ?? []).map((u) => ({
    value: String(u.id),
    label: `${u.name} (${u.email})`,
  }));

  const toggle = (ids: number[], on: boolean) =>
    setTicked((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const save = async () => {
    if (userId === null) return;
    if (!(await confirm(CONFIRM_SAVE))) return noticeDeclined('Submitting Details');
    const routes = (ids: number[]) => ids.flatMap((id) => routeOf.get(id) ?? []);
    try {
      if (added.length > 0) await grant.mutateAsync({ n_user_id: userId, routes: routes(added) });
      if (removed.length > 0) await revoke.mutateAsync({ n_user_id: userId, routes: routes(removed) });
      noticeSuccess('Updated Successfully');
    } catch (error) {
      noticeError(error);
    }
  };

  const copyPermissions = async () => {
    if (userId === null || copyFrom === null) return;
    if (!(await confirm(CONFIRM_SAVE))) return noticeDeclined('Submitting Details');
    try {
      const reply = await copy.mutateAsync({
        from_user_id: Number(copyFrom),
        to_user_id: userId,
        replace: true,
      });
      noticeSuccess(reply.message || 'Updated Successfully');
      setCopyFrom(null);
    } catch (error) {
      noticeError(error);
    }
  };

  return {
    loading: users.isPending || navigation.isPending || me.isPending,
    loadError: users.error ?? navigation.error ?? me.error,
    userChoices,
    userId,
    setUserId,
    copyFrom,
    setCopyFrom,
    copyPermissions,
    copying: copy.isPending,
    loadingHeld: held.isPending,
    groups,
    routeCount: navigation.data?.length ?? 0,
    ticked,
    toggle,
    added: added.length,
    removed: removed.length,
    save,
    saving: grant.isPending || revoke.isPending,
  };
}
