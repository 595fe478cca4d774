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
}

// The LMS's own account of its last error; an LMS that cannot even say is described as such.
function lastError(api: Scorm12Api): string {
  try {
    const code = String(api.LMSGetLastError?.() ?? '');
    const text = String(api.LMSGetErrorString?.(code) ?? '');
    if (!code && !text) return 'the course system gave no error code';
    return `error ${code || '?'}${text ? `, ${text}` : ''}`;
  } catch {
    return 'the course system gave no error code';
  }
}

/** Calls `method`; "true" (or any value for LMSGetValue) is success, "false" or a throw a failure with its reason. */
export function callLms(api: Scorm12Api, method: LmsMethod, argument: string, value?: string): LmsAnswer {
  if (typeof argument !== 'string') throw new TypeError(`callLms: argument must be a string, got ${typeof argument}`);
  const call = method === 'LMSSetValue' ? `${method}(${argument})` : method;
  let result: unknown;
  try {
    result = method === 'LMSSetValue' ? api.LMSSetValue(argument, value ?? '') : api[method](argument as '');
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, value: '', problem: `${call} threw: ${message}` };
  }
  const text = String(result ?? '');
  if (method === 'LMSGetValue' || text === 'true') return { ok: true, value: text, problem: '' };
  return { ok: false, value: text, problem: `${call} returned "${text}": ${lastError(api)}` };
}
