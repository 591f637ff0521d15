import { randomUUID } from 'node:crypto';
import { PASSWORD_MIN_LENGTH, paths } from '@sira/shared';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthMiddleware, isAPIError } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { and, eq, like } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../../db/client';
import { account, profiles, session, user, verification } from '../../db/schema';
import { noteConnectionFailure } from '../../lib/database-errors';
import { betterAuthLogger } from '../../lib/logger';
import type { OriginPolicy } from '../../lib/origins';
import type { SecretBox } from '../../lib/secret-box';
import { noteMailFailure } from '../../mail/mail-outcome';
import { passwordChangedEmail } from '../../mail/security-templates';
import type { SystemMailer } from '../../mail/system-mailer';
import { confirmationEmail, emailChangeEmail, resetPasswordEmail } from '../../mail/system-templates';
import {
  addressChangeInLink,
  type EmailChangeDeps,
  linkVoidedByUndo,
  recordEmailChange,
  tellPreviousAddressesOfReset,
} from '../users/email-change/email-change.service';
import { createEmailChangeUndoLinks } from '../users/email-change/undo-link';
import { dashboardUrl, sendSecurityNotice } from '../users/security-notices';
import { RESET_TOKEN_SECONDS } from './auth.service';
import { passwordHasher, type ScryptCost } from './passwords';

export interface AuthOptions {
  db: Database;
  secret: string;
  /** Public origin, e.g. http://localhost:3000: links in e-mails point here. */
  baseUrl: string;
  /** Which pages may sign in and out (lib/origins.ts): the same rule the security plugin applies. */
  origins: OriginPolicy;
  mailer: SystemMailer;
  /** Signs the link that undoes an e-mail change (users/email-change/undo-link.ts). */
  secretBox: Pick<SecretBox, 'mac'>;
  production: boolean;
  /** Hook that creates the profile for a new account (users module). */
  onUserCreated: (user: { id: string; email: string; phoneNumber?: string | null }) => Promise<void>;
  log: Pick<Logger, 'error' | 'warn' | 'info' | 'debug'>;
  /** scrypt's cost for new hashes; better-auth's when absent (passwords.ts). */
  passwordCost?: ScryptCost;
}

/**
 * better-auth owns password hashing, sessions, e-mail confirmation and reset tokens (ADR 003).
 * Sessions are httpOnly cookies, SameSite=Lax, Secure in production; expiry 7 days, renewed daily.
 */
/**
 * Whether verify-email answered with the redirect that follows a completed change, not one carrying an
 * `error` (an expired link, another account's session, an address that already moved).
 */
function changedTheAddress(returned: unknown): boolean {
  if (!isAPIError(returned) || returned.statusCode !== 302) return false;
  const location = new Headers(returned.headers).get('location');
  return location !== null && !new URL(location, 'http://localhost').searchParams.has('error');
}

export function createAuth(options: AuthOptions) {
  const emailChanges: EmailChangeDeps = { ...options, links: createEmailChangeUndoLinks(options.secretBox, options.baseUrl) };
  return betterAuth({
    appName: 'Sira',
    baseURL: options.baseUrl,
    basePath: '/api/auth',
    secret: options.secret,
    // Read per request from its Host, so a sign-out from http://127.0.0.1:3000 in embedded mode is not refused
    // here after the security plugin let it through.
    trustedOrigins: (request) => options.origins.trustedFor(request?.headers.get('host')),
    // These flows go through Sira's own /api/auth routes (our rules, messages and rate limits); their raw endpoints are off.
    disabledPaths: [
      '/sign-up/email',
      '/sign-in/email',
      '/request-password-reset',
      '/reset-password',
      '/change-email',
      '/update-user',
      '/delete-user',
      '/change-password',
      '/set-password',
      '/sign-in/social',
      '/link-social',
      // A new confirmation link comes from signing in with the right password (sendOnSignIn), which our
      // sign-in route rate-limits; this raw endpoint would mail any address without a limit.
      '/send-verification-email',
    ],
    database: drizzleAdapter(options.db, { provider: 'pg', schema: { user, session, account, verification } }),
    user: {
      additionalFields: { phoneNumber: { type: 'string', required: false, input: true } },
      // The "my data" page's e-mail change (modules/users/my-data), asked for with the current password: a link
      // goes to the new address, and the address changes only when it is opened there (better-auth's
      // change-email-verification; what follows is in `hooks` below and users/email-change, ADR 012).
      changeEmail: { enabled: true },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      password: passwordHasher(options.passwordCost),
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      sendResetPassword: async ({ user: u, url }) => {
        try {
          await options.mailer.send({ to: u.email, ...resetPasswordEmail(url) });
        } catch (error) {
          // The request route tells the user the e-mail did not leave (auth-flows.routes.ts).
          options.log.error({ err: error, userId: u.id }, 'password reset e-mail could not be sent');
          noteMailFailure();
        }
      },
      // A reset spends every link of the account, not only the one used: an older link from an earlier request
      // must not set another password (and sign the owner out) for the rest of its hour.
      onPasswordReset: async ({ user: u }) => {
        await options.db.delete(verification).where(and(like(verification.identifier, 'reset-password:%'), eq(verification.value, u.id)));
        // The owner hears of it, in case it was not them (ADR 012) — and so does the address the account had
        // before a recent e-mail change, with the link that undoes it: the change and this reset are how a
        // borrowed session would take the account over.
        await sendSecurityNotice(options, u.email, passwordChangedEmail(dashboardUrl(options.baseUrl)), {
          userId: u.id,
          kind: 'password-changed',
        });
        await tellPreviousAddressesOfReset(emailChanges, u);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // An unconfirmed account that signs in with its password gets a fresh link: an expired link, or one
      // whose e-mail never left at sign-up, must not lock the account for good (registering again says taken).
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user: u, url }) => {
        try {
          // Asked for an address the account does not have yet: an e-mail change, worded as one.
          const [current] = await options.db.select({ email: user.email }).from(user).where(eq(user.id, u.id));
          const changing = current !== undefined && current.email !== u.email;
          await options.mailer.send({ to: u.email, ...(changing ? emailChangeEmail(url) : confirmationEmail(url)) });
        } catch (error) {
          // The mail server refused or is down: the account still stands (registered; "confirm your e-mail
          // first" on sign-in, spec §8), and the route that asked tells the user the link did not leave and
          // offers to send it again (auth-flows.routes.ts).
          options.log.error({ err: error, userId: u.id }, 'confirmation e-mail could not be sent');
          noteMailFailure();
        }
      },
    },
    hooks: {
      // The link that completes an e-mail change (mailed to the new address) is signed, not stored, and opens
      // as often as it is followed for a day: one asked for before the account's owner undid a change would
      // move the account away again (ADR 012).
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/verify-email') return;
        const claim = await addressChangeInLink(ctx.context.secret, ctx.query?.token);
        if (claim && (await linkVoidedByUndo(options.db, claim))) throw ctx.redirect(`${paths.myData}?error=INVALID_TOKEN`);
      }),
      // The change took effect when the link kept its opener's session or, opened in a browser without one,
      // changed the address: that browser is signed in with the new address (better-auth itself no longer signs
      // it in). The change is recorded, the other sessions end and the old address is told, with the undo link.
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/verify-email') return;
        const claim = await addressChangeInLink(ctx.context.secret, ctx.query?.token);
        if (!claim) return;
        let kept = ctx.context.newSession;
        if (!kept) {
          if (!claim.userId || !changedTheAddress(ctx.context.returned)) return;
          const changed = await ctx.context.internalAdapter.findUserById(claim.userId);
          if (changed?.email !== claim.newEmail) return;
          const opened = await ctx.context.internalAdapter.createSession(changed.id);
          kept = { session: opened, user: changed };
          await setSessionCookie(ctx, kept);
        }
        await recordEmailChange(emailChanges, claim, { userId: kept.user.id, sessionId: kept.session.id });
      }),
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
    databaseHooks: {
      user: {
        // The profile carries the address the rest of the app reads; an e-mail change confirmed moves it too.
        update: {
          after: async (updated) => {
            await options.db.update(profiles).set({ email: updated.email }).where(eq(profiles.id, updated.id));
          },
        },
        create: {
          after: async (created) => {
            await options.onUserCreated(created as { id: string; email: string; phoneNumber?: string | null });
          },
        },
      },
    },
    advanced: {
      // better-auth skips its origin check when NODE_ENV is 'test'; the tests must run the check production runs.
      disableOriginCheck: false,
      useSecureCookies: options.production,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: options.production },
      database: { generateId: () => randomUUID() },
    },
    // The flows that mail or guess run through Sira's own /api/auth routes (auth-flows.routes.ts), which rate-limits them per IP
    // and per e-mail with lib/rate-limit.ts; the raw endpoints that would bypass it are disabled above.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    // Errors it catches and hides behind a bare 500 are noted, so the caller can answer 503 for an outage.
    logger: betterAuthLogger(options.log, noteConnectionFailure),
  });
}

export type Auth = ReturnType<typeof createAuth>;
