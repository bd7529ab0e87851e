/**
 * @module-federation/error-codes as the federation runtime bundled into Lager's apps uses it
 * (rsbuild.config.ts aliases the package's index here): the same codes and `getShortErrorMsg`, but no
 * English description per code, which rode in the shell's entry only for thrown errors. A runtime error
 * still reads `[ Federation Runtime ]: Module Federation error #RUNTIME-008`, then its arguments and the
 * docs link for the code (module-federation.io/guide/troubleshooting/runtime#runtime-008), where the
 * description is. The package itself is reached under another name (an import of its own name here
 * would be this module). Plain JS: the alias has no type declarations.
 */
export {
  BUILD_001,
  BUILD_002,
  getShortErrorMsg,
  RUNTIME_001,
  RUNTIME_002,
  RUNTIME_003,
  RUNTIME_004,
  RUNTIME_005,
  RUNTIME_006,
  RUNTIME_007,
  RUNTIME_008,
  RUNTIME_009,
  RUNTIME_010,
  RUNTIME_011,
  RUNTIME_012,
  RUNTIME_013,
  RUNTIME_014,
  RUNTIME_015,
  TYPE_001,
} from '@lager-federation/error-codes';

/** Every code's description: one text, the code and the docs link follow it in the message. */
const described = new Proxy(
  {},
  { get: (_, code) => (typeof code === 'string' ? 'Module Federation error' : undefined) },
);

export const runtimeDescMap = described;
export const typeDescMap = described;
export const buildDescMap = described;
export const errorDescMap = described;
