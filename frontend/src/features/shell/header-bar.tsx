import {
  ActionIcon,
  Badge,
  Burger,
  Button,
  Group,
  Indicator,
  Menu,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useFullscreen } from '@mantine/hooks';
import { IconBell, IconMaximize, IconMinimize, IconUserCircle } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';

import { useLock, useLogout } from '../../api/auth';
import { signOutTo } from '../../api/client';
import { useOffline } from '../../api/connectivity';
import { useReminders } from '../../api/console';
import { useTranslation } from '../../lib/i18n';
import { readUser } from '../../lib/session-store';
import { useSession } from '../../lib/use-session';
import { confirm, CONFIRM_LOGOUT, noticeDeclined, noticeError } from '../notices';
import { VoiceButton } from '../voice';
import { LanguageMenu } from './language-menu';
import { MailPreferencesModal } from './mail-preferences';
import { PendingButtons } from './pending-buttons';

// Loaded when the bell is first used: its form (dates, validation) stays out of the code every page waits for.
const ReminderModal = lazy(async () => ({ default: (await import('../reminders')).ReminderModal }));

export interface HeaderBarProps {
  /** Mobile view: the header keeps to what fits a phone (menu, bell, pending documents, voice, user menu). */
  phone: boolean;
  menuOpened: boolean;
  onToggleMenu: () => void;
  /** The voice commands "hide navigation" (false) and "show navigation" (true). */
  onShowNavigation: (show: boolean) => void;
  onOpenSettings: () => void;
  onOpenShortcuts: () => void;
}

/** The header of docs/console.md §2: menu toggle, bell, pending documents, voice, full screen and the user menu. */
export function HeaderBar({
  phone,
  menuOpened,
  onToggleMenu,
  onShowNavigation,
  onOpenSettings,
  onOpenShortcuts,
}: HeaderBarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const reminders = useReminders();
  const logout = useLogout();
  const offline = useOffline();
  const { toggle: toggleFullscreen, fullscreen } = useFullscreen();
  const [remindersOpen, setRemindersOpen] = useState(false);
  const [remindersUsed, setRemindersUsed] = useState(false);
  const [mailOpen, setMailOpen] = useState(false);
  const count = reminders.data?.length ?? 0;

  const signOut = async () => {
    if (!(await confirm(CONFIRM_LOGOUT))) return noticeDeclined('Logout Denied');
    const user = readUser();
    try {
      if (user) await logout.mutateAsync({ userId: user.id, token: user.accessToken });
    } catch (error) {
      // The server session may be gone already; the local one ends regardless.
      noticeError(error);
    }
    signOutTo('/login');
  };

  const lockSession = useLock();
  // Locked on the server first: typing another address cannot reopen the console until the password is given.
  const lock = async () => {
    try {
      await lockSession.mutateAsync();
    } catch (error) {
      return noticeError(error);
    }
    navigate(`/lock?next=${encodeURIComponent(window.location.pathname + window.location.search)}`);
  };

  return (
    <Group h="100%" px={phone ? 6 : 'md'} justify="space-between" wrap="nowrap" gap="xs">
      <Group gap={phone ? 6 : 'sm'} wrap="nowrap" style={{ minWidth: 0 }}>
        <Burger
          opened={menuOpened}
          onClick={onToggleMenu}
          size="sm"
          aria-label={phone ? t('Open menu') : t('Collapse menu')}
          aria-expanded={menuOpened}
        />
        {/* A phone's header shows the short name, whole ("Metro PMIS" was cut to "M…", then "PMIS" to "P…" by a
            scroll bar's 15 px): it does not shrink, and the header's side padding is smaller on a phone. */}
        <Title
          order={phone ? 5 : 4}
          style={
            phone
              ? { whiteSpace: 'nowrap', flexShrink: 0 }
              : { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 }
          }
        >
          {phone ? t('PMIS') : t('Metro PMIS')}
        </Title>
        {offline ? (
          <Badge color="red" variant="dot" title={t('The gateway cannot be reached')}>
            {t('offline')}
          </Badge>
        ) : null}
      </Group>
      <Group gap={phone ? 4 : 'xs'} wrap="nowrap">
        <PendingButtons compact={phone} />
        <Tooltip label={t('Reminders')}>
          <Indicator label={count} size={16} disabled={count === 0} data-testid="bell-count">
            <ActionIcon
              variant="light"
              aria-label={t('Reminders')}
              onClick={() => {
                setRemindersUsed(true);
                setRemindersOpen(true);
              }}
            >
              <IconBell size={18} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
        <VoiceButton onShowNavigation={onShowNavigation} />
        <LanguageMenu compact={phone} />
        {phone ? null : (
          <Tooltip label={fullscreen ? t('Leave full screen') : t('Full screen')}>
            <ActionIcon variant="subtle" aria-label={t('Full screen')} onClick={toggleFullscreen}>
              {fullscreen ? <IconMinimize size={18} /> : <IconMaximize size={18} />}
            </ActionIcon>
          </Tooltip>
        )}
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            {phone ? (
              <ActionIcon variant="subtle" size="lg" aria-label={t('User menu')}>
                <IconUserCircle size={22} />
              </ActionIcon>
            ) : (
              <Button variant="subtle" size="xs" aria-label={t('User menu')}>
                <Text size="sm">{`${session?.name ?? ''} ▾`}</Text>
              </Button>
            )}
          </Menu.Target>
          <Menu.Dropdown>
            {phone ? <Menu.Label>{session?.name}</Menu.Label> : null}
            <Menu.Item onClick={onOpenSettings}>{t('Setting')}</Menu.Item>
            <Menu.Item onClick={() => navigate('/views/profile')}>{t('Profile')}</Menu.Item>
            <Menu.Item onClick={() => setMailOpen(true)}>{t('Mail preferences')}</Menu.Item>
            <Menu.Item onClick={onOpenShortcuts}>{t('Shortcut')}</Menu.Item>
            <Menu.Item onClick={toggleFullscreen}>{t('Full Screen')}</Menu.Item>
            <Menu.Item onClick={() => void lock()}>{t('Lock screen')}</Menu.Item>
            <Menu.Divider />
            <Menu.Item color="red" onClick={() => void signOut()}>
              {t('Logout')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      <MailPreferencesModal opened={mailOpen} onClose={() => setMailOpen(false)} />
      {remindersUsed ? (
        <Suspense fallback={null}>
          <ReminderModal opened={remindersOpen} onClose={() => setRemindersOpen(false)} />
        </Suspense>
      ) : null}
    </Group>
  );
}
