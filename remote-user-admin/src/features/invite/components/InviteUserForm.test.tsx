import { DELAYS, draftStorageKey } from '@lager/shared';
import {
  API,
  expectReloadAfter,
  HttpResponse,
  rest,
  setupApiServer,
  stubReload,
  verifiedUser,
} from '@lager/shared/testing';
import { screen } from '@testing-library/react';
import { delay } from 'msw';
import { allHandlers, captureBodies, errorJson, mount, mountSettled, settled } from '../../../testing/fixtures';

/** Drafts are per user (issue 16): the signed-in user's key. */
const DRAFT = draftStorageKey('invite-user', verifiedUser.id);

const server = setupApiServer(...allHandlers());

const captureInvites = (answer: () => Response = () => HttpResponse.json({ message: 'sent' }, { status: 201 })) =>
  captureBodies(server, 'post', 'api/invitations/send', answer);

async function fill(user: ReturnType<typeof mount>['user'], email: string, role?: string) {
  if (email) await user.type(screen.getByLabelText('E-mail'), email);
  if (role) await user.selectOptions(screen.getByLabelText('Role'), screen.getByRole('option', { name: role }));
  await user.click(screen.getByRole('button', { name: 'Send invitation' }));
}

const reload = stubReload();

test('the roles come from GET api/admin/roles without a warehouse id', async () => {
  const calls: string[] = [];
  server.use(
    rest.get(`${API}/api/admin/roles`, ({ request }) => {
      calls.push(new URL(request.url).pathname);
      return HttpResponse.json({ roles: [{ id: 2, name: 'Lagerist', description: null }] });
    }),
  );
  mount('/admin/user/invite');
  await settled();
  expect(await screen.findByRole('option', { name: 'Lagerist' })).toBeInTheDocument();
  expect(calls).toEqual(['/api/admin/roles']);
});

test.each([
  ['nothing', 'Please fill in all fields.', '', undefined],
  ['no role', 'Please fill in all fields.', 'gina@example.com', undefined],
  ['no e-mail', 'Please fill in all fields.', '', 'Viewer'],
  ['an e-mail without a dot', 'The entered email address is invalid.', 'gina@example', 'Viewer'],
  ['an e-mail with a space', 'The entered email address is invalid.', 'gi na@example.com', 'Viewer'],
])('validation: %s → %s', async (_case, text, email, role) => {
  const bodies = captureInvites();
  const { user } = await mountSettled('/admin/user/invite');
  await fill(user, email, role);
  expect(screen.getByRole('alert')).toHaveTextContent(text);
  expect(bodies).toEqual([]);
});

test('validation texts in German', async () => {
  const { user } = await mountSettled('/admin/user/invite', 'de');
  await user.click(screen.getByRole('button', { name: 'Einladung senden' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Bitte füllen Sie alle Felder aus.');
  await user.type(screen.getByLabelText('E-Mail'), 'kaputt');
  await user.selectOptions(screen.getByLabelText('Rolle'), '2');
  await user.click(screen.getByRole('button', { name: 'Einladung senden' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Die eingegebene E-Mail-Adresse ist ungültig.');
});

test('success: sends email and role_id, confirms, reloads the page only after DELAYS.inviteReload', async () => {
  jest.useFakeTimers();
  const bodies = captureInvites();
  const { user } = await mountSettled('/admin/user/invite');
  await fill(user, 'gina@example.com', 'Viewer');
  expect(await screen.findByRole('status')).toHaveTextContent('The invitation was sent.');
  expect(bodies).toEqual([{ email: 'gina@example.com', role_id: 3 }]);
  expect(screen.getByRole('button', { name: 'Send invitation' })).toBeDisabled();
  expectReloadAfter(reload, DELAYS.inviteReload);
  expect(DELAYS.inviteReload).toBe(2000);
});

test('the send button is disabled while the request runs', async () => {
  server.use(
    rest.post(`${API}/api/invitations/send`, async () => {
      await delay(50);
      return errorJson(500, 'boom');
    }),
  );
  const { user } = await mountSettled('/admin/user/invite');
  await fill(user, 'gina@example.com', 'Viewer');
  expect(screen.getByRole('button', { name: 'Send invitation' })).toBeDisabled();
  expect(await screen.findByRole('alert')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Send invitation' })).toBeEnabled();
});

const MAPPINGS = [
  {
    code: 'invite.not_registered',
    en: 'This email is not associated with a registered user.',
    de: 'Diese E-Mail-Adresse gehört zu keinem registrierten Benutzer.',
  },
  { code: 'invite.self', en: 'You cannot invite yourself.', de: 'Sie können sich nicht selbst einladen.' },
  {
    code: 'invite.already_member',
    en: 'The user is already a member of this warehouse.',
    de: 'Der Benutzer ist bereits Mitglied dieses Lagers.',
  },
  {
    code: 'invite.exists',
    en: 'An invitation for this user already exists.',
    de: 'Für diesen Benutzer existiert bereits eine Einladung.',
  },
];

const errorCases = MAPPINGS.flatMap(({ code, en, de }) => [
  { how: `code ${code}`, answer: () => errorJson(422, 'Irgendein Text', code), language: 'en' as const, shown: en },
  { how: `English text "${en}"`, answer: () => errorJson(422, en), language: 'en' as const, shown: en },
  { how: `German text "${de}" (en UI)`, answer: () => errorJson(422, de), language: 'en' as const, shown: en },
  { how: `English text "${en}" (de UI)`, answer: () => errorJson(422, en), language: 'de' as const, shown: de },
]);

test.each(errorCases)('server error by $how → mapped message', async ({ answer, language, shown }) => {
  captureInvites(answer);
  const { user } = await mountSettled('/admin/user/invite', language);
  await user.type(screen.getByRole('textbox'), 'gina@example.com');
  await user.selectOptions(screen.getByRole('combobox'), '2');
  await user.click(screen.getByRole('button'));
  expect(await screen.findByRole('alert')).toHaveTextContent(shown);
});

test.each([
  ['an unknown text', () => errorJson(422, 'Something else went wrong.')],
  ['an unknown code', () => errorJson(422, 'x', 'invite.other')],
  ['a server error without body', () => new HttpResponse(null, { status: 500 })],
  ['a network failure', () => HttpResponse.error()],
])('%s → "An error occurred. Please try again later."', async (_case, answer) => {
  captureInvites(answer);
  const { user } = await mountSettled('/admin/user/invite');
  await fill(user, 'gina@example.com', 'Viewer');
  expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred. Please try again later.');
  expect(reload).not.toHaveBeenCalled();
});

test('the generic error in German', async () => {
  captureInvites(() => errorJson(500, 'Server Error'));
  const { user } = await mountSettled('/admin/user/invite', 'de');
  await user.type(screen.getByLabelText('E-Mail'), 'gina@example.com');
  await user.selectOptions(screen.getByLabelText('Rolle'), '2');
  await user.click(screen.getByRole('button', { name: 'Einladung senden' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Ein Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.',
  );
});

test.each([
  ['en', 'Failed to load the roles'],
  ['de', 'Fehler beim Laden der Rollen'],
] as const)('role load failure (%s): "%s"', async (language, text) => {
  server.use(rest.get(`${API}/api/admin/roles`, () => errorJson(500, 'Server Error')));
  mount('/admin/user/invite', language);
  expect(await screen.findByRole('alert')).toHaveTextContent(text);
});

test('drafts: e-mail and role survive leaving the page and are cleared after sending', async () => {
  captureInvites();
  const first = await mountSettled('/admin/user/invite');
  await first.user.type(screen.getByLabelText('E-mail'), 'gina@example.com');
  await first.user.selectOptions(screen.getByLabelText('Role'), '4');
  first.unmount();
  const second = await mountSettled('/admin/user/invite');
  expect(screen.getByLabelText('E-mail')).toHaveValue('gina@example.com');
  expect(screen.getByLabelText('Role')).toHaveValue('4');
  await second.user.click(screen.getByRole('button', { name: 'Send invitation' }));
  await screen.findByRole('status');
  expect(window.localStorage.getItem(DRAFT)).toBeNull();
});

test('a failed send keeps the draft', async () => {
  captureInvites(() => errorJson(500, 'Server Error'));
  const { user } = await mountSettled('/admin/user/invite');
  await fill(user, 'gina@example.com', 'Viewer');
  await screen.findByRole('alert');
  expect(JSON.parse(window.localStorage.getItem(DRAFT) ?? '{}')).toEqual({
    email: 'gina@example.com',
    role_id: '3',
  });
});
