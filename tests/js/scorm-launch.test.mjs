// `npm run build:scorm -- --launch "…"`: an instructor's policy travels in the manifest as adlcp:datafromlms, which an
// LMS hands the lesson as cmi.launch_data; a setting the lesson does not know fails the build and is named.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkLaunchData, manifest } from '../../scripts/build-scorm.mjs';

test('the launch data sits in the item, escaped for XML', () => {
  const xml = manifest({ identifier: 'attention-lab-x', title: 'X', launchData: 'variant=learner&attempts=2' });
  const item = xml.slice(xml.indexOf('<item '), xml.indexOf('</item>'));
  assert.match(item, /<adlcp:datafromlms>variant=learner&amp;attempts=2<\/adlcp:datafromlms>\s*$/);
  assert.doesNotMatch(manifest({ identifier: 'a', title: 'X' }), /datafromlms/, 'none unless asked for');
});

test('unknown settings and overlong text are refused by name', () => {
  assert.equal(checkLaunchData('explain=never'), 'explain=never');
  assert.throws(() => checkLaunchData('attempts=2&tries=3'), {
    name: 'RangeError',
    message: /unknown setting "tries"/,
  });
  assert.throws(() => checkLaunchData(`variant=${'1'.repeat(5000)}`), { message: /at most 4096 characters/ });
  assert.throws(() => checkLaunchData(3), { name: 'TypeError', message: /checkLaunchData: text must be a string/ });
});
