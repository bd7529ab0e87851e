import { Dialog, namedRoutes } from '@lager/shared';
import { useCallback, useRef, useState } from 'react';
import { useAccountTranslation } from '../../../lib/i18n';

const POINTS = ['free', 'future', 'account', 'availability', 'privacy', 'law'] as const;
/** Sub-pixel scroll positions and zoom can leave the last pixel unreachable. */
const END_TOLERANCE_PX = 2;

interface TermsDialogProps {
  onAccept: () => void;
  onDecline: () => void;
}

/** The terms popup of registration: Accept unlocks once the text has been scrolled to its end. */
export function TermsDialog({ onAccept, onDecline }: TermsDialogProps) {
  const { t } = useAccountTranslation();
  const scroller = useRef<HTMLElement>(null);
  const [readToEnd, setReadToEnd] = useState(false);

  const checkEnd = useCallback(() => {
    const el = scroller.current;
    if (el && el.scrollTop + el.clientHeight >= el.scrollHeight - END_TOLERANCE_PX) setReadToEnd(true);
  }, []);

  // Text that fits without scrolling is entirely on screen: it counts as read at once. Checked
  // when the text is attached (before paint, so the button is never seen disabled when there is
  // nothing to scroll) — not in an effect of this component: the dialog's content can mount after
  // it, when the dialog code loads on the page's first dialog.
  const attachScroller = useCallback(
    (el: HTMLElement | null) => {
      scroller.current = el;
      checkEnd();
    },
    [checkEnd],
  );

  return (
    <Dialog title={t('terms.title')} onClose={onDecline}>
      <section
        ref={attachScroller}
        aria-label={t('terms.region')}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable so keyboard users can scroll it.
        tabIndex={0}
        onScroll={checkEnd}
        style={{ maxHeight: '14rem', overflowY: 'auto', paddingRight: '0.5rem' }}
      >
        <p>{t('terms.intro')}</p>
        <ul>
          {POINTS.map((point) => (
            <li key={point}>{t(`terms.${point}`)}</li>
          ))}
        </ul>
        <p>
          <a href={namedRoutes.agb()} target="_blank" rel="noopener noreferrer">
            {t('terms.fullText')}
          </a>
        </p>
      </section>
      {!readToEnd && <p className="field-hint">{t('terms.scrollHint')}</p>}
      <div className="actions">
        <button type="button" className="secondary" onClick={onDecline}>
          {t('buttons.declineTerms')}
        </button>
        <button type="button" onClick={onAccept} disabled={!readToEnd}>
          {t('buttons.acceptTerms')}
        </button>
      </div>
    </Dialog>
  );
}
