/**
 * Manage users: a user's account through the administration API (never a password hash): create with a first
 * password, edit identity and role, activate or deactivate, and reset the password.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  PasswordInput,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';

import { useUserAdmin } from '../../api/admin';
import { GatewayError } from '../../api/client';
import { useRecord } from '../../api/screens';
import {
  CONFIRM_SAVE,
  confirm,
  errorMessage,
  noticeDeclined,
  noticeError,
  noticeSuccess,
} from '../notices/notices';

// The gateway's account rules (gateway/src/auth/policy.rs), with its messages.
const PASSWORD = z
  .string()
  .min(8, 'The password must have at least 8 characters')
  .max(128, 'The password must have at most 128 characters');

const accountSchema = z.object({
  username: z
    .string()
    .regex(/^[A-Za-z0-9._@-]{3,64}$/, 'The username must have 3 to 64 letters, digits or . _ @ -'),
  name: z
    .string()
    .trim()
    .min(1, 'The name is required (at most 120 characters)')
    .max(120, 'The name is required (at most 120 characters)'),
  email: z.string().regex(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, 'Enter a valid e-mail address'),
  mobile: z.string().max(20, 'The mobile number has at most 20 characters'),
  designation: z.string().max(120, 'The designation has at most 120 characters'),
  password: z.string(),
  active: z.boolean(),
  superadmin: z.boolean(),
});

type Account = z.infer<typeof accountSchema>;

const BLANK: Account = {
  username: '',
  name: '',
  email: '',
  mobile: '',
  designation: '',
  password: '',
  active: true,
  superadmin: false,
};

function blankToNull(text: string): string | null {
  return text.trim() === '' ? null : text.trim();
}

export function UserForm({ userId, onClose }: { userId: string | null; onClose: () => void }) {
  const editing = userId !== null;
  const record = useRecord('users', userId);
  const admin = useUserAdmin();
  const [newPassword, setNewPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const schema = editing
    ? accountSchema
    : accountSchema.superRefine((values, context) => {
        const problem = PASSWORD.safeParse(values.password).error?.issues[0]?.message;
        if (problem) context.addIssue({ code: 'custom', path: ['password'], message: problem });
        else if (values.password.toLowerCase() === values.username.toLowerCase())
          context.addIssue({
            code: 'custom',
            path: ['password'],
            message: 'The password must not be the same as the username',
          });
      });
  const form = useForm<Account>({
    resolver: zodResolver(schema),
    defaultValues: BLANK,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { reset, control, handleSubmit, setError } = form;
  const user = record.data;

  useEffect(() => {
    if (!user) return;
    reset({
      username: String(user.c_username ?? ''),
      name: String(user.c_name ?? ''),
      email: String(user.c_email ?? ''),
      mobile: String(user.c_mobile ?? ''),
      designation: String(user.c_designation ?? ''),
      password: '',
      active: user.n_active === 1,
      superadmin: user.n_superadmin === 1,
    });
  }, [user, reset]);

  const serverProblem = (error: unknown) => {
    if (error instanceof GatewayError) {
      for (const [field, message] of Object.entries(error.fields)) {
        if (field in BLANK) setError(field as keyof Account, { type: 'server', message });
      }
    }
    noticeError(error);
  };

  const save = handleSubmit(async (values) => {
    if (!(await confirm(CONFIRM_SAVE))) return noticeDeclined('Submitting Details');
    const identity = {
      name: values.name.trim(),
      email: values.email.trim(),
      mobile: blankToNull(values.mobile),
      designation: blankToNull(values.designation),
      superadmin: values.superadmin,
    };
    try {
      const reply = editing
        ? await admin.edit.mutateAsync({ id: userId, changes: identity })
        : await admin.create.mutateAsync({
            ...identity,
            username: values.username.trim(),
            password: values.password,
            active: values.active,
          });
      noticeSuccess(reply.message);
      onClose();
    } catch (error) {
      serverProblem(error);
    }
  });

  const toggleActive = async () => {
    if (!userId || !user) return;
    if (!(await confirm(CONFIRM_SAVE))) return noticeDeclined('Submitting Details');
    try {
      const reply = await admin.setActive.mutateAsync({ id: userId, active: user.n_active !== 1 });
      noticeSuccess(reply.message);
      await record.refetch();
    } catch (error) {
      noticeError(error);
    }
  };

  const resetPassword = async () => {
    if (!userId) return;
    const problem = PASSWORD.safeParse(newPassword).error?.issues[0]?.message;
    if (problem) return setPasswordError(problem);
    setPasswordError(null);
    if (!(await confirm(CONFIRM_SAVE))) return noticeDeclined('Submitting Details');
    try {
      const reply = await admin.setPassword.mutateAsync({ id: userId, password: newPassword });
      setNewPassword('');
      noticeSuccess(reply.message);
    } catch (error) {
      if (error instanceof GatewayError && error.fields.password) setPasswordError(error.fields.password);
      noticeError(error);
    }
  };

  const busy = admin.create.isPending || admin.edit.isPending;
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={<Title order={3}>{editing ? 'Edit user' : 'New user'}</Title>}
    >
      {editing && record.isPending ? (
        <Center h={200}>
          <Loader aria-label="Loading the user" />
        </Center>
      ) : editing && record.isError ? (
        <Alert color="red" title="The user could not be loaded" role="alert">
          {errorMessage(record.error)}
        </Alert>
      ) : (
        <Stack>
          <form onSubmit={(event) => void save(event)} noValidate aria-label="User form">
            <Stack>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {(['username', 'name', 'email', 'mobile', 'designation'] as const).map((field) => (
                  <Controller
                    key={field}
                    name={field}
                    control={control}
                    render={({ field: input, fieldState }) => (
                      <TextInput
                        label={
                          {
                            username: 'Username',
                            name: 'Name',
                            email: 'E-mail',
                            mobile: 'Mobile',
                            designation: 'Designation',
                          }[field]
                        }
                        required={field === 'username' || field === 'name' || field === 'email'}
                        disabled={field === 'username' && editing}
                        value={input.value}
                        onChange={input.onChange}
                        onBlur={input.onBlur}
                        error={fieldState.error?.message}
                      />
                    )}
                  />
                ))}
                {editing ? null : (
                  <Controller
                    name="password"
                    control={control}
                    render={({ field, fieldState }) => (
                      <PasswordInput
                        label="First password"
                        required
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        error={fieldState.error?.message}
                      />
                    )}
                  />
                )}
              </SimpleGrid>
              <Group>
                {editing ? null : (
                  <Controller
                    name="active"
                    control={control}
                    render={({ field }) => (
                      <Switch
                        label="Active"
                        checked={field.value}
                        onChange={(e) => field.onChange(e.currentTarget.checked)}
                      />
                    )}
                  />
                )}
                <Controller
                  name="superadmin"
                  control={control}
                  render={({ field }) => (
                    <Switch
                      label="Superadmin (every screen)"
                      checked={field.value}
                      onChange={(e) => field.onChange(e.currentTarget.checked)}
                    />
                  )}
                />
              </Group>
              <Group justify="flex-end">
                <Button variant="default" onClick={onClose}>
                  Cancel
                </Button>
                <Button type="submit" loading={busy}>
                  {editing ? 'Update' : 'Save'}
                </Button>
              </Group>
            </Stack>
          </form>
          {editing && user ? (
            <Stack gap="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-3)', paddingTop: 12 }}>
              <Group justify="space-between">
                <Group gap="xs">
                  Account
                  <Badge color={user.n_active === 1 ? 'green' : 'gray'}>
                    {user.n_active === 1 ? 'Active' : 'Inactive'}
                  </Badge>
                </Group>
                <Button
                  variant="light"
                  color={user.n_active === 1 ? 'red' : 'green'}
                  loading={admin.setActive.isPending}
                  onClick={() => void toggleActive()}
                >
                  {user.n_active === 1 ? 'Deactivate' : 'Activate'}
                </Button>
              </Group>
              <Group align="flex-end">
                <PasswordInput
                  label="New password"
                  value={newPassword}
                  onChange={(e) => setNewPassword(e.currentTarget.value)}
                  error={passwordError}
                  style={{ flex: 1 }}
                />
                <Button
                  variant="light"
                  loading={admin.setPassword.isPending}
                  onClick={() => void resetPassword()}
                >
                  Reset password
                </Button>
              </Group>
            </Stack>
          ) : null}
        </Stack>
      )}
    </Modal>
  );
}
