import { setupApiServer } from '@lager/shared/testing';
import { screen } from '@testing-library/react';
import { mountAccount } from '../testing/mount';

setupApiServer();

test.each([
  ['/', 'Anmelden'],
  ['/login', 'Anmelden'],
  ['/register', 'Registrieren'],
  ['/forgotpassword', 'Passwort vergessen'],
])('%s shows "%s" (German by default)', (route, title) => {
  mountAccount(route, 'de');
  expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
});

test.each(['/nowhere', '/user/extra/path'])('%s goes to /', (route) => {
  mountAccount(route);
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
});
