/**
 * The federation runtime's errors in Lager's builds come without the package's English description
 * per code (federation/error-codes.js, aliased over @module-federation/error-codes by
 * rsbuild.config.ts): what a support person reads must still name the code and its docs page.
 */
import { error } from '@module-federation/runtime-core';
// @ts-expect-error plain JS without declarations (the builds alias it over the package's index)
import { RUNTIME_003, RUNTIME_008, runtimeDescMap } from '../../../../federation/error-codes.js';
// @ts-expect-error plain JS without declarations (the builds alias it over the package's index)
import * as sdk from '../../../../federation/sdk.js';

const { createLogger } = sdk;

test('a runtime error names its code, its arguments and the docs page of the code', () => {
  const thrown = (() => {
    try {
      error(RUNTIME_008, runtimeDescMap, { resourceUrl: 'https://cdn/remote-stock/remoteEntry.js' });
    } catch (e) {
      return (e as Error).message;
    }
  })();
  expect(thrown).toBe(
    [
      '[ Federation Runtime ]: Module Federation error #RUNTIME-008',
      'args: {"resourceUrl":"https://cdn/remote-stock/remoteEntry.js"}',
      'View the docs to see how to solve: https://module-federation.io/guide/troubleshooting/runtime#runtime-008',
    ].join('\n'),
  );
});

test('the message still carries the code the shell records for support (e.g. a manifest that failed)', () => {
  expect(() => error(RUNTIME_003, runtimeDescMap, {})).toThrow(/#RUNTIME-003\b/);
});

describe("the federation runtime's logger (federation/sdk.js, aliased over the SDK's index)", () => {
  afterEach(() => {
    localStorage.clear();
    jest.restoreAllMocks();
  });

  test('writes each line with its prefix to the console', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const logger = createLogger('[ Federation Runtime ]');
    logger.warn('Version 18.3.1 of shared singleton module react does not satisfy');
    logger.error('remote failed');
    expect(warn).toHaveBeenCalledWith(
      '[ Federation Runtime ]',
      'Version 18.3.1 of shared singleton module react does not satisfy',
    );
    expect(error).toHaveBeenCalledWith('[ Federation Runtime ]', 'remote failed');
  });

  test('prints debug lines only in debug mode (localStorage FEDERATION_DEBUG)', () => {
    const debug = jest.spyOn(console, 'debug').mockImplementation(() => {});
    const logger = createLogger('[ Federation Runtime ]');
    logger.debug('quiet');
    expect(debug).not.toHaveBeenCalled();
    localStorage.setItem('FEDERATION_DEBUG', '1');
    logger.debug('loud');
    expect(debug).toHaveBeenCalledWith('[ Federation Runtime ]', 'loud');
  });

  test('is the whole SDK otherwise', () => {
    expect(sdk.isBrowserEnv()).toBe(true);
    expect(typeof sdk.createScript).toBe('function');
    expect(typeof sdk.generateSnapshotFromManifest).toBe('function');
  });
});
