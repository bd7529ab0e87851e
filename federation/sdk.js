/**
 * @module-federation/sdk as the shell's federation runtime uses it (rsbuild.config.ts aliases the package's
 * index here): the package itself, with a logger that writes to the console with its prefix. The package's
 * logger also forwards to a compiler's infrastructure logger (build tools) and, in debug mode, appends a
 * stack trace to every line — neither has a use in the page. `debug` still prints only in debug mode
 * (`localStorage.FEDERATION_DEBUG`). The package is reached under another name (an import of its own name
 * here would be this module). Plain JS: the alias has no type declarations.
 */
import { isDebugMode } from '@lager-federation/sdk';

export * from '@lager-federation/sdk';

/** The SDK Logger's writing methods (runtime-core calls `warn` and `error`); no delegate to set in the page. */
class ConsoleLogger {
  constructor(prefix) {
    this.prefix = prefix;
  }
  log(...args) {
    console.log(this.prefix, ...args);
  }
  info(...args) {
    console.info(this.prefix, ...args);
  }
  warn(...args) {
    console.warn(this.prefix, ...args);
  }
  error(...args) {
    console.error(this.prefix, ...args);
  }
  debug(...args) {
    if (isDebugMode()) console.debug(this.prefix, ...args);
  }
}

export function createLogger(prefix) {
  return new ConsoleLogger(prefix);
}
/** In the page there is no build tool to forward to: a console logger too. */
export function createInfrastructureLogger(prefix) {
  return new ConsoleLogger(prefix);
}
export function bindLoggerToCompiler() {}
export const logger = createLogger('[ Module Federation ]');
export const infrastructureLogger = createInfrastructureLogger('[ Module Federation ]');
