/**
 * Stand-in for `@module-federation/enhanced/runtime` in the shell's unit tests: every section
 * renders "section <id>". jest.mock is per file, so each test file names it:
 * `jest.mock('@module-federation/enhanced/runtime', () => require('<…>/testing/runtime-stub').runtimeStub());`
 * No imports here: the factory runs while the mocked module is being required.
 */
export const runtimeStub = () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(async (id: string) => ({
    default: () => require('react').createElement('p', null, `section ${id}`),
  })),
});
