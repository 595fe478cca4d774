// Writes docs/authoring.md from the compiler's own tables (run by `npm run docs`, which compiles them first).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { authoringReference } from '../dist/lib/src/authoring/reference.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const target = join(root, 'docs', 'authoring.md');
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, authoringReference());
console.log('authoring-reference: wrote docs/authoring.md');
