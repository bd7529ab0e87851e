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

/** `/invitations/:action/:token`: answers the invitation at once, then moves on and reloads. */
export function InvitationHandler() {
  const { t } = useTranslation(NS);
  const { action, token = '' } = useParams();
  const [accept] = useAcceptInvitationMutation();
  const [decline] = useDeclineInvitationMutation();
  const valid = isInvitationAction(action);
  const form = useFormSubmit({
    ns: NS,
    initial: {},
    send: () => {
      if (!valid) return Promise.reject(new Error(`Unknown invitation action ${action}`));
      return (action === 'accept' ? accept : decline)(token).unwrap();
    },
    errors: INVITATION_ERRORS,
    success: action === 'accept' ? 'messages.invitationAccepted' : 'messages.invitationDeclined',
    after: valid ? { ms: DELAYS.invitationHandlerRedirect, to: NEXT[action], reload: true } : undefined,
  });
  const { submit, feedback } = form;
  // A token can be used once: StrictMode's second effect run (or a re-render) must not send it again.
  const handled = useRef<string | null>(null);

  useEffect(() => {
    const attempt = `${action}/${token}`;
    if (handled.current === attempt) return;
    handled.current = attempt;
    void submit();
  }, [action, token, submit]);

  return (
    <Page title={t('titles.invitation')}>
      {feedback ? <FormFeedback feedback={feedback} /> : <Loading label={t('messages.processingInvitation')} />}
    </Page>
  );
}
