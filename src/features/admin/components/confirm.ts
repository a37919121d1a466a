import { modals } from '@mantine/modals';
import { t } from '../../../i18n/id.ts';

/** Every delete asks first (spec section 5): 'Tindakan ini tidak bisa dibatalkan.' */
export function confirmDelete(title: string, onConfirm: () => void): void {
  modals.openConfirmModal({
    title,
    children: t.admin.common.confirmDeleteText,
    labels: { confirm: t.admin.common.delete, cancel: t.admin.common.cancel },
    confirmProps: { color: 'red' },
    closeButtonProps: { 'aria-label': t.dialog.close },
    centered: true,
    onConfirm,
  });
}
