/** Types of cookie-jar.cjs for the TypeScript files that import it (api/test/api-process.ts). */
export declare function cookieJar(): {
  headers: () => { cookie: string; 'x-xsrf-token': string };
  keep: (setCookieLines: string[]) => void;
};
