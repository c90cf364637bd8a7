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

import { useTranslation } from '../../lib/i18n';
import { errorMessage } from '../notices';
import { ACTION_NAMES, type ActionName } from './permission-changes';
import { useUserPermissions } from './use-user-permissions';

/** The actions' names (shown through t()). */
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
  const { t } = useTranslation();
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
          {count === 0 ? t('Choose rows to change them together') : t('{{count}} chosen:', { count })}
        </Text>
        {ACTION_NAMES.map((action) => (
          <Checkbox
            key={action}
            size="xs"
            label={t(ACTION_LABELS[action])}
            aria-label={t('Bulk {{action}}', { action: t(ACTION_LABELS[action]) })}
            checked={permissions.bulk[action]}
            onChange={(event) => permissions.setBulkAction(action, event.currentTarget.checked)}
          />
        ))}
        <Button size="xs" variant="light" disabled={count === 0} onClick={permissions.applyBulk}>
          {t('Apply to chosen rows')}
        </Button>
        <Button
          size="xs"
          variant="subtle"
          disabled={count === 0}
          onClick={() => permissions.select([...permissions.selected], false)}
        >
          {t('Clear choice')}
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
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm">
      <Group justify="space-between" mb={4}>
        <Checkbox
          fw={600}
          label={`${t(group.name)} (${viewed}/${routes.length})`}
          aria-label={t('Choose every row of {{group}}', { group: t(group.name) })}
          checked={chosen === routes.length}
          indeterminate={chosen > 0 && chosen < routes.length}
          onChange={(event) => permissions.select(routes, event.currentTarget.checked)}
        />
      </Group>
      <Table.ScrollContainer minWidth={520}>
        <Table striped highlightOnHover verticalSpacing={4} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={32} aria-label={t('Chosen')} />
              <Table.Th>{t('Screen')}</Table.Th>
              {ACTION_NAMES.map((action) => (
                <Table.Th key={action} ta="center" w={72}>
                  {t(ACTION_LABELS[action])}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {group.routes.map((route) => {
              const grant = permissions.grantOf(route.c_route);
              const title = route.c_title === null ? '' : t(route.c_title);
              const name = `${title} (${route.c_route})`;
              return (
                <Table.Tr key={route.id} data-route={route.c_route}>
                  <Table.Td>
                    <Checkbox
                      size="xs"
                      aria-label={t('Choose {{name}}', { name })}
                      checked={permissions.selected.has(route.c_route)}
                      onChange={(event) => permissions.select([route.c_route], event.currentTarget.checked)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{title}</Text>
                    <Text size="xs" c="dimmed">
                      {route.c_route}
                    </Text>
                  </Table.Td>
                  {ACTION_NAMES.map((action) => (
                    <Table.Td key={action}>
                      <Center>
                        <Checkbox
                          size="xs"
                          aria-label={`${t(ACTION_LABELS[action])}: ${name}`}
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
  const { t } = useTranslation();
  const permissions = useUserPermissions();
  const { userId } = permissions;

  if (permissions.loading) {
    return (
      <Center h={240}>
        <Loader aria-label={t('Loading users and routes')} />
      </Center>
    );
  }
  if (permissions.loadError) {
    return (
      <Alert color="red" title={t('User permissions could not be loaded')} role="alert">
        {errorMessage(permissions.loadError)}
      </Alert>
    );
  }

  return (
    <Stack gap="sm" data-testid="user-permission">
      <Title order={2}>{t('User permission')}</Title>
      <Group align="flex-end">
        <Select
          label={t('User')}
          placeholder={t('Choose a user')}
          searchable
          data={permissions.userChoices}
          value={userId === null ? null : String(userId)}
          onChange={(value) => permissions.setUserId(value === null ? null : Number(value))}
          w={360}
          maw="100%"
        />
        <Select
          label={t('Copy from')}
          placeholder={t('Another user')}
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
          {t('Copy permissions')}
        </Button>
      </Group>
      {userId === null ? (
        <Text c="dimmed">
          {t('Choose a user to see and change the screens they may open and what they may do there.')}
        </Text>
      ) : permissions.loadingHeld ? (
        <Loader aria-label={t('Loading permissions')} />
      ) : (
        <>
          <Group justify="space-between">
            <Text size="sm" data-testid="permission-summary">
              {permissions.changes > 0
                ? t('{{viewed}} of {{total}} screens viewable · {{changes}} rows changed', {
                    viewed: permissions.viewed,
                    total: permissions.routeCount,
                    changes: permissions.changes,
                  })
                : t('{{viewed}} of {{total}} screens viewable', {
                    viewed: permissions.viewed,
                    total: permissions.routeCount,
                  })}
            </Text>
            <Button
              disabled={permissions.changes === 0}
              loading={permissions.saving}
              onClick={() => void permissions.save()}
            >
              {t('Save changes')}
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
