// Calls into a SCORM 1.2 LMS that never throw: each says whether the LMS accepted it and, if not, why in its own words.

export interface Scorm12Api {
  LMSInitialize(parameter: ''): unknown;
  LMSFinish(parameter: ''): unknown;
  LMSGetValue(element: string): unknown;
  LMSSetValue(element: string, value: string): unknown;
  LMSCommit(parameter: ''): unknown;
  LMSGetLastError?(): unknown;
  LMSGetErrorString?(code: string): unknown;
}

export type LmsMethod = 'LMSInitialize' | 'LMSFinish' | 'LMSGetValue' | 'LMSSetValue' | 'LMSCommit';

export interface LmsAnswer {
  ok: boolean;
  /** What the LMS returned, as a string ('' for nothing). */
  value: string;
  /** Why it failed, for the learner: the call and the LMS's error code and text; '' when it worked. */
  problem: string;
  /** The LMS's error code when it failed and gave one (e.g. '401', not implemented); '' otherwise. */
  code: string;
}

// Whatever an LMS hands back is read as text once; a value whose toString throws reads as undefined.
function asText(value: unknown): string | undefined {
  try {
    return String(value ?? '');
  } catch {
    return undefined;
  }
}

function describe(error: unknown): string {
  const text = asText(error instanceof Error ? error.message : error);
  return text === undefined ? 'an error that could not be read' : text;
}

// The LMS's own account of its last error; an LMS that cannot even say is described as such.
function lastError(api: Scorm12Api): { code: string; text: string } {
  try {
    const code = asText(api.LMSGetLastError?.()) ?? '';
    const text = asText(api.LMSGetErrorString?.(code)) ?? '';
    return { code: code.trim(), text };
  } catch {
    return { code: '', text: '' };
  }
}

const described = ({ code, text }: { code: string; text: string }) =>
  !code && !text ? 'the course system gave no error code' : `error ${code || '?'}${text ? `, ${text}` : ''}`;

/**
 * Calls `method`; "true" (or a value for LMSGetValue) is success, "false" or a throw a failure with its reason. An
 * empty LMSGetValue is a failure only when the LMS reports an error for it; a value that cannot be read as text is one.
 */
export function callLms(api: Scorm12Api, method: LmsMethod, argument: string, value?: string): LmsAnswer {
  if (typeof argument !== 'string') throw new TypeError(`callLms: argument must be a string, got ${typeof argument}`);
  const call = method === 'LMSSetValue' || method === 'LMSGetValue' ? `${method}(${argument})` : method;
  let result: unknown;
  try {
    result = method === 'LMSSetValue' ? api.LMSSetValue(argument, value ?? '') : api[method](argument as '');
  } catch (error) {
    return { ok: false, value: '', problem: `${call} threw: ${describe(error)}`, code: '' };
  }
  const text = asText(result);
  if (text === undefined)
    return { ok: false, value: '', problem: `${call} returned a value that could not be read as text`, code: '' };
  if (method === 'LMSGetValue') {
    if (text !== '') return { ok: true, value: text, problem: '', code: '' };
    const error = lastError(api);
    const failed = error.code !== '' && error.code !== '0';
    return failed
      ? { ok: false, value: '', problem: `${call} could not be read: ${described(error)}`, code: error.code }
      : { ok: true, value: '', problem: '', code: '' };
  }
  if (text === 'true') return { ok: true, value: text, problem: '', code: '' };
  const error = lastError(api);
  return { ok: false, value: text, problem: `${call} returned "${text}": ${described(error)}`, code: error.code };
}
