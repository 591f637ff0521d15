import {
  checkNewPassword,
  checkRegistration,
  checkResetRequest,
  checkSignIn,
  normalizeApplicantName,
  normalizeEmail,
  normalizePhone,
  paths,
} from '@sira/shared';
import { contract } from '@sira/shared/contract';
import { POLICY_VERSION } from '@sira/shared/policy';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { revealingDatabaseOutage } from '../../lib/database-errors';
import { endpoint } from '../../lib/endpoint';
import { AppError, badRequest } from '../../lib/errors';
import { consumeRateLimits, resetRateLimit } from '../../lib/rate-limit';
import { trackMail } from '../../mail/mail-outcome';
import { recordFailedSignIn, recordSignIn } from '../users/sign-ins';
import { getProfileSummary, setApplicantName } from '../users/users.service';
import { awaitsConfirmation, emailIsRegistered, endSession, resetTokenIsValid } from './auth.service';
import { recordConsent } from './consent.service';
import { resetLinkLimit } from './reset-link-limit';

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/** better-auth reports failures as APIError with an HTTP status and a body code. */
function authErrorCode(error: unknown): { status: number; code: string } | undefined {
  if (error instanceof AppError) return undefined;
  const e = error as { statusCode?: number; body?: { code?: string } };
  return typeof e?.statusCode === 'number' ? { status: e.statusCode, code: e.body?.code ?? '' } : undefined;
}

/** The link e-mails of this request could not be handed to the mail server: the user is told, and may ask again. */
const mailNotSent = () => new AppError(503, 'MAIL_NOT_SENT');

function ruleCheck(code: string | null) {
  if (code) throw badRequest(code);
}

/** Copies better-auth's Set-Cookie headers (the session cookie) onto our reply. */
function forwardCookies(response: Response, reply: FastifyReply) {
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
}

const ip = (request: FastifyRequest) => request.ip;

/**
 * Sign-up, sign-in and password reset with the rules and error codes of spec §5/§8, rate limited per IP and
 * per e-mail. better-auth does the cryptography; these routes decide what is allowed and what is said.
 */
export const authFlowRoutes: FastifyPluginAsyncZod = async (app) => {
  const publicRoute = { config: { access: 'public' as const } };

  /** A better-auth call whose hidden database failures answer 503 (lib/database-errors.ts). */
  const authCall = <T>(work: () => Promise<T>, isServerError?: (value: T) => boolean) =>
    revealingDatabaseOutage(app.db, work, isServerError);
  /** A better-auth refusal's status and code; anything else goes on to the error handler. */
  const authFailure = (error: unknown) => {
    const failure = authErrorCode(error);
    if (!failure) throw error;
    return failure;
  };

  app.route({
    ...endpoint(contract.auth.register),
    ...publicRoute,
    handler: async (request, reply) => {
      const body = request.body;
      ruleCheck(checkRegistration(body));
      const email = normalizeEmail(body.email);
      await consumeRateLimits(app.db, [
        { key: `sign-up:ip:${ip(request)}`, max: 10, windowSeconds: HOUR },
        { key: `sign-up:email:${email}`, max: 5, windowSeconds: HOUR },
      ]);
      if (await emailIsRegistered(app.db, email)) throw new AppError(409, 'EMAIL_TAKEN');
      let mailFailed: boolean;
      try {
        ({ mailFailed } = await trackMail(() =>
          authCall(() =>
            app.auth.api.signUpEmail({
              body: {
                email,
                password: body.password,
                name: normalizeApplicantName(body.fullName),
                phoneNumber: normalizePhone(body.phone),
                callbackURL: `${paths.login}?confirmed=1`,
              },
              headers: fromNodeHeaders(request.headers),
            }),
          ),
        ));
      } catch (error) {
        const failure = authFailure(error);
        request.log.warn({ code: failure.code }, 'sign-up refused');
        throw new AppError(400, failure.code === 'PASSWORD_TOO_SHORT' ? 'PASSWORD_TOO_SHORT' : 'SIGN_UP_FAILED');
      }
      // The profile was made by the sign-up's hook; the name companies will see goes on it.
      await setApplicantName(app.db, { email }, { fullName: body.fullName, fullNameEn: body.fullNameEn });
      // What was agreed to, and when, by the server's clock (checkRegistration refused the request without it).
      await recordConsent(app.db, email, POLICY_VERSION);
      // The account stands either way; without its link the page says so and offers to send it again.
      return reply.status(201).send({ ok: true as const, confirmationSent: !mailFailed });
    },
  });

  app.route({
    ...endpoint(contract.auth.signIn),
    ...publicRoute,
    handler: async (request, reply) => {
      ruleCheck(checkSignIn(request.body));
      const email = normalizeEmail(request.body.email);
      // Per e-mail from one address, so that someone guessing from elsewhere cannot lock the owner out; the
      // e-mail's ceiling across addresses stops guessing spread over many (ADR 020, "Rate limits").
      const emailKeys = [`sign-in:email-ip:${email}:${ip(request)}`, `sign-in:email:${email}`];
      await consumeRateLimits(app.db, [
        { key: `sign-in:ip:${ip(request)}`, max: 30, windowSeconds: 10 * MINUTE },
        { key: emailKeys[0] as string, max: 10, windowSeconds: 10 * MINUTE },
        { key: emailKeys[1] as string, max: 50, windowSeconds: 10 * MINUTE },
      ]);
      let response: Response;
      let mailFailed = false;
      // The right password on an unconfirmed account mails a fresh link (sendOnSignIn); the answer says whether
      // it left.
      const notConfirmed = () => new AppError(403, mailFailed ? 'CONFIRMATION_NOT_SENT' : 'EMAIL_NOT_CONFIRMED');
      // A wrong password for an account's address goes into its owner's recent sign-ins (ADR 012); an address
      // without an account gets nothing written and the same answer.
      const invalidCredentials = async () => {
        await recordFailedSignIn(app.db, { email, ipAddress: request.ip, userAgent: request.headers['user-agent'] });
        return new AppError(401, 'INVALID_CREDENTIALS');
      };
      try {
        ({ result: response, mailFailed } = await trackMail(() =>
          authCall(
            () =>
              app.auth.api.signInEmail({
                // callbackURL: where the fresh confirmation link of an unconfirmed account leads (sendOnSignIn).
                body: { email, password: request.body.password, rememberMe: true, callbackURL: `${paths.login}?confirmed=1` },
                headers: fromNodeHeaders(request.headers),
                asResponse: true,
              }),
            (answer) => answer.status >= 500,
          ),
        ));
      } catch (error) {
        const failure = authFailure(error);
        if (failure.code === 'EMAIL_NOT_VERIFIED') throw notConfirmed();
        if (failure.status === 401) throw await invalidCredentials();
        throw new AppError(400, 'SESSION_FAILED');
      }
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { code?: string };
        if (body.code === 'EMAIL_NOT_VERIFIED') throw notConfirmed();
        if (response.status === 401) throw await invalidCredentials();
        throw new AppError(400, 'SESSION_FAILED');
      }
      const signedIn = (await response.json()) as { user?: { id: string }; token?: string };
      if (!signedIn.user) throw new AppError(400, 'SESSION_FAILED');
      // An account without its profile cannot use the product: it gets no cookie, and the session just made
      // for it is removed rather than left valid in the database.
      const profile = await getProfileSummary(app.db, signedIn.user.id);
      if (!profile) {
        if (signedIn.token) await endSession(app.db, signedIn.token);
        throw new AppError(400, 'SESSION_FAILED');
      }
      // The dashboard's recent sign-ins (ADR 012).
      await recordSignIn(app.db, {
        userId: profile.id,
        sessionToken: signedIn.token,
        ipAddress: request.ip,
        userAgent: request.headers['user-agent'],
      });
      forwardCookies(response, reply);
      for (const key of emailKeys) await resetRateLimit(app.db, key);
      return { user: { id: profile.id, email: profile.email, isAdmin: profile.isAdmin } };
    },
  });

  // Never says whether the e-mail exists: the answer is the same either way — unless the mail server refused
  // the link, which only an account's address meets and which no outsider can cause (ADR 020).
  app.route({
    ...endpoint(contract.auth.requestPasswordReset),
    ...publicRoute,
    handler: async (request) => {
      ruleCheck(checkResetRequest(request.body));
      const email = normalizeEmail(request.body.email);
      const minuteKey = `reset:email-minute:${email}`;
      await consumeRateLimits(app.db, [
        { key: `reset:ip:${ip(request)}`, max: 20, windowSeconds: HOUR },
        // One request a minute per address matches the form's 60 s cooldown; five an hour at most.
        { key: minuteKey, max: 1, windowSeconds: MINUTE },
        { key: `reset:email-hour:${email}`, max: 5, windowSeconds: HOUR },
      ]);
      const { mailFailed } = await trackMail(() =>
        authCall(() =>
          app.auth.api.requestPasswordReset({
            body: { email, redirectTo: paths.resetPassword },
            headers: fromNodeHeaders(request.headers),
          }),
        ),
      );
      if (mailFailed) {
        // Asking again at once is the way to resend: a request whose e-mail never left does not hold the minute.
        await resetRateLimit(app.db, minuteKey);
        throw mailNotSent();
      }
      return { ok: true as const };
    },
  });

  // A new confirmation link for an account not yet confirmed (registration's "send again"). Answers the same
  // for an unknown or confirmed address; rate-limited like the reset request.
  app.route({
    ...endpoint(contract.auth.resendConfirmation),
    ...publicRoute,
    handler: async (request) => {
      ruleCheck(checkResetRequest(request.body));
      const email = normalizeEmail(request.body.email);
      const minuteKey = `confirm:email-minute:${email}`;
      await consumeRateLimits(app.db, [
        { key: `confirm:ip:${ip(request)}`, max: 20, windowSeconds: HOUR },
        { key: minuteKey, max: 1, windowSeconds: MINUTE },
        { key: `confirm:email-hour:${email}`, max: 5, windowSeconds: HOUR },
      ]);
      if (!(await awaitsConfirmation(app.db, email))) return { ok: true as const };
      const { mailFailed } = await trackMail(() =>
        authCall(() => app.auth.api.sendVerificationEmail({ body: { email, callbackURL: `${paths.login}?confirmed=1` } })),
      );
      if (mailFailed) {
        await resetRateLimit(app.db, minuteKey);
        throw mailNotSent();
      }
      return { ok: true as const };
    },
  });

  app.route({
    ...endpoint(contract.auth.checkResetToken),
    ...publicRoute,
    handler: async (request) => {
      // 200 or 404 would tell a guesser whether a token is live: limited per address with the e-mailed link.
      await consumeRateLimits(app.db, [resetLinkLimit(ip(request))]);
      if (!(await resetTokenIsValid(app.db, request.params.token))) throw new AppError(404, 'INVALID_RESET_TOKEN');
      return { ok: true as const };
    },
  });

  app.route({
    ...endpoint(contract.auth.resetPassword),
    ...publicRoute,
    handler: async (request) => {
      ruleCheck(checkNewPassword(request.body));
      await consumeRateLimits(app.db, [{ key: `reset-confirm:ip:${ip(request)}`, max: 20, windowSeconds: HOUR }]);
      try {
        await authCall(() => app.auth.api.resetPassword({ body: { newPassword: request.body.password, token: request.body.token } }));
      } catch (error) {
        authFailure(error);
        throw new AppError(400, 'INVALID_RESET_TOKEN');
      }
      return { ok: true as const };
    },
  });
};
