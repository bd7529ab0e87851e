import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const sha1 = (value: string) => createHash('sha1').update(value).digest('hex');

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const VERIFY_MINUTES = 60;

function sign(appKey: string, path: string, expires: number): string {
  return createHmac('sha256', appKey).update(`${path}?expires=${expires}`).digest('hex');
}

/** The web app's verification route; the API checks the same path and expiry. */
export function verificationUrl(appUrl: string, appKey: string, userId: number, email: string, now = Date.now()) {
  const path = `/email/verify/${userId}/${sha1(email)}`;
  const expires = Math.floor(now / 1000) + VERIFY_MINUTES * 60;
  return `${appUrl}${path}?expires=${expires}&signature=${sign(appKey, path, expires)}`;
}

export function isValidVerification(
  appKey: string,
  params: { id: number; hash: string; expires: number; signature: string },
  now = Date.now(),
): boolean {
  if (!Number.isFinite(params.expires) || params.expires * 1000 < now) return false;
  const path = `/email/verify/${params.id}/${params.hash}`;
  return safeEqual(sign(appKey, path, params.expires), params.signature);
}
