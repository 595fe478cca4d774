// Calls into a SCORM 1.2 LMS never throw, whatever the LMS returns or throws, and say what went wrong in the LMS's
// own words (scorm-again's Scorm12API as the LMS, and LMSs that misbehave as no real one should).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Scorm12API } from 'scorm-again/scorm12';
import { callLms } from '../../dist/lib/src/embed/lms-calls.js';

const lms = () => {
  const api = new Scorm12API({ autocommit: false, logLevel: 5 });
  api.LMSInitialize('');
  return api;
};

describe('callLms', () => {
  test('a value whose toString throws, an error whose message cannot be read: failures, never throws', () => {
    const odd = {
      toString() {
        throw new Error('no');
      },
    };
    const api = {
      LMSInitialize: () => odd,
      LMSGetValue: () => odd,
      LMSSetValue: () => {
        throw odd;
      },
      LMSCommit: () => null,
      LMSFinish: () => 'true',
    };
    assert.deepEqual(callLms(api, 'LMSInitialize', ''), {
      ok: false,
      value: '',
      problem: 'LMSInitialize returned a value that could not be read as text',
      code: '',
    });
    assert.match(
      callLms(api, 'LMSGetValue', 'cmi.core.student_id').problem,
      /student_id\) returned a value that could/,
    );
    assert.equal(
      callLms(api, 'LMSSetValue', 'cmi.core.score.raw', '1').problem,
      'LMSSetValue(cmi.core.score.raw) threw: an error that could not be read',
    );
    assert.equal(callLms(api, 'LMSCommit', '').problem, 'LMSCommit returned "": the course system gave no error code');
    assert.equal(callLms(api, 'LMSFinish', '').ok, true);
  });

  test('the LMS’s code and words; an empty value is a failure only when the LMS says so', () => {
    const api = lms();
    const refused = callLms(api, 'LMSSetValue', 'cmi.interactions.5.id', 'x');
    assert.deepEqual([refused.ok, refused.code], [false, '201']);
    assert.match(refused.problem, /^LMSSetValue\(cmi\.interactions\.5\.id\) returned "false": error 201, /);
    assert.deepEqual(callLms(api, 'LMSGetValue', 'cmi.suspend_data'), { ok: true, value: '', problem: '', code: '' });
    const writeOnly = callLms(api, 'LMSGetValue', 'cmi.core.session_time');
    assert.deepEqual([writeOnly.ok, writeOnly.code], [false, '404']);
    assert.throws(() => callLms(api, 'LMSGetValue', 7), { name: 'TypeError', message: /callLms: argument/ });
  });
});
