import { type FormSubmitOptions, PasswordConfirmDialog, usePasswordForm } from '@lager/shared';
import { useTranslation } from 'react-i18next';

/** The dialog's texts per action on the selected warehouses. */
const TEXTS = {
  leave: { title: 'dialogs.leaveTitle', text: 'dialogs.leaveText', button: 'buttons.leave' },
  delete: { title: 'dialogs.deleteTitle', text: 'dialogs.deleteText', button: 'buttons.delete' },
} as const;

interface SelectedWarehousesDialogProps<R>
  extends Omit<FormSubmitOptions<{ password: string }, R>, 'ns' | 'initial' | 'validate' | 'draftKey'> {
  action: keyof typeof TEXTS;
  /** How many warehouses the action is about (the dialog's text says so). */
  count: number;
  onClose: () => void;
}

/** Asks for the password before leaving or deleting the selected warehouses; `send` does it. */
export function SelectedWarehousesDialog<R>({ action, count, onClose, ...submit }: SelectedWarehousesDialogProps<R>) {
  const { t } = useTranslation('warehouseAdmin');
  const form = usePasswordForm({ ns: 'warehouseAdmin', ...submit });
  const texts = TEXTS[action];
  return (
    <PasswordConfirmDialog
      title={t(texts.title)}
      message={t(texts.text, { count })}
      confirmLabel={t(texts.button)}
      form={form}
      onCancel={onClose}
    />
  );
}
