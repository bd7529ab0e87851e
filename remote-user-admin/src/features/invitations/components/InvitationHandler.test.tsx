import { DELAYS } from '@lager/shared';
import { API, HttpResponse, rest, setupApiServer, stubReload } from '@lager/shared/testing';
import { act, configure, screen } from '@testing-library/react';
import { allHandlers, errorJson, mount } from '../../../testing/fixtures';

const server = setupApiServer(...allHandlers());

function answerInvitations(answer: () => Response = () => HttpResponse.json({ message: 'ok', warehouse_id: 10 })) {
  const calls: string[] = [];
  server.use(
    rest.post(`${API}/api/invitations/:action/:token`, ({ params }) => {
      calls.push(`${params.action}/${params.token}`);
      return answer();
    }),
  );
  return calls;
}

const reload = stubReload();

test.each([
  ['accept', '/warehouse', 'The invitation was accepted.'],
  ['decline', '/dashboard', 'The invitation was declined.'],
])(
  '%s runs at once, then goes to %s and reloads only after DELAYS.invitationHandlerRedirect',
  async (action, target, text) => {
    jest.useFakeTimers();
    const calls = answerInvitations();
    mount(`/invitations/${action}/tok-123`);
    expect(screen.getByText('Processing the invitation …')).toBeInTheDocument();
    expect(await screen.findByText(new RegExp(text))).toHaveAttribute('role', 'status');
    expect(calls).toEqual([`${action}/tok-123`]);
    act(() => jest.advanceTimersByTime(DELAYS.invitationHandlerRedirect - 1));
    expect(screen.getByTestId('location')).toHaveTextContent(`/invitations/${action}/tok-123`);
    expect(reload).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByTestId('location')).toHaveTextContent(target);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(DELAYS.invitationHandlerRedirect).toBe(2000);
  },
);

test('answers the invitation once, even under StrictMode double effects', async () => {
  const calls = answerInvitations();
  // Strict mode for the whole root, as the apps render it in development.
  configure({ reactStrictMode: true });
  try {
    mount('/invitations/accept/once');
    expect(await screen.findByText(/The invitation was accepted/)).toBeInTheDocument();
  } finally {
    configure({ reactStrictMode: false });
  }
  expect(calls).toEqual(['accept/once']);
});

test('issue 16/7: back on the entry that answered the invitation, it is not sent again; the link opened anew is', async () => {
  const calls = answerInvitations();
  const first = mount('/invitations/accept/back-again');
  expect(await screen.findByText(/The invitation was accepted/)).toBeInTheDocument();
  first.unmount();
  // The same history entry again (Back, Forward): the result, without asking the server.
  server.use(rest.post(`${API}/api/invitations/:action/:token`, () => errorJson(400, 'Bad request')));
  const again = mount('/invitations/accept/back-again');
  expect(await screen.findByText(/The invitation was accepted/)).toBeInTheDocument();
  expect(screen.queryByText(USED)).not.toBeInTheDocument();
  expect(calls).toEqual(['accept/back-again']);
  again.unmount();
  // The link opened anew is a new entry: the server says it was used.
  window.history.pushState(null, '');
  mount('/invitations/accept/back-again');
  expect(await screen.findByRole('alert')).toHaveTextContent(USED);
});

test('an invalid action is an error state without a request and without a redirect', async () => {
  jest.useFakeTimers();
  const calls = answerInvitations();
  mount('/invitations/maybe/tok-123');
  expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred.');
  act(() => jest.advanceTimersByTime(DELAYS.invitationHandlerRedirect * 2));
  expect(calls).toEqual([]);
  expect(reload).not.toHaveBeenCalled();
  expect(screen.getByTestId('location')).toHaveTextContent('/invitations/maybe/tok-123');
});

const USED = 'This invitation link has already been used.';
const FAILED = 'An error occurred.';

test.each([
  ['400 "already processed"', () => errorJson(400, 'This invitation has already been processed.'), USED],
  ['400 with any text', () => errorJson(400, 'Bad request'), USED],
  ['the processed text with another status', () => errorJson(409, 'This invitation has already been processed.'), USED],
  ['the German processed text', () => errorJson(409, 'Diese Einladung wurde bereits bearbeitet.'), USED],
  ['the processed code', () => errorJson(409, 'x', 'invitation.processed'), USED],
  ['404 not found', () => errorJson(404, 'Invitation not found.'), FAILED],
  ['403 wrong user', () => errorJson(403, 'This invitation is for another user.'), FAILED],
  ['500', () => new HttpResponse(null, { status: 500 }), FAILED],
  ['a network failure', () => HttpResponse.error(), FAILED],
])('%s → "%s"', async (_case, answer, text) => {
  jest.useFakeTimers();
  answerInvitations(answer);
  mount('/invitations/decline/tok-9');
  expect(await screen.findByRole('alert')).toHaveTextContent(text);
  act(() => jest.advanceTimersByTime(DELAYS.invitationHandlerRedirect * 2));
  expect(reload).not.toHaveBeenCalled();
  expect(screen.getByTestId('location')).toHaveTextContent('/invitations/decline/tok-9');
});

test.each([
  [() => errorJson(400, 'x'), 'Dieser Einladungslink wurde bereits verwendet.'],
  [() => errorJson(404, 'x'), 'Ein Fehler ist aufgetreten.'],
])('error texts in German (%#)', async (answer, text) => {
  answerInvitations(answer);
  mount('/invitations/accept/tok-9', 'de');
  expect(await screen.findByRole('alert')).toHaveTextContent(text);
});
