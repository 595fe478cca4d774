// Every launch or session ltijs (or the tool's deployment guard) refuses, as an HTTP status and one sentence that
// says what was wrong and what to do: { error, code }.
import type { Request, Response } from 'express';

export interface Refusal {
  status: number;
  error: string;
}

const launchAgain = 'Open the activity again from the course.';

// ltijs's messages (its own codes and jsonwebtoken's), for a request that carried an id_token.
const launchRefusals: [RegExp, (detail: string) => Refusal][] = [
  [
    /^invalid signature$|^KEY_NOT_FOUND$|^KID_NOT_FOUND$/,
    () => ({
      status: 401,
      error:
        "The launch was refused: its signature does not verify with the platform's published keys (JWKS), " +
        'so it was forged or altered.',
    }),
  ],
  [
    /^NONCE_ALREADY_RECEIVED$/,
    () => ({
      status: 401,
      error: `The launch was refused: its nonce was used before, so it is a replay. ${launchAgain}`,
    }),
  ],
  [/^jwt expired$/, () => ({ status: 401, error: `The launch was refused: its id_token has expired. ${launchAgain}` })],
  [
    /^TOKEN_TOO_OLD$/,
    () => ({ status: 401, error: `The launch was refused: its id_token was issued too long ago. ${launchAgain}` }),
  ],
  [
    /^UNREGISTERED_PLATFORM$/,
    () => ({
      status: 401,
      error:
        'The launch was refused: no platform is registered with its issuer and audience (client id). ' +
        'An administrator registers platforms with `npm run lti -- register`.',
    }),
  ],
  [
    /^ISS_CLAIM_DOES_NOT_MATCH$/,
    () => ({
      status: 401,
      error: 'The launch was refused: its issuer (iss) is not the platform that started the login.',
    }),
  ],
  [
    /^MISSING_VALIDATION_COOKIE$/,
    () => ({
      status: 401,
      error:
        "The launch was refused: the login's state cookie did not come back (the browser may block the tool's " +
        `cookies, or the login did not start at this tool). ${launchAgain}`,
    }),
  ],
  [
    /^DEPLOYMENT_NOT_REGISTERED:/,
    (detail) => ({
      status: 403,
      error:
        `The launch was refused: deployment id “${detail.slice(detail.indexOf(':') + 1)}” is not registered for ` +
        'this platform. An administrator adds it with `npm run lti -- register --deployment-id …`.',
    }),
  ],
  [
    /^PLATFORM_NOT_ACTIVATED$/,
    () => ({ status: 401, error: 'The launch was refused: this platform is registered but not activated.' }),
  ],
  [
    /^ALG_NOT_RS256$|^INVALID_JWT_RECEIVED$|^jwt malformed$|^invalid token$/,
    () => ({ status: 401, error: 'The launch was refused: its id_token is not an RS256-signed JWT.' }),
  ],
  [
    /^NO_[A-Z_]+_CLAIM$|^WRONG_LTI_VERSION_CLAIM$/,
    (detail) => ({
      status: 401,
      error: `The launch was refused: a required LTI 1.3 claim is missing or wrong (${detail}).`,
    }),
  ],
];

/** A launch (id_token) refusal, from ltijs's message. */
export function launchRefusal(message: string): Refusal {
  for (const [pattern, refusal] of launchRefusals) if (pattern.test(message)) return refusal(message);
  return { status: 401, error: `The launch was refused: ${message}.` };
}

/** A refusal of a request after the launch (no ltik, a bad ltik, no session), from ltijs's message. */
export function sessionRefusal(message: string): Refusal {
  if (message === 'NO_LTIK_OR_IDTOKEN_FOUND')
    return {
      status: 401,
      error: `This needs a launch from the course: the request carried no ltik and no id_token. ${launchAgain}`,
    };
  if (/^IDTOKEN_NOT_FOUND_DB$|^CONTEXTTOKEN_NOT_FOUND_DB$/.test(message))
    return { status: 401, error: `This launch has expired at the tool. ${launchAgain}` };
  if (message === 'Session not found.')
    return {
      status: 401,
      error:
        "No session for this launch: the tool's cookie did not come with the request, or it is another " +
        `person's. ${launchAgain}`,
    };
  return { status: 401, error: `The ltik is not valid (${message}). ${launchAgain}` };
}

interface LtijsError {
  details?: { message?: string; description?: string };
}

/** ltijs's invalid-token callback: id_token requests get launch refusals, the rest session refusals. */
export function refuseToken(req: Request, res: Response): void {
  const message = (res.locals.err as LtijsError | undefined)?.details?.message ?? 'unknown';
  const launching = typeof req.body?.id_token === 'string';
  const { status, error } = launching ? launchRefusal(message) : sessionRefusal(message);
  res.status(status).json({ error, code: message.split(':')[0] });
}

export function refuseSession(_req: Request, res: Response): void {
  const { status, error } = sessionRefusal('Session not found.');
  res.status(status).json({ error, code: 'SESSION_NOT_FOUND' });
}
