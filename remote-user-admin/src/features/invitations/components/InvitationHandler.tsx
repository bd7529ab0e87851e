import { DELAYS, FormFeedback, Loading, Page, useFormSubmit } from '@lager/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { NS } from '../../../lib/namespace';
import {
  INVITATION_ERRORS,
  isInvitationAction,
  useAcceptInvitationMutation,
  useDeclineInvitationMutation,
} from '../api/invitations-api';

const NEXT = { accept: '/warehouse', decline: '/dashboard' } as const;

/** Invitations this tab answered (`accept/<token>`), so that coming back never sends one again. */
const ANSWERED_KEY = 'invitations:answered';

function answered(): string[] {
  try {
    const list: unknown = JSON.parse(window.sessionStorage.getItem(ANSWERED_KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

function rememberAnswered(attempt: string) {
  window.sessionStorage.setItem(ANSWERED_KEY, JSON.stringify([...answered(), attempt].slice(-20)));
}

/**
 * `/invitations/:action/:token`: answers the invitation at once, then moves on and reloads.
 * The next page takes this page's place in the history, so Back does not come here again; and
 * an invitation this tab already answered (Back pressed during the delay, Forward) shows its
 * result again without a second request, which would only say "already used".
 */
export function InvitationHandler() {
  const { t } = useTranslation(NS);
  const { action, token = '' } = useParams();
  const [accept] = useAcceptInvitationMutation();
  const [decline] = useDeclineInvitationMutation();
  const valid = isInvitationAction(action);
  const attempt = `${action}/${token}`;
  const form = useFormSubmit({
    ns: NS,
    initial: {},
    send: async () => {
      if (!valid) throw new Error(`Unknown invitation action ${action}`);
      if (answered().includes(attempt)) return;
      await (action === 'accept' ? accept : decline)(token).unwrap();
      rememberAnswered(attempt);
    },
    errors: INVITATION_ERRORS,
    success: action === 'accept' ? 'messages.invitationAccepted' : 'messages.invitationDeclined',
    after: valid ? { ms: DELAYS.invitationHandlerRedirect, to: NEXT[action], replace: true, reload: true } : undefined,
  });
  const { submit, feedback } = form;
  // A token can be used once: StrictMode's second effect run (or a re-render) must not send it again.
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (handled.current === attempt) return;
    handled.current = attempt;
    void submit();
  }, [attempt, submit]);

  return (
    <Page title={t('titles.invitation')}>
      {feedback ? <FormFeedback feedback={feedback} /> : <Loading label={t('messages.processingInvitation')} />}
    </Page>
  );
}
