import { act, screen } from '@testing-library/react';
import { sharedApi } from '../api/endpoints';
import { hasSessionEnded } from '../auth/auth';
import { useFormSubmit } from '../forms/use-form-submit';
import { renderWithProviders, unverifiedUser, verifiedUser } from '../testing';
import { clearAllDrafts, draftStorageKey, keepOnlyDraftsOf, useDraft } from './use-draft';

function NameForm() {
  const { values, setField } = useDraft('profile', { name: '', password: '' });
  return (
    <>
      <input aria-label="Name" value={values.name} onChange={(e) => setField('name', e.target.value)} />
      <input aria-label="Password" value={values.password} onChange={(e) => setField('password', e.target.value)} />
    </>
  );
}

beforeEach(() => window.localStorage.clear());

type Store = ReturnType<typeof renderWithProviders>['store'];

/** The auth gate's answer for `GET api/user`, as the cache holds it; the form re-renders for it. */
async function signedIn(store: Store, who: typeof verifiedUser) {
  await act(async () => {
    await store.dispatch(sharedApi.util.upsertQueryData('getUser', undefined, who));
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
}

test('issue 16/1: a draft belongs to the signed-in user; another user never sees it', async () => {
  const first = renderWithProviders(<NameForm />);
  await signedIn(first.store, verifiedUser);
  await first.user.type(screen.getByLabelText('Name'), 'Alice Typed');
  await first.user.type(screen.getByLabelText('Password'), 'secret-1');
  expect(JSON.parse(window.localStorage.getItem(draftStorageKey('profile', verifiedUser.id))!)).toEqual({
    name: 'Alice Typed',
  });
  first.unmount();

  // The next person on this browser: their own (empty) draft, not Alice's text.
  const second = renderWithProviders(<NameForm />);
  await signedIn(second.store, unverifiedUser);
  expect(screen.getByLabelText('Name')).toHaveValue('');
  second.unmount();

  // Alice again (say her session had expired): her draft, passwords never.
  const again = renderWithProviders(<NameForm />);
  await signedIn(again.store, verifiedUser);
  expect(screen.getByLabelText('Name')).toHaveValue('Alice Typed');
  expect(screen.getByLabelText('Password')).toHaveValue('');
});

test('logged out, a form has its own anonymous scope; the user switching mid-page swaps the draft', async () => {
  const { store, user } = renderWithProviders(<NameForm />);
  await user.type(screen.getByLabelText('Name'), 'Visitor');
  expect(window.localStorage.getItem(draftStorageKey('profile', null))).toBe('{"name":"Visitor"}');
  await signedIn(store, verifiedUser);
  expect(screen.getByLabelText('Name')).toHaveValue('');
});

test('keepOnlyDraftsOf drops every other scope (and unscoped old drafts); clearAllDrafts drops all', () => {
  const mine = draftStorageKey('invite-user', 1);
  const others = [draftStorageKey('invite-user', 2), draftStorageKey('account-login', null), 'draft:invite-user'];
  for (const key of [mine, ...others]) window.localStorage.setItem(key, '{}');
  window.localStorage.setItem('language', 'en');
  keepOnlyDraftsOf(1);
  expect(others.map((key) => window.localStorage.getItem(key))).toEqual([null, null, null]);
  expect(window.localStorage.getItem(mine)).toBe('{}');
  clearAllDrafts();
  expect(window.localStorage.getItem(mine)).toBeNull();
  expect(window.localStorage.getItem('language')).toBe('en');
});

function SaveForm({ send }: { send: () => Promise<unknown> }) {
  const form = useFormSubmit({
    ns: 'common',
    initial: { name: '' },
    draftKey: 'profile',
    send,
    errors: { fallback: 'errors.errorOccurred' },
  });
  return (
    <form onSubmit={form.onSubmit}>
      <input aria-label="Name" {...form.field('name')} />
      <button type="submit">Save</button>
    </form>
  );
}

test('issue 16/9: a 401 on a save of a signed-in user ends the session in the app and keeps the draft', async () => {
  const unauthenticated = { status: 401, code: 'auth.unauthenticated', message: 'Unauthenticated.' };
  const { store, user } = renderWithProviders(<SaveForm send={() => Promise.reject(unauthenticated)} />, {
    language: 'en',
  });
  await signedIn(store, verifiedUser);
  await user.type(screen.getByLabelText('Name'), 'Unsaved name');
  expect(hasSessionEnded()).toBe(false);
  // The logout in another tab cleared every draft of this browser.
  clearAllDrafts();
  await user.click(screen.getByRole('button', { name: 'Save' }));
  // Logged out now: the route guard takes over (to /login?next=…&reason=session-ended).
  expect(sharedApi.endpoints.getUser.select(undefined)(store.getState()).data).toBeNull();
  expect(hasSessionEnded()).toBe(true);
  expect(JSON.parse(window.localStorage.getItem(draftStorageKey('profile', verifiedUser.id))!)).toEqual({
    name: 'Unsaved name',
  });
});

test('issue 23/3: a logout in another tab clears the drafts; what this tab has typed is written back for its user', async () => {
  const view = renderWithProviders(<NameForm />);
  await signedIn(view.store, verifiedUser);
  await view.user.type(screen.getByLabelText('Name'), 'Typed here');
  const key = draftStorageKey('profile', verifiedUser.id);
  // The other tab's logout: every draft removed, which this tab hears as storage events.
  act(() => {
    window.localStorage.removeItem(key);
    window.dispatchEvent(new StorageEvent('storage', { key, oldValue: '{}', newValue: null }));
  });
  expect(JSON.parse(window.localStorage.getItem(key)!)).toEqual({ name: 'Typed here' });
  // A later login of someone else still keeps only their own drafts.
  keepOnlyDraftsOf(verifiedUser.id + 1);
  expect(window.localStorage.getItem(key)).toBeNull();
});
