/**
 * User permission, headless: whose permissions, what they may do on each route (View and the actions beyond it),
 * the ticks not yet saved, the rows chosen for a bulk change, and the grant, revoke and copy calls. The view
 * (`UserPermissionPage`) only draws what it gets.
 */
import { useEffect, useMemo, useState } from 'react';

import { usePermissionAdmin, useNavigationRoutes, useUserChoices, useUserRoutes } from '../../api/admin';
import { useMe } from '../../api/auth';
import { CONFIRM_SAVE, confirm, noticeDeclined, noticeError, noticeSuccess } from '../notices';
import {
  type ActionName,
  applied,
  changeCount,
  FULL_GRANT,
  NO_GRANT,
  planChanges,
  type RouteGrant,
  withAction,
} from './permission-changes';
import { groupRoutes } from './permission-groups';

export function useUserPermissions() {
  const users = useUserChoices();
  const navigation = useNavigationRoutes();
  const me = useMe();
  const [userId, setUserId] = useState<number | null>(null);
  const held = useUserRoutes(userId);
  const { grant, revoke, copy, refresh } = usePermissionAdmin();

  /** What the user holds, by route. */
  const holding = useMemo(() => {
    const routeOf = new Map((navigation.data ?? []).map((r) => [r.id, r.c_route]));
    const map = new Map<string, RouteGrant>();
    for (const [id, actions] of held.data ?? []) {
      const route = routeOf.get(id);
      if (route) map.set(route, { view: true, ...actions });
    }
    return map;
  }, [held.data, navigation.data]);

  const [wanted, setWanted] = useState<Map<string, RouteGrant>>(new Map());
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [bulk, setBulk] = useState<RouteGrant>(FULL_GRANT);
  const [copyFrom, setCopyFrom] = useState<string | null>(null);

  useEffect(() => {
    setWanted(new Map(holding));
    setSelected(new Set());
  }, [holding]);

  const groups = useMemo(
    () => groupRoutes(navigation.data ?? [], me.data?.screens ?? []),
    [navigation.data, me.data?.screens],
  );
  const userChoices = (users.data ?? []).map((u) => ({
    value: String(u.id),
    label: `${u.name} (${u.email})`,
  }));

  const grantOf = (route: string): RouteGrant => wanted.get(route) ?? NO_GRANT;

  const setAction = (route: string, action: ActionName, on: boolean) =>
    setWanted((current) =>
      new Map(current).set(route, withAction(current.get(route) ?? NO_GRANT, action, on)),
    );

  const select = (routes: string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const route of routes) {
        if (on) next.add(route);
        else next.delete(route);
      }
      return next;
    });

  /** The bulk bar's ticks, applied to every chosen row. */
  const applyBulk = () =>
    setWanted((current) => {
      const next = new Map(current);
      for (const route of selected) next.set(route, applied(bulk));
      return next;
    });

  const setBulkAction = (action: ActionName, on: boolean) => setBulk((set) => withAction(set, action, on));

  const save = async () => {
    if (userId === null) return;
    if (!(await confirm(CONFIRM_SAVE))) return noticeDeclined('Submitting Details');
    const plan = planChanges(holding, wanted);
    try {
      for (const { routes, actions } of plan.grants) {
        await grant.mutateAsync({ n_user_id: userId, routes, actions });
      }
      if (plan.revokes.length > 0) await revoke.mutateAsync({ n_user_id: userId, routes: plan.revokes });
      noticeSuccess('Updated Successfully');
    } catch (error) {
      noticeError(error);
    } finally {
      // Part of a plan may have been saved before a refusal: show what is stored now.
      void refresh();
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
    } finally {
      void refresh();
    }
  };

  const viewed = [...wanted.values()].filter((g) => g.view).length;

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
    viewed,
    grantOf,
    setAction,
    selected,
    select,
    bulk,
    setBulkAction,
    applyBulk,
    changes: changeCount(holding, wanted),
    save,
    saving: grant.isPending || revoke.isPending,
  };
}
