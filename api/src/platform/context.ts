import type { AnyPermissionName } from '@lager/contract';
import type { Database, Db } from './db/client';
import type { Language } from './i18n';
import type { MailTransport } from './mail/transport';
import type { PasswordHasher } from './security/passwords';
import type { users } from './tenancy/tables';

export interface RateLimit {
  max: number;
  windowMs: number;
}

export interface RateLimits {
  /** Login attempts per e-mail + IP. */
  login: RateLimit;
  /** Login attempts per e-mail from any address; default 4× `login`. */
  loginPerAccount?: RateLimit;
  /** Login attempts per address over any e-mails; default 6× `login`. */
  loginPerIp?: RateLimit;
  register: RateLimit;
  checkEmail: RateLimit;
  forgotPassword: RateLimit;
  verificationNotification: RateLimit;
  /**
   * Reset and verification mails per account (each kind counted on its own), from any address:
   * the per-address limits above do not stop a botnet mailing one inbox. Default 10 an hour: above
   * a minute's per-address limit (6), so someone pressing "resend" in a burst hears "wait seconds" first.
   */
  mailPerAccount: RateLimit;
  /**
   * Anonymous telemetry beacons per client address (guarded-rollout spec §2: 120 a minute). Raised
   * only where many real pages share one address on purpose (a browser test behind the shell's proxy).
   */
  telemetryBatches: RateLimit;
  /**
   * Pages, and error pages, one client (address or signed-in user) adds per section version and
   * minute to the rollout guard's evidence (issue 37: default 30; the rest is dropped silently).
   */
  telemetryPages: RateLimit;
  /**
   * Pages of one version a minute a person loads at most (default 3): a client above it is named
   * the minute's busiest in the telemetry summary and the rollout guard leaves its pages out.
   * Raised only where one address stands for many real pages on purpose (a browser test).
   */
  telemetryPersonPages: RateLimit;
}

export interface AppContext {
  db: Db;
  database: Database;
  appUrl: string;
  appKey: string;
  mail: MailTransport;
  passwords: PasswordHasher;
  rateLimits: RateLimits;
  sessionIdleMinutes: number;
  /**
   * Who operates this installation (guarded-rollout spec §2): verified users with one of these
   * e-mails (lower case), and the bearer token the rollout guard sends (unset: no bearer access).
   */
  operators: { emails: ReadonlySet<string>; token?: string };
  /** The web app's own origins (APP_URL's and FRONTEND_ORIGINS); anonymous beacons from elsewhere are refused. */
  appOrigins: ReadonlySet<string>;
  /** TELEMETRY_SIGNED_IN_ONLY: only beacons that carry a valid session count (anonymous ones: 204, dropped). */
  telemetrySignedInOnly: boolean;
  /** How often a listening process runs the low-stock digest queue (DIGEST_POLL_MS). */
  digestPollMs: number;
}

export type UserRow = typeof users.$inferSelect;

export interface SessionState {
  /** sha256 of the cookie value: the database never holds a usable session id. */
  id: string;
  csrfToken: string;
  userId: number | null;
  lastActivity: Date;
}

/** What the authorization plugin resolved for the warehouse a request acts on. */
export interface WarehouseAccess {
  warehouseId: number;
  roleId: number | null;
  isOwner: boolean;
  permissions: Set<AnyPermissionName>;
}

/** A warehouse as the logged-in user sees it: whether it exists and their access (null: not a member). */
export interface AccessLookup {
  exists: boolean;
  access: WarehouseAccess | null;
}

export interface AccessRule {
  /** Which warehouse the call acts on; may throw AppError (e.g. 404 for an unknown role). */
  warehouse: (
    request: import('fastify').FastifyRequest,
  ) => number | null | undefined | Promise<number | null | undefined>;
  /**
   * Any-of; 'member' = membership alone; 'owner' = the warehouse owner only; `{all}` = every
   * listed permission (stock writes: view_stock + the action's), optionally decided from the typed request;
   * `{all, any}` = every one of `all` and at least one of `any` (counting: view_stock + count_stock or manage_counts).
   */
  require:
    | AnyPermissionName[]
    | 'member'
    | 'owner'
    | {
        all: AnyPermissionName[] | ((request: import('fastify').FastifyRequest) => AnyPermissionName[]);
        any?: AnyPermissionName[];
      };
  /** What the call grants, from the typed request: no one but the owner grants more than they hold. */
  grants?: (request: import('fastify').FastifyRequest) => GrantRequest | Promise<GrantRequest>;
}

/** What a call would hand out; checked against what the caller holds (see plugins/authorization.ts). */
export interface GrantRequest {
  /** Permissions a created or edited role would have. */
  permissionIds?: number[];
  /** A role the call assigns or invites someone into. */
  roleId?: number | null;
  /** The role the call edits. */
  editsRoleId?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    lang: Language;
    session: SessionState | null;
    user: UserRow | null;
    access: WarehouseAccess | null;
    /** Per request, by warehouse id (plugins/authorization.ts `accessOf`); seeded with the current warehouse by the session. */
    accessCache: Map<number, AccessLookup> | null;
  }
  interface FastifyContextConfig {
    /** 'user' = logged in, 'verified' = logged in with a verified e-mail; default public. */
    auth?: 'user' | 'verified';
    access?: AccessRule;
    /** Load the access in the user's current warehouse with the session (routes without `access` that read it). */
    currentAccess?: boolean;
    /**
     * An anonymous beacon (navigator.sendBeacon can send no X-XSRF-TOKEN header): no session is
     * loaded and no CSRF token checked. The route must refuse cross-site requests itself.
     */
    beacon?: boolean;
  }
}
