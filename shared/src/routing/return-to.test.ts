import { loginPath, returnPathFrom, safeReturnPath } from './return-to';

test.each([
  '/invitations/accept/tok',
  '/email/verify/2/abc?expires=1&signature=s',
  '/admin/user/roles/edit/4#permissions',
  '/dashboard',
])('%s is a path of this app to continue at', (path) => {
  expect(safeReturnPath(path)).toBe(path);
});

test.each([
  ['protocol-relative', '//evil.example/x'],
  ['absolute', 'https://evil.example/'],
  ['another scheme', 'javascript:alert(1)'],
  ['backslash as slash', '/\\evil.example'],
  ['backslash later', '/a\\..\\\\evil.example'],
  ['tab inside', '/\t/evil.example'],
  ['newline inside', '/\n/evil.example'],
  ['leading space', ' /dashboard'],
  ['relative', 'dashboard'],
  ['empty', ''],
  ['the login page itself', '/login'],
  ['the login page with a query', '/login?next=%2Fx'],
  ['register', '/register/'],
  ['too long', `/${'a'.repeat(2001)}`],
])('%s (%j) is refused', (_what, value) => {
  expect(safeReturnPath(value)).toBeNull();
});

test('encoded tricks stay paths of this origin', () => {
  // `%2F%2F` and `%5C` are path characters here, not a host: the result stays on this site.
  expect(safeReturnPath('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
  expect(safeReturnPath('/%5Cevil.example')).toBe('/%5Cevil.example');
  expect(safeReturnPath('/a/../../b')).toBe('/b');
});

test('loginPath keeps a safe page and the reason; returnPathFrom reads it back', () => {
  expect(loginPath('/invitations/accept/t?x=1')).toBe('/login?next=%2Finvitations%2Faccept%2Ft%3Fx%3D1');
  expect(loginPath('/user', 'session-ended')).toBe('/login?next=%2Fuser&reason=session-ended');
  expect(loginPath('//evil.example')).toBe('/login');
  expect(loginPath('/')).toBe('/login');
  expect(returnPathFrom('?next=%2Finvitations%2Faccept%2Ft%3Fx%3D1')).toBe('/invitations/accept/t?x=1');
  expect(returnPathFrom('?next=%2F%2Fevil.example')).toBeNull();
  expect(returnPathFrom('?next=https%3A%2F%2Fevil.example')).toBeNull();
  expect(returnPathFrom('')).toBeNull();
});
