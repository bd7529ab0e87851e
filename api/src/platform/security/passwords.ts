import { hash, verify } from '@node-rs/argon2';
import { forbidden } from '../errors';
import { randomToken } from './tokens';

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
  /** Verifies against a dummy hash of the same cost and answers false: a login for an unknown address takes as long. */
  verifyNone(password: string): Promise<false>;
}

export function createPasswordHasher(options: HashOptions = OWASP_ARGON2ID): PasswordHasher {
  const hashPassword = (password: string) => hash(password, { algorithm: ARGON2ID, ...options });
  const verifyPassword = async (hashed: string, password: string) => {
    try {
      return await verify(hashed, password);
    } catch {
      return false;
    }
  };
  // Made once, up front, with the same parameters as real hashes (so verifying it costs the same).
  const dummy = hashPassword(randomToken(16));
  return {
    hash: hashPassword,
    verify: verifyPassword,
    verifyNone: async (password) => {
      await verifyPassword(await dummy, password);
      return false;
    },
  };
}

/** 403 `password.incorrect` unless `password` is the user's (delete account, delete/leave warehouse). */
export async function assertPassword(passwords: PasswordHasher, user: { password: string }, password: string) {
  if (!(await passwords.verify(user.password, password))) throw forbidden('incorrectPassword', 'password.incorrect');
}
