/**
 * User permission: what a user may do on each route, grouped like the menu: a row per route with View (the user
 * may open it) and Create, Update, Delete and Export. Rows can be chosen and given one set of ticks at once (the
 * bulk bar); every change is saved together (grant and revoke several routes per call). "Copy from" gives the user
 * another user's permissions. Drawn from its controller (`useUserPermissions`).
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
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';

import { errorMessage } from '../notices';
import { ACTION_NAMES, type ActionName } from './permission-changes';
import { useUserPermissions } from './use-user-permissions';

const ACTION_LABELS: Record<ActionName, string> = {
  view: 'View',
  create: 'Create',
  update: 'Update',
  delete: 'Delete',
  export: 'Export',
};

type Permissions = ReturnType<typeof useUserPermissions>;

/** The bulk bar: ticks to give every chosen row at once. */
function BulkBar({ permissions }: { permissions: Permissions }) {
  const count = permissions.selected.size;
  return (
    <Paper
      withBorder
      p="xs"
      bg="gray.0"
      style={{ position: 'sticky', top: 0, zIndex: 3 }}
      data-testid="permission-bulk"
    >
      <Group gap="sm" wrap="wrap">
        <Text size="sm" fw={600}>
          {count === 0 ? 'Choose rows to change them together' : `${count} chosen:`}
        </Text>
        {ACTION_NAMES.map((action) => (
          <Checkbox
            key={action}
            size="xs"
            label={ACTION_LABELS[action]}
            aria-label={`Bulk ${ACTION_LABELS[action]}`}
            checked={permissions.bulk[action]}
            onChange={(event) => permissions.setBulkAction(action, event.currentTarget.checked)}
          />
        ))}
        <Button size="xs" variant="light" disabled={count === 0} onClick={permissions.applyBulk}>
          Apply to chosen rows
        </Button>
        <Button
          size="xs"
          variant="subtle"
          disabled={count === 0}
          onClick={() => permissions.select([...permissions.selected], false)}
        >
          Clear choice
        </Button>
      </Group>
    </Paper>
  );
}

function GroupTable({
  permissions,
  group,
}: {
  permissions: Permissions;
  group: Permissions['groups'][number];
}) {
  const routes = group.routes.map((r) => r.c_route);
  const chosen = routes.filter((route) => permissions.selected.has(route)).length;
  const viewed = routes.filter((route) => permissions.grantOf(route).view).length;
  return (
    <Paper withBorder p="sm">
      <Group justify="space-between" mb={4}>
        <Checkbox
          fw={600}
          label={`${group.name} (${viewed}/${routes.length})`}
          aria-label={`Choose every row of ${group.name}`}
          checked={chosen === routes.length}
          indeterminate={chosen > 0 && chosen < routes.length}
          onChange={(event) => permissions.select(routes, event.currentTarget.checked)}
        />
      </Group>
      <Table.ScrollContainer minWidth={520}>
        <Table striped highlightOnHover verticalSpacing={4} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={32} aria-label="Chosen" />
              <Table.Th>Screen</Table.Th>
              {ACTION_NAMES.map((action) => (
                <Table.Th key={action} ta="center" w={72}>
                  {ACTION_LABELS[action]}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {group.routes.map((route) => {
              const grant = permissions.grantOf(route.c_route);
              const name = `${route.c_title} (${route.c_route})`;
              return (
                <Table.Tr key={route.id} data-route={route.c_route}>
                  <Table.Td>
                    <Checkbox
                      size="xs"
                      aria-label={`Choose ${name}`}
                      checked={permissions.selected.has(route.c_route)}
                      onChange={(event) => permissions.select([route.c_route], event.currentTarget.checked)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{route.c_title}</Text>
                    <Text size="xs" c="dimmed">
                      {route.c_route}
                    </Text>
                  </Table.Td>
                  {ACTION_NAMES.map((action) => (
                    <Table.Td key={action}>
                      <Center>
                        <Checkbox
                          size="xs"
                          aria-label={`${ACTION_LABELS[action]}: ${name}`}
                          checked={grant[action]}
                          onChange={(event) =>
                            permissions.setAction(route.c_route, action, event.currentTarget.checked)
                          }
                        />
                      </Center>
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

export function UserPermissionPage() {
  const permissions = useUserPermissions();
  const { userId } = permissions;

  if (permissions.loading) {
    return (
      <Center h={240}>
        <Loader aria-label="Loading users and routes" />
      </Center>
    );
  }
  if (permissions.loadError) {
    return (
      <Alert color="red" title="User permissions could not be loaded" role="alert">
        {errorMessage(permissions.loadError)}
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
          data={permissions.userChoices}
          value={userId === null ? null : String(userId)}
          onChange={(value) => permissions.setUserId(value === null ? null : Number(value))}
          w={360}
          maw="100%"
        />
        <Select
          label="Copy from"
          placeholder="Another user"
          searchable
          clearable
          disabled={userId === null}
          data={permissions.userChoices.filter((u) => u.value !== String(userId))}
          value={permissions.copyFrom}
          onChange={permissions.setCopyFrom}
          w={300}
          maw="100%"
        />
        <Button
          variant="light"
          disabled={permissions.copyFrom === null}
          loading={permissions.copying}
          onClick={() => void permissions.copyPermissions()}
        >
          Copy permissions
        </Button>
      </Group>
      {userId === null ? (
        <Text c="dimmed">
          Choose a user to see and change the screens they may open and what they may do there.
        </Text>
      ) : permissions.loadingHeld ? (
        <Loader aria-label="Loading permissions" />
      ) : (
        <>
          <Group justify="space-between">
            <Text size="sm" data-testid="permission-summary">
              {permissions.viewed} of {permissions.routeCount} screens viewable
              {permissions.changes > 0 ? ` · ${permissions.changes} rows changed` : ''}
            </Text>
            <Button
              disabled={permissions.changes === 0}
              loading={permissions.saving}
              onClick={() => void permissions.save()}
            >
              Save changes
            </Button>
          </Group>
          <BulkBar permissions={permissions} />
          <Stack gap="sm">
            {permissions.groups.map((group) => (
              <GroupTable key={group.name} permissions={permissions} group={group} />
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}
