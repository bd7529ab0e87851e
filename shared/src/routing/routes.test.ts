import { matchPath } from 'react-router-dom';
import { namedRoutes, routePatterns } from './routes';

test('every named route builds a path its own pattern matches', () => {
  const built: Record<string, string> = {
    ...Object.fromEntries(Object.entries(namedRoutes).map(([name, build]) => [name, (build as () => string)()])),
    resetpassword: namedRoutes.resetpassword('tok', 'a@b.c'),
    emailverify: namedRoutes.emailverify(3, 'abc', 123, 'sig'),
    editrole: namedRoutes.editrole(5),
    invitation: namedRoutes.invitation('accept', 'tok'),
    editwarehouse: namedRoutes.editwarehouse(7),
  };
  for (const [name, pattern] of Object.entries(routePatterns)) {
    const path = built[name]?.split('?')[0] ?? '';
    expect([name, matchPath(pattern, path) !== null]).toEqual([name, true]);
  }
});

test('builders fill parameters and queries', () => {
  expect(namedRoutes.editwarehouse(7)).toBe('/admin/warehouse/edit/7');
  expect(namedRoutes.editrole('12')).toBe('/admin/user/roles/edit/12');
  expect(namedRoutes.invitation('decline', 'a/b')).toBe('/invitations/decline/a%2Fb');
  expect(namedRoutes.resetpassword('t1', 'a@b.c')).toBe('/reset-password?token=t1&email=a%40b.c');
  expect(namedRoutes.emailverify(1, 'h', 99, 's')).toBe('/email/verify/1/h?expires=99&signature=s');
  expect(namedRoutes.home()).toBe('/');
});
