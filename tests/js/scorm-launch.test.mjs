// `npm run build:scorm -- --launch "…"`: an instructor's policy travels in the manifest as adlcp:datafromlms, which an
// LMS hands the lesson as cmi.launch_data; a setting the lesson does not know fails the build and is named.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { strToU8 } from 'fflate';
import { checkLaunchData, manifest } from '../../scripts/build-scorm.mjs';
import { findLaunch, namespaces, parseManifest } from './scorm-package.mjs';

const read = (xml) => parseManifest({ 'imsmanifest.xml': strToU8(xml) });

test('the launch data sits in the launched item, read back as written', () => {
  const doc = read(manifest({ identifier: 'attention-lab-x', title: 'X', launchData: 'variant=learner&attempts=2' }));
  assert.equal(findLaunch(doc).dataFromLms, 'variant=learner&attempts=2');
  const none = read(manifest({ identifier: 'a', title: 'X' }));
  assert.equal(none.getElementsByTagNameNS(namespaces.adlcp, 'datafromlms').length, 0, 'none unless asked for');
});

test('unknown settings and overlong text are refused by name', () => {
  assert.equal(checkLaunchData('explain=never'), 'explain=never');
  assert.throws(() => checkLaunchData('attempts=2&tries=3'), {
    name: 'RangeError',
    message: /unknown setting "tries"/,
  });
  // adlcp_rootv1p2.xsd's datafromlmsType: a longer text would make the manifest invalid.
  assert.equal(checkLaunchData(`variant=${'1'.repeat(247)}`).length, 255);
  assert.throws(() => checkLaunchData(`variant=${'1'.repeat(248)}`), { message: /at most 255 characters, got 256/ });
  assert.throws(() => checkLaunchData(3), { name: 'TypeError', message: /checkLaunchData: text must be a string/ });
});
