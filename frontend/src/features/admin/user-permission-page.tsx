/**
 * User permission: the routes a user may open, as a checklist grouped like the menu. Ticks and unticks are saved
 * together (grant and revoke several at once); "Copy from" gives the user another user's permissions.
 */
import {
  Alert,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';

import {
  type NavigationRoute,
  usePermissionAdmin,
  useNavigationRoutes,
  useUserChoices,
  useUserRoutes,
} from '../../api/admin';
import { ROUTE_CATALOGUE } from '../../app/route-catalogue';
import {
  CONFIRM_SAVE,
  confirm,
  errorMessage,
  noticeDeclined,
  noticeError,
  noticeSuccess,
} from '../notices/notices';

const GROUP_OF = new Map(ROUTE_CATALOGUE.map((entry) => [entry.path, entry.group]));

function groupOf(route: string): string {
  return GROUP_OF.get(route) ?? route.split('/')[1] ?? 'Other';
}

export function UserPermissionPage() {
  const users = useUserChoices();
  const navigation = useNavigationRoutes();
  const [userId, setUserId] = useState<number | null>(null);
  const held = useUserRoutes(userId);
  const [ticked, setTicked] = useState<Set<number>>(new Set());
  const [copyFrom, setCopyFrom] = useState<string | null>(null);
  const { grant, revoke, copy } = usePermissionAdmin();

  useEffect(() => {
    if (held.data) setTicked(new Set(held.data));
  }, [held.data]);

  const groups = useMemo(() => {
    const byGroup = new Map<string, NavigationRoute[]>();
    for (const route of navigation.data ?? []) {
      const name = groupOf(route.c_route);
      byGroup.set(name, [...(byGroup.get(name) ?? []), route]);
    }
    return [...byGroup.entries()];
  }, [navigation.data]);

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
    const routes = (ids: number[]) =>
      ids.map((id) => routeOf.get(id)).filter((r): r is string => r !== undefined);
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

  if (users.isPending || navigation.isPending) {
    return (
      <Center h={240}>
        <Loader aria-label="Loading users and routes" />
      </Center>
    );
  }
  if (users.isError || navigation.isError) {
    return (
      <Alert color="red" title="User permissions could not be loaded" role="alert">
        {errorMessage(users.error ?? navigation.error)}
      </Alert>
    );
  }

  return (
    <Stack gap="sm" data-testid="user-permission">
      <Title order={2}>User permission</Title>
      <Group align="flex-end">
        <Select
          label="User"
          placeholder="Choose a user"
          searchable
          data={userChoices}
          value={userId === null ? null : String(userId)}
          onChange={(value) => setUserId(value === null ? null : Number(value))}
          w={360}
        />
        <Select
          label="Copy from"
          placeholder="Another user"
          searchable
          clearable
          disabled={userId === null}
          data={userChoices.filter((u) => u.value !== String(userId))}
          value={copyFrom}
          onChange={setCopyFrom}
          w={300}
        />
        <Button
          variant="light"
          disabled={copyFrom === null}
          loading={copy.isPending}
          onClick={() => void copyPermissions()}
        >
          Copy permissions
        </Button>
      </Group>
      {userId === null ? (
        <Text c="dimmed">Choose a user to see and change the screens they may open.</Text>
      ) : held.isPending ? (
        <Loader aria-label="Loading permissions" />
      ) : (
        <>
          <Group justify="space-between">
            <Text size="sm">
              {ticked.size} of {navigation.data.length} screens ticked
              {added.length + removed.length > 0
                ? ` · ${added.length} to grant, ${removed.length} to revoke`
                : ''}
            </Text>
            <Button
              disabled={added.length + removed.length === 0}
              loading={grant.isPending || revoke.isPending}
              onClick={() => void save()}
            >
              Save changes
            </Button>
          </Group>
          <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }} spacing="sm">
            {groups.map(([group, routes]) => {
              const ids = routes.map((r) => r.id);
              const count = ids.filter((id) => ticked.has(id)).length;
              return (
                <Paper key={group} withBorder p="sm">
                  <Checkbox
                    fw={600}
                    label={`${group} (${count}/${ids.length})`}
                    checked={count === ids.length}
                    indeterminate={count > 0 && count < ids.length}
                    onChange={(event) => toggle(ids, event.currentTarget.checked)}
                    mb={6}
                  />
                  <Stack gap={4} pl="md">
                    {routes.map((route) => (
                      <Checkbox
                        key={route.id}
                        size="xs"
                        label={`${route.c_title} (${route.c_route})`}
                        checked={ticked.has(route.id)}
                        onChange={(event) => toggle([route.id], event.currentTarget.checked)}
                      />
                    ))}
                  </Stack>
                </Paper>
              );
            })}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
