// The built SCORM 1.2 zip, imported as an LMS imports it: unzipped, its manifest well-formed and valid against the
// control files inside the zip (xmllint), and followed from the default organization to a SCO that is there. Each
// check is also shown failing on a package that breaks it, today's split schemaLocation first.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { strToU8, zipSync } from 'fflate';
import { packageIdentity, packScorm, scormZip, scormZipIn } from '../../scripts/build-scorm.mjs';
import { controlFiles, namespaces, readScormPackage, resourceFiles, unpack } from './scorm-package.mjs';

if (!existsSync(scormZip))
  throw new Error('missing dist/scorm/attention-lab-scorm12.zip: run `node scripts/build.mjs --for test` first');
const built = readFileSync(scormZip);
const files = unpack(built);
const { identifier, title } = packageIdentity();
const splitManifest = readFileSync(
  fileURLToPath(new URL('./fixtures/scorm/imsmanifest-split-schemalocation.xml', import.meta.url)),
);

// The built lesson packed afresh: the base the refusals below break one way each.
const fresh = unpack(packScorm({ index: files['index.html'], identifier, title }));

/** The fresh package with some files replaced (`null` removes one), zipped again. */
const altered = (changes) => {
  const entries = { ...fresh, ...changes };
  for (const [name, bytes] of Object.entries(changes)) if (bytes === null) delete entries[name];
  return zipSync(entries);
};
const editedManifest = (edit) => strToU8(edit(new TextDecoder().decode(fresh['imsmanifest.xml'])));

test('the built zip validates against the SCORM 1.2 schemas and launches its one SCO', (t) => {
  const { manifest, launch } = readScormPackage(built);
  const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;
  t.diagnostic(
    `zip ${kib(statSync(scormZip).size)}; unpacked: ` +
      Object.entries(files)
        .map(([name, bytes]) => `${name} ${bytes.length < 10240 ? `${bytes.length} B` : kib(bytes.length)}`)
        .join(', '),
  );
  assert.deepEqual(
    Object.keys(files)
      .filter((name) => name.endsWith('.xsd'))
      .sort(),
    [...controlFiles].sort(),
  );
  assert.deepEqual(
    [launch.scormType, launch.file, launch.dataFromLms],
    ['sco', 'index.html', ''],
    'the default organization launches index.html as a SCO, with no launch data unless asked for',
  );
  assert.deepEqual(
    resourceFiles(manifest).map(({ file }) => file),
    ['index.html'],
    'the resource lists its content, not the control files',
  );
});

test('the zh-CN package (--lang zh-CN) validates too, and states its language in the manifest and its metadata', () => {
  const { manifest, launch } = readScormPackage(readFileSync(scormZipIn('zh-CN')));
  const chinese = packageIdentity('zh-CN');
  assert.equal(launch.file, 'index.html');
  assert.equal(manifest.documentElement.getAttributeNS(namespaces.xml, 'lang'), 'zh-CN');
  const metadata = (name) => [...manifest.getElementsByTagNameNS(namespaces.imsmd, name)];
  assert.deepEqual(
    metadata('language').map((node) => node.textContent),
    ['zh-CN'],
  );
  const [langstring] = metadata('langstring');
  assert.deepEqual(
    [langstring.getAttributeNS(namespaces.xml, 'lang'), langstring.textContent],
    ['zh-CN', chinese.title],
  );
  assert.notEqual(chinese.title, title, "the title is the translation's");
  assert.equal(chinese.identifier, identifier, 'the same lesson, so the same identifier');
  const organization = manifest.getElementsByTagNameNS(namespaces.imscp, 'title')[0];
  assert.equal(organization.textContent, chinese.title);
});

test('a rebuild is byte-identical', () => {
  const again = packScorm({ index: files['index.html'], identifier, title });
  assert.ok(Buffer.from(again).equals(built), 'packing the same lesson again gives the same bytes');
});

test('launch data with &, < and quotes reaches the LMS as the instructor typed it', () => {
  const typed = `variant=learner&attempts=2&explain=a<b "quoted" 'single' > c`;
  const zip = packScorm({ index: files['index.html'], identifier, title, launchData: typed });
  const read = readScormPackage(zip);
  assert.equal(read.launch.dataFromLms, typed);
  const elements = read.manifest.getElementsByTagNameNS(namespaces.adlcp, 'datafromlms');
  assert.equal(elements.length, 1);
  assert.equal(elements[0].parentNode.getAttribute('identifier'), read.launch.item, 'carried by the launched item');
});

test('xml:base on the resources moves where the launch and its files are looked for', () => {
  const moved = altered({
    'index.html': null,
    'lesson/index.html': files['index.html'],
    'imsmanifest.xml': editedManifest((xml) => xml.replace('<resources>', '<resources xml:base="lesson/">')),
  });
  const read = readScormPackage(moved);
  assert.deepEqual([read.launch.file, read.launch.url], ['lesson/index.html', 'lesson/index.html']);
});

test("today's manifest, its schemaLocation split by a stray string concatenation, is refused", () => {
  assert.throws(() => readScormPackage(altered({ 'imsmanifest.xml': splitManifest })), {
    message: /^imsmanifest\.xml is not well-formed XML \(line 2, column 1\): .*attribute/s,
  });
});

test('each check refuses a package that breaks it', () => {
  const refusals = [
    [{ 'adlcp_rootv1p2.xsd': null }, /control files missing at the package root: adlcp_rootv1p2\.xsd/],
    [
      { 'imsmanifest.xml': editedManifest((xml) => xml.replace('adlcp:scormtype="sco"', 'adlcp:scormtype="lesson"')) },
      /fails SCORM 1\.2 schema validation:[^]*scormtype/,
    ],
    [
      { 'imsmanifest.xml': editedManifest((xml) => xml.replace('isvisible="true"', 'isvisible="perhaps"')) },
      /fails SCORM 1\.2 schema validation:[^]*isvisible/,
    ],
    [
      { 'imsmanifest.xml': editedManifest((xml) => xml.replace('<schemaversion>1.2', '<schemaversion>CAM 1.3')) },
      /<schemaversion>1\.2<\/schemaversion>, this one "ADL SCORM" "CAM 1\.3"/,
    ],
    [{ 'index.html': null }, /the launch file index\.html is not in the package/],
    [{ 'extra.js': strToU8('1') }, /files no resource lists: extra\.js/],
    [
      {
        'imsmanifest.xml': editedManifest((xml) => xml.replace('<file href="index.html"/>', '<file href="gone.css"/>')),
      },
      /resource "lesson-sco" lists gone\.css, which is not in the package/,
    ],
    [
      { 'imsmanifest.xml': editedManifest((xml) => xml.replace('default="attention-lab"', 'default="elsewhere"')) },
      /no <organization identifier="elsewhere">/,
    ],
    [{ '../outside.html': strToU8('x') }, /a path outside the package/],
  ];
  for (const [changes, message] of refusals)
    assert.throws(() => readScormPackage(altered(changes)), { message }, String(message));
});
