import { setupApiServer } from '@lager/shared/testing';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { screen, within } from '@testing-library/react';
import { prepareShell, renderShell, SECTION_TEXT, shellHandlers } from '../testing/shell-test-utils';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn(), loadRemote: jest.fn() }));
const mockedLoad = jest.mocked(loadRemote);
const fake = (id: string) => ({ default: () => require('react').createElement('p', null, `section ${id}`) });

setupApiServer(...shellHandlers({ user: null }));
beforeEach(() => {
  prepareShell();
  jest.spyOn(console, 'error').mockImplementation(() => {});
  mockedLoad.mockReset();
});
afterEach(() => jest.restoreAllMocks());

test('the shell renders a section from a test-double remote inside its layout', async () => {
  mockedLoad.mockImplementation(async (id: string) => fake(id));
  renderShell('/info/about');
  expect(await screen.findByText(SECTION_TEXT['remote-info'])).toBeInTheDocument();
  expect(within(screen.getByRole('main')).getByText(SECTION_TEXT['remote-info'])).toBeInTheDocument();
  expect(screen.getByRole('banner')).toBeInTheDocument();
  expect(mockedLoad).toHaveBeenCalledWith('remote_info/InfoRoutes');
});

test.each([
  ['de', 'Bereich nicht verfügbar', 'Erneut versuchen'],
  ['en', 'Section unavailable', 'Retry'],
] as const)(
  'a remote that cannot load: translated unavailable card (%s), Retry loads it',
  async (language, title, retry) => {
    mockedLoad.mockRejectedValueOnce(new Error('offline'));
    mockedLoad.mockImplementation(async (id: string) => fake(id));
    const { user } = renderShell('/login', language);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    // The rest of the shell keeps working.
    expect(screen.getByRole('navigation')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: retry }));
    expect(await screen.findByText(SECTION_TEXT['remote-account'])).toBeInTheDocument();
  },
);
