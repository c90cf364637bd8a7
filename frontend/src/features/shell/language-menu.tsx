import { Button, Menu } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';

import { useLanguages } from '../../api/langs';
import { chooseLanguage, useTranslation } from '../../lib/i18n';
import { noticeError } from '../notices';

/** The header's language switcher (docs/console.md "Languages"): the languages of languages.json, each in its own name. */
export function LanguageMenu({ compact }: { compact: boolean }) {
  const { t, i18n } = useTranslation();
  const languages = useLanguages();
  const current = i18n.resolvedLanguage ?? i18n.language;
  const choose = (key: string) => chooseLanguage(key).catch((error: unknown) => noticeError(error));
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          size="xs"
          px={compact ? 6 : undefined}
          leftSection={<IconLanguage size={18} />}
          aria-label={t('Language')}
          data-testid="language-menu"
        >
          {compact
            ? current.toUpperCase()
            : (languages.data?.find((l) => l.key === current)?.title ?? current)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('Language')}</Menu.Label>
        {(languages.data ?? []).map((language) => (
          <Menu.Item
            key={language.key}
            lang={language.key}
            title={language.alt}
            aria-current={language.key === current ? 'true' : undefined}
            fw={language.key === current ? 700 : undefined}
            onClick={() => void choose(language.key)}
          >
            {language.title}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
