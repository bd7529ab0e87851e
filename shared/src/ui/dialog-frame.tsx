import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface DialogFrameProps {
  title: string;
  description?: ReactNode;
  onClose: () => void;
  /** What had focus before the dialog was mounted: focus returns there when it closes. */
  opener: HTMLElement | null;
  children: ReactNode;
}

/** What gets focus when a dialog opens: the first field, else the first enabled button (Cancel before Confirm). */
const INITIAL_FOCUS = 'input:not(:disabled), select:not(:disabled), textarea:not(:disabled), button:not(:disabled)';

/**
 * The Radix part of `Dialog` (dialogs.tsx), in its own chunk: loaded when a dialog first opens,
 * not with every page.
 *
 * Radix's dialog does the focus work: Tab stays inside, everything behind it is hidden from
 * assistive technology and cannot be clicked, Esc closes wherever focus is, and focus returns
 * to the control that was focused before it opened. A click on the overlay does not close it,
 * so a half-typed password is never lost by a stray click.
 */
export function DialogFrame({ title, description, onClose, opener, children }: DialogFrameProps) {
  const { t } = useTranslation('common');
  return (
    <RadixDialog.Root
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {/* An explicit container portals in the first render, so the content is in the document
          as soon as the frame commits. */}
      <RadixDialog.Portal container={typeof document === 'undefined' ? undefined : document.body}>
        <RadixDialog.Overlay className="dialog-backdrop" />
        <RadixDialog.Content
          className="dialog"
          // Without a description Radix must not point aria-describedby at nothing.
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={(event) => {
            const first = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>(INITIAL_FOCUS);
            if (first && !first.classList.contains('dialog-close')) {
              event.preventDefault();
              first.focus();
            }
          }}
          onCloseAutoFocus={(event) => {
            if (opener?.isConnected) {
              event.preventDefault();
              opener.focus();
            }
          }}
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
        >
          <RadixDialog.Title>{title}</RadixDialog.Title>
          {description && <RadixDialog.Description>{description}</RadixDialog.Description>}
          {children}
          {/* Last in the tab order, shown in the corner. */}
          <RadixDialog.Close className="secondary icon-button dialog-close" aria-label={t('buttons.close')}>
            <X className="icon" aria-hidden="true" focusable="false" />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
