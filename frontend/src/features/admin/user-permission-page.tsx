/**
 * User permission: the routes a user may open, as a checklist grouped like the menu. Ticks and unticks are saved
 * together (grant and revoke several at once); "Copy from" gives the user another user's permissions. Drawn from
 * its controller (`useUserPermissions`).
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

import { errorMessage } from '../notices';
import { useUserPermissions } from './use-user-permissions';

export function UserPermissionPage() {
  const permissions = useUserPermissions();
  const { userId, ticked } = permissions;

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

  const changes = permissions.added + permissions.removed;
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
        <Text c="dimmed">Choose a user to see and change the screens they may open.</Text>
      ) : permissions.loadingHeld ? (
        <Loader aria-label="Loading permissions" />
      ) : (
        <>
          <Group justify="space-between">
            <Text size="sm">
              {ticked.size} of {permissions.routeCount} screens ticked
              {changes > 0 ? ` · ${permissions.added} to grant, ${permissions.removed} to revoke` : ''}
            </Text>
            <Button
              disabled={changes === 0}
              loading={permissions.saving}
              onClick={() => void permissions.save()}
            >
              Save changes
            </Button>
          </Group>
          <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }} spacing="sm">
            {permissions.groups.map((group) => {
              const ids = group.routes.map((r) => r.id);
              const count = ids.filter((id) => ticked.has(id)).length;
              return (
                <Paper key={group.name} withBorder p="sm">
                  <Checkbox
                    fw={600}
                    label={`${group.name} (${count}/${ids.length})`}
                    checked={count === ids.length}
                    indeterminate={count > 0 && count < ids.length}
                    onChange={(event) => permissions.toggle(ids, event.currentTarget.checked)}
                    mb={6}
                  />
                  <Stack gap={4} pl="md">
                    {group.routes.map((route) => (
                      <Checkbox
                        key={route.id}
                        size="xs"
                        label={`${route.c_title} (${route.c_route})`}
                        checked={ticked.has(route.id)}
                        onChange={(event) => permissions.toggle([route.id], event.currentTarget.checked)}
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
