/**
 * What a user may do on each route, as the User permission screen edits it: a row per route with View (holding
 * the route at all) and the actions beyond it (create, update, delete, export). The changes from what the user
 * holds become the fewest calls: one revoke for every route no longer viewed, one grant per distinct set of actions.
 */
import type { Actions } from '../../api/schema';

/** A route's permission: `view` is holding the route; the actions need it. */
export interface RouteGrant extends Actions {
  view: boolean;
}

export type ActionName = keyof RouteGrant;

export const ACTION_NAMES: ActionName[] = ['view', 'create', 'update', 'delete', 'export'];

export const NO_GRANT: RouteGrant = {
  view: false,
  create: false,
  update: false,
  delete: false,
  export: false,
};
export const FULL_GRANT: RouteGrant = { view: true, create: true, update: true, delete: true, export: true };

/**
 * One tick changed, keeping the row coherent: an action ticked on a route not viewed ticks View too; View
 * unticked clears every action.
 */
export function withAction(grant: RouteGrant, action: ActionName, on: boolean): RouteGrant {
  if (action === 'view') return on ? { ...grant, view: true } : NO_GRANT;
  return { ...grant, [action]: on, view: grant.view || on };
}

/** A set of ticks applied to a row (the bulk bar): actions without View mean nothing, so they are dropped. */
export function applied(set: RouteGrant): RouteGrant {
  return set.view ? { ...set } : NO_GRANT;
}

function same(a: RouteGrant, b: RouteGrant): boolean {
  return ACTION_NAMES.every((name) => a[name] === b[name]);
}

export interface PermissionPlan {
  /** One grant per distinct set of actions, with the routes that get it. */
  grants: { routes: string[]; actions: Actions }[];
  revokes: string[];
}

/**
 * The calls that take the user from `held` to `wanted` (both by route; a route missing is not held). Routes whose
 * row did not change are left alone.
 */
export function planChanges(
  held: ReadonlyMap<string, RouteGrant>,
  wanted: ReadonlyMap<string, RouteGrant>,
): PermissionPlan {
  const grants = new Map<string, { routes: string[]; actions: Actions }>();
  const revokes: string[] = [];
  for (const route of new Set([...held.keys(), ...wanted.keys()])) {
    const before = held.get(route) ?? NO_GRANT;
    const after = wanted.get(route) ?? NO_GRANT;
    if (same(before, after)) continue;
    if (!after.view) {
      if (before.view) revokes.push(route);
      continue;
    }
    const actions: Actions = {
      create: after.create,
      update: after.update,
      delete: after.delete,
      export: after.export,
    };
    const key = JSON.stringify(actions);
    const group = grants.get(key) ?? { routes: [], actions };
    group.routes.push(route);
    grants.set(key, group);
  }
  return { grants: [...grants.values()], revokes };
}

/** How many rows differ from what is held. */
export function changeCount(
  held: ReadonlyMap<string, RouteGrant>,
  wanted: ReadonlyMap<string, RouteGrant>,
): number {
  const plan = planChanges(held, wanted);
  return plan.revokes.length + plan.grants.reduce((sum, grant) => sum + grant.routes.length, 0);
}
