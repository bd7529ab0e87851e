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

/**
 * Marks this history entry as answered (`accept/<token>`). Coming back to the very entry (Back
 * during the delay, Forward) finds the mark and does not send the token again, which would only
 * say "already used"; opening the link anew is a new entry and gets the server's answer.
 */
const ANSWERED = 'lagerInvitationAnswered';

function answeredHere(attempt: string): boolean {
  return (window.history.state as Record<string, unknown> | null)?.[ANSWERED] === attempt;
}

function markAnsweredHere(attempt: string) {
  const state = (window.history.state as Record<string, unknown> | null) ?? {};
  window.history.replaceState({ ...state, [ANSWERED]: attempt }, '');
}

/**
 * `/invitations/:action/:token`: answers the invitation at once, then moves on and reloads.
 * The next page takes this page's place in the history, so Back does not come here again; and
 * coming back to this entry anyway (Back during the delay, Forward) shows the result again
 * without a second request.
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
      if (answeredHere(attempt)) return;
      await (action === 'accept' ? accept : decline)(token).unwrap();
      markAnsweredHere(attempt);
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
