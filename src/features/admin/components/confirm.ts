import { modals } from '@mantine/modals';
import { t } from '../../../i18n/id.ts';

/**
 * Every delete asks first (spec section 5): 'Tindakan ini tidak bisa dibatalkan.', after what else
 * it will do (e.g. unpublish a siap package).
 */
export function confirmDelete(title: string, onConfirm: () => void, consequence?: string): void {
  modals.openConfirmModal({
    title,
    children: consequence ? `${consequence} ${t.admin.common.confirmDeleteText}` : t.admin.common.confirmDeleteText,
    labels: { confirm: t.admin.common.delete, cancel: t.admin.common.cancel },
    confirmProps: { color: 'red' },
    closeButtonProps: { 'aria-label': t.dialog.close },
    centered: true,
    onConfirm,
  });
}

/** The spec's package delete archives: the dialog says what happens and that it can be undone. */
export function confirmArchive(title: string, onConfirm: () => void): void {
  modals.openConfirmModal({
    title,
    children: t.admin.paket.confirmArchiveText,
    labels: { confirm: t.admin.paket.archiveConfirm, cancel: t.admin.common.cancel },
    confirmProps: { color: 'red' },
    closeButtonProps: { 'aria-label': t.dialog.close },
    centered: true,
    onConfirm,
  });
}

/** A clone writes a whole package: it asks first and says what the copy holds. */
export function confirmClone(title: string, onConfirm: () => void): void {
  modals.openConfirmModal({
    title,
    children: t.admin.paket.cloneText,
    labels: { confirm: t.admin.paket.cloneConfirm, cancel: t.admin.common.cancel },
    closeButtonProps: { 'aria-label': t.dialog.close },
    centered: true,
    onConfirm,
  });
}
