/** Types of chromium.cjs for the TypeScript files that import it (e2e/support/browser.ts). */
export declare const CHROMIUM: string;
export declare const CHROMIUM_ARGS: string[];
