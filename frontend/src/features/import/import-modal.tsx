/**
 * The register's Import button opens the importer for its entry in a window (the whole screen on a phone); the
 * list reads its rows again after an import that wrote (the importer's calls invalidate it).
 */
import { Modal, Title } from '@mantine/core';

import { useTranslation } from '../../lib/i18n';
import { useMobileView } from '../../lib/use-mobile-view';
import { ImportPage } from './import-page';

export interface ImportModalProps {
  entry: string;
  /** The register's title ("Corridors"). */
  title: string;
  onClose: () => void;
}

export function ImportModal({ entry, title, onClose }: ImportModalProps) {
  const { t } = useTranslation();
  const phone = useMobileView();
  return (
    <Modal
      opened
      onClose={onClose}
      fullScreen={phone}
      size="min(1100px, 96vw)"
      title={<Title order={3}>{t('Import into {{register}}', { register: title })}</Title>}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('Close') }}
      data-testid="import-modal"
    >
      <ImportPage entry={entry} entryTitle={title} />
    </Modal>
  );
}
