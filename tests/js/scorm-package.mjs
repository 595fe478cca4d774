// A SCORM 1.2 package read as an LMS reads one: unzip it, parse imsmanifest.xml with a strict XML parser, validate it
// with xmllint against the control files inside the package, and follow the default organization to the SCO.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOMParser, onWarningStopParsing } from '@xmldom/xmldom';
import { strFromU8, unzipSync } from 'fflate';

export const namespaces = {
  imscp: 'http://www.imsproject.org/xsd/imscp_rootv1p1p2',
  adlcp: 'http://www.adlnet.org/xsd/adlcp_rootv1p2',
  imsmd: 'http://www.imsglobal.org/xsd/imsmd_rootv1p2p1',
  xml: 'http://www.w3.org/XML/1998/namespace',
  xsi: 'http://www.w3.org/2001/XMLSchema-instance',
};

/** The control files ADL's SCORM 1.2 conformance wants beside imsmanifest.xml (none of them a resource's file). */
export const controlFiles = ['imscp_rootv1p1p2.xsd', 'adlcp_rootv1p2.xsd', 'imsmd_rootv1p2p1.xsd', 'ims_xml.xsd'];

/** The zip's files by path; a path that would land outside the folder it is unpacked into is refused. */
export function unpack(zipBytes) {
  const files = unzipSync(zipBytes);
  for (const name of Object.keys(files))
    if (name.startsWith('/') || name.split('/').includes('..') || name.includes('\\'))
      throw new Error(`the zip holds "${name}", a path outside the package`);
  return files;
}

/** The manifest as a DOM; any well-formedness error or warning of the parser is thrown, naming the file. */
export function parseManifest(files) {
  const bytes = files['imsmanifest.xml'];
  if (!bytes) throw new Error('the package has no imsmanifest.xml at its root');
  try {
    return new DOMParser({ onError: onWarningStopParsing }).parseFromString(strFromU8(bytes), 'text/xml');
  } catch (error) {
    const at = error.locator ? ` (line ${error.locator.lineNumber}, column ${error.locator.columnNumber})` : '';
    throw new Error(`imsmanifest.xml is not well-formed XML${at}: ${error.message}`, { cause: error });
  }
}

const elements = (node, name, ns = namespaces.imscp) =>
  [...node.childNodes].filter((child) => child.nodeType === 1 && child.namespaceURI === ns && child.localName === name);

// Stands for the package's root folder, so URL resolution applies xml:base and relative hrefs as RFC 3986 says.
const packageRoot = new URL('http://package.invalid/');

/** Where `href` on `node` points in the package, after every xml:base from the manifest down to that node. */
export function resolveInPackage(node, href) {
  const bases = [];
  for (let at = node; at && at.nodeType === 1; at = at.parentNode)
    if (at.hasAttributeNS(namespaces.xml, 'base')) bases.unshift(at.getAttributeNS(namespaces.xml, 'base'));
  let base = packageRoot;
  for (const step of bases) base = new URL(step, base);
  const url = new URL(href, base);
  if (url.origin !== packageRoot.origin) throw new Error(`"${href}" points outside the package`);
  return { file: decodeURIComponent(url.pathname.slice(1)), url: url.pathname.slice(1) + url.search };
}

/**
 * What an LMS launches: the first item of the default organization that names a resource, that resource, the file and
 * URL (relative to the package root) it starts at, and the item's adlcp:datafromlms ('' when it has none).
 */
export function findLaunch(manifest) {
  const root = manifest.documentElement;
  if (root.namespaceURI !== namespaces.imscp || root.localName !== 'manifest')
    throw new Error(`the manifest's root is <${root.tagName}>, not an IMS CP 1.1.2 <manifest>`);
  const [organizations] = elements(root, 'organizations');
  if (!organizations) throw new Error('the manifest has no <organizations>');
  const all = elements(organizations, 'organization');
  const wanted = organizations.getAttribute('default');
  const organization = wanted ? all.find((one) => one.getAttribute('identifier') === wanted) : all[0];
  if (!organization) throw new Error(`no <organization identifier="${wanted}">, the default of <organizations>`);
  const launchable = (node) => {
    for (const item of elements(node, 'item')) {
      if (item.getAttribute('identifierref')) return item;
      const inner = launchable(item);
      if (inner) return inner;
    }
    return undefined;
  };
  const item = launchable(organization);
  if (!item) throw new Error(`organization "${organization.getAttribute('identifier')}" has no item with a resource`);
  const ref = item.getAttribute('identifierref');
  const resource = elements(root, 'resources')
    .flatMap((resources) => elements(resources, 'resource'))
    .find((one) => one.getAttribute('identifier') === ref);
  if (!resource)
    throw new Error(`item "${item.getAttribute('identifier')}" names resource "${ref}", which is not there`);
  if (!resource.getAttribute('href')) throw new Error(`resource "${ref}" has no href to launch`);
  const [datafromlms] = elements(item, 'datafromlms', namespaces.adlcp);
  return {
    item: item.getAttribute('identifier'),
    resource: ref,
    scormType: resource.getAttributeNS(namespaces.adlcp, 'scormtype'),
    ...resolveInPackage(resource, resource.getAttribute('href')),
    dataFromLms: datafromlms?.textContent ?? '',
  };
}

/** Every `<file href>` of every resource, resolved in the package. */
export function resourceFiles(manifest) {
  return elements(manifest.documentElement, 'resources')
    .flatMap((resources) => elements(resources, 'resource'))
    .flatMap((resource) =>
      elements(resource, 'file').map((file) => ({
        resource: resource.getAttribute('identifier'),
        ...resolveInPackage(file, file.getAttribute('href')),
      })),
    );
}

/** The files xsi:schemaLocation names, by namespace. */
export function schemaLocations(manifest) {
  const pairs = manifest.documentElement.getAttributeNS(namespaces.xsi, 'schemaLocation').trim().split(/\s+/);
  const located = {};
  for (let at = 0; at + 1 < pairs.length; at += 2) located[pairs[at]] = pairs[at + 1];
  return located;
}

/**
 * xmllint's schema validation of the manifest against the package's own control files, through a wrapper schema that
 * imports the three namespaces (imscp_rootv1p1p2.xsd alone rejects adlcp:scormtype: its wildcard is strict).
 */
export function validateWithSchemas(files) {
  const dir = mkdtempSync(join(tmpdir(), 'attention-lab-scorm-'));
  try {
    mkdirSync(join(dir, 'package'));
    for (const name of ['imsmanifest.xml', ...controlFiles])
      if (files[name]) writeFileSync(join(dir, 'package', name), files[name]);
    const imports = [
      [namespaces.imscp, 'imscp_rootv1p1p2.xsd'],
      [namespaces.adlcp, 'adlcp_rootv1p2.xsd'],
      [namespaces.imsmd, 'imsmd_rootv1p2p1.xsd'],
    ].map(([ns, file]) => `  <xs:import namespace="${ns}" schemaLocation="package/${file}"/>\n`);
    writeFileSync(
      join(dir, 'scorm12.xsd'),
      `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">\n${imports.join('')}</xs:schema>\n`,
    );
    const run = spawnSync(
      'xmllint',
      ['--noout', '--nonet', '--schema', 'scorm12.xsd', join('package', 'imsmanifest.xml')],
      { cwd: dir, encoding: 'utf8' },
    );
    if (run.error) throw new Error(`xmllint could not run (${run.error.message}): install Debian's libxml2-utils`);
    if (run.status !== 0) throw new Error(`imsmanifest.xml fails SCORM 1.2 schema validation:\n${run.stderr.trim()}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Every check an LMS's import makes, in its order; throws at the first that fails, saying what is wrong. Returns the
 * unpacked files, the manifest's DOM and the launch.
 */
export function readScormPackage(zipBytes) {
  const files = unpack(zipBytes);
  const manifest = parseManifest(files);
  const missing = controlFiles.filter((name) => !files[name]);
  if (missing.length) throw new Error(`control files missing at the package root: ${missing.join(', ')}`);
  for (const [ns, file] of Object.entries(schemaLocations(manifest)))
    if (!files[file]) throw new Error(`xsi:schemaLocation names ${file} for ${ns}, which is not in the package`);
  validateWithSchemas(files);
  const [metadata] = elements(manifest.documentElement, 'metadata');
  const [schema, version] = ['schema', 'schemaversion'].map((name) =>
    metadata ? elements(metadata, name)[0]?.textContent.trim() : undefined,
  );
  if (schema !== 'ADL SCORM' || version !== '1.2')
    throw new Error(
      `a SCORM 1.2 package says <schema>ADL SCORM</schema> <schemaversion>1.2</schemaversion>, this one "${schema}" ` +
        `"${version}"`,
    );
  const launch = findLaunch(manifest);
  if (!files[launch.file]) throw new Error(`the launch file ${launch.file} is not in the package`);
  const listed = resourceFiles(manifest);
  for (const { resource, file } of listed)
    if (!files[file]) throw new Error(`resource "${resource}" lists ${file}, which is not in the package`);
  const unlisted = Object.keys(files).filter(
    (name) =>
      !name.endsWith('/') &&
      name !== 'imsmanifest.xml' &&
      !controlFiles.includes(name) &&
      !listed.some(({ file }) => file === name),
  );
  if (unlisted.length) throw new Error(`files no resource lists: ${unlisted.join(', ')}`);
  return { files, manifest, launch };
}
