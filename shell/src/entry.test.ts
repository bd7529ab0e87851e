/**
 * The shell's entry (index.ts) evaluates its heavy shared packages one per task and the app last
 * (issue 28: the entry script's one long task was the largest part of the federated pages' Total
 * Blocking Time). Each module below is replaced by a stub that notes when it is evaluated; the
 * timers are Jest's, so "a task" is one timer that the entry set.
 */
const mockEvaluated: string[] = [];
function mockModule(name: string) {
  mockEvaluated.push(name);
  return {};
}

jest.mock('react', () => mockModule('react'));
jest.mock('react-dom/client', () => mockModule('react-dom/client'));
jest.mock('@reduxjs/toolkit', () => mockModule('@reduxjs/toolkit'));
jest.mock('react-router-dom', () => mockModule('react-router-dom'));
jest.mock('react-i18next', () => mockModule('react-i18next'));
jest.mock('@lager/shared', () => mockModule('@lager/shared'));
jest.mock('./bootstrap', () => mockModule('./bootstrap'));

/** Everything already queued runs (promise reactions and module evaluation), but no timer fires. */
const settle = () =>
  new Promise((resolve) => jest.requireActual<typeof import('timers')>('timers').setImmediate(resolve));

afterEach(() => jest.useRealTimers());

test('the entry evaluates React, react-dom, the store, the router, i18n and @lager/shared in tasks of their own, then the app', async () => {
  jest.useFakeTimers();
  jest.isolateModules(() => {
    require('./index');
  });
  await settle();
  // The first task of the entry: React only.
  expect(mockEvaluated).toEqual(['react']);

  const order = ['react-dom/client', '@reduxjs/toolkit', 'react-router-dom', 'react-i18next', '@lager/shared'];
  for (const name of order) {
    expect(jest.getTimerCount()).toBe(1);
    jest.runOnlyPendingTimers();
    await settle();
    expect(mockEvaluated.at(-1)).toBe(name);
  }
  // The app itself comes once every shared package had its task.
  expect(mockEvaluated).not.toContain('./bootstrap');
  jest.runOnlyPendingTimers();
  await settle();
  expect(mockEvaluated).toEqual(['react', ...order, './bootstrap']);
  expect(jest.getTimerCount()).toBe(0);
});
