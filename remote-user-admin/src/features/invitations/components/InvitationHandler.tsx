import { Alert, browser, DELAYS, Loading, Page, useDelayed } from '@lager/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { NS } from '../../../lib/namespace';
import { isInvitationAction, useUserAdminRespondToInvitationMutation } from '../api/invitations-api';
import { invitationErrorKey } from '../invitation-errors';

type State = { kind: 'pending' } | { kind: 'done'; text: string } | { kind: 'error'; text: string };

const NEXT = { accept: '/warehouse', decline: '/dashboard' } as const;

/** `/invitations/:action/:token`: answers the invitation at once, then moves on and reloads. */
export function InvitationHandler() {
  const { t } = useTranslation(NS);
  const { action, token = '' } = useParams();
  const navigate = useNavigate();
  const schedule = useDelayed();
  const [respond] = useUserAdminRespondToInvitationMutation();
  const [state, setState] = useState<State>({ kind: 'pending' });
  // A token can be used once: StrictMode's second effect run (or a re-render) must not send it again.
  const handled = useRef<string | null>(null);

  useEffect(() => {
    const attempt = `${action}/${token}`;
    if (handled.current === attempt) return;
    handled.current = attempt;
    if (!isInvitationAction(action)) {
      setState({ kind: 'error', text: t('errors.invitationFailed') });
      return;
    }
    respond({ action, token })
      .unwrap()
      .then(() => {
        setState({
          kind: 'done',
          text: t(action === 'accept' ? 'messages.invitationAccepted' : 'messages.invitationDeclined'),
        });
        schedule(() => {
          navigate(NEXT[action]);
          browser.reload();
        }, DELAYS.invitationHandlerRedirect);
      })
      .catch((err: unknown) => {
        console.error('Answering the invitation failed', err);
        setState({ kind: 'error', text: t(invitationErrorKey(err)) });
      });
  }, [action, token, respond, schedule, navigate, t]);

  return (
    <Page title={t('titles.invitation')}>
      {state.kind === 'pending' && <Loading label={t('messages.processingInvitation')} />}
      {state.kind === 'done' && <Alert kind="success">{state.text}</Alert>}
      {state.kind === 'error' && <Alert kind="error">{state.text}</Alert>}
    </Page>
  );
}
