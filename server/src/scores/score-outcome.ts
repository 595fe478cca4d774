// What one try at sending a score came to: accepted, worth trying again later, or refused for good.

/** A refusal no later try can change (the platform is no longer registered, the line item is gone …). */
export class PermanentRefusal extends Error {}

export type Outcome =
  | { kind: 'sent' }
  | { kind: 'retry'; reason: string; retryAfterMs?: number; forgetToken?: boolean }
  | { kind: 'failed'; reason: string };

// 401: the cached token expired early or was revoked, so a fresh one may work; 408, 425, 429 and 5xx: try later.
const worthRetrying = (status: number) => status === 401 || status === 408 || status === 425 || status === 429;

/** The platform's own words from an error body: a JSON error/message field, or the text itself, shortened. */
export function platformMessage(body: string): string {
  const text = body.trim();
  try {
    const json = JSON.parse(text) as Record<string, unknown>;
    for (const field of ['error_description', 'message', 'error', 'reason', 'detail']) {
      const value = json[field];
      if (typeof value === 'string' && value) return value.slice(0, 300);
      if (value && typeof value === 'object' && typeof (value as { message?: unknown }).message === 'string') {
        return String((value as { message: string }).message).slice(0, 300);
      }
    }
  } catch {
    // not JSON: the text is the message
  }
  return text.replace(/\s+/g, ' ').slice(0, 300) || '(no message)';
}

/** Retry-After as seconds or an HTTP date, in milliseconds from `now`; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export function outcomeOfResponse(
  status: number,
  statusText: string,
  body: string,
  retryAfter: string | null,
): Outcome {
  if (status >= 200 && status < 300) return { kind: 'sent' };
  const reason = `the platform answered HTTP ${status}${statusText ? ` ${statusText}` : ''}: ${platformMessage(body)}`;
  if (status >= 500 || worthRetrying(status)) {
    return { kind: 'retry', reason, retryAfterMs: retryAfterMs(retryAfter), forgetToken: status === 401 };
  }
  return { kind: 'failed', reason };
}

/** A thrown error (network, timeout, token endpoint) is worth another try unless it is a PermanentRefusal. */
export function outcomeOfError(error: unknown): Outcome {
  if (error instanceof PermanentRefusal) return { kind: 'failed', reason: error.message };
  const { name, message, cause } = error as { name?: string; message?: string; cause?: { code?: string } };
  if (name === 'TimeoutError') return { kind: 'retry', reason: 'the platform did not answer in time' };
  const code = cause?.code ? ` (${cause.code})` : '';
  return { kind: 'retry', reason: `${message ?? String(error)}${code}` };
}
