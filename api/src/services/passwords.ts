import { hash, verify } from '@node-rs/argon2';

export interface HashOptions {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** OWASP's argon2id baseline. Only tests may pass cheaper values (see buildApp's `hashOptions`). */
export const OWASP_ARGON2ID: HashOptions = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

// Algorithm.Argon2id is a const enum, which isolated-module transpilers cannot inline.
const ARGON2ID = 2;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hashed: string, password: string): Promise<boolean>;
}

export function createPasswordHasher(options: HashOptions = OWASP_ARGON2ID): PasswordHasher {
  return {
    hash: (password) => hash(password, { algorithm: ARGON2ID, ...options }),
    verify: async (hashed, password) => {
      try {
        return await verify(hashed, password);
      } catch {
        return false;
      }
    },
  };
}
