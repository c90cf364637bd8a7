import { Anchor, Box, Group } from '@mantine/core';
import { useLocation } from 'react-router';

import { supportFileStem, useBannerMessages, useSupportFiles } from '../../api/console';
import { useTranslation } from '../../lib/i18n';
import classes from './ribbon.module.css';

/** The ribbon (docs/console.md §2): this page's manual and video when the support folder has them, and the banner. */
export function Ribbon() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const files = useSupportFiles(pathname);
  const messages = useBannerMessages();
  const stem = supportFileStem(pathname);
  const names = new Set(files.data ?? []);
  const manual = names.has(`${stem}.pdf`) ? `/_support_resources/${stem}.pdf` : null;
  const video = names.has(`${stem}.mp4`) ? `/_support_resources/${stem}.mp4` : null;
  const banner = (messages.data ?? []).map((m) => m.c_val).join('   •   ');
  return (
    <Group gap="md" px="md" py={4} wrap="nowrap" className={classes.ribbon} data-testid="ribbon">
      {manual ? (
        <Anchor href={manual} download size="sm" data-testid="manual-link">
          {t('Instruction manual')}
        </Anchor>
      ) : null}
      {video ? (
        <Anchor href={video} target="_blank" rel="noreferrer" size="sm" data-testid="video-link">
          {t('Video demo')}
        </Anchor>
      ) : null}
      <Box className={classes.banner} aria-label={t('Notices')}>
        {banner ? (
          <span className={classes.scroller} data-testid="banner">
            {banner}
          </span>
        ) : null}
      </Box>
    </Group>
  );
}
