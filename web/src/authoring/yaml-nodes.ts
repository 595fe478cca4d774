// YAML read as nodes with positions, so every problem in a directive body points at its own key or value.
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node, type Pair } from 'yaml';

export interface Place {
  /** 1-based, in the lesson file. */
  line: number;
  column: number;
}

export interface YamlBlock {
  root: Node | null;
  /** Where a node starts in the lesson file. */
  placeOf(node: unknown): Place;
  /** Set when the text is not valid YAML. */
  error?: { place: Place; message: string };
}

/** Parses YAML that starts at `first` in the lesson file; duplicate keys are errors. */
export function parseYamlAt(text: string, first: Place): YamlBlock {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true, strict: true });
  const at = (offset: number): Place => {
    const { line, col } = lineCounter.linePos(offset);
    return line === 1
      ? { line: first.line, column: first.column + col - 1 }
      : { line: first.line + line - 1, column: col };
  };
  const placeOf = (node: unknown): Place => {
    const range = (node as { range?: [number, number, number] } | null)?.range;
    return range ? at(range[0]) : first;
  };
  const problem = doc.errors[0];
  if (problem) {
    const message = problem.message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '') ?? 'unreadable YAML';
    return { root: null, placeOf, error: { place: at(problem.pos[0]), message } };
  }
  return { root: (doc.contents as Node | null) ?? null, placeOf };
}

export interface Entry {
  key: string;
  keyNode: unknown;
  value: Node | null;
}

export function isMapping(node: unknown): boolean {
  return isMap(node);
}

/** The key/value pairs of a mapping, keys as strings; null when the node is not a mapping. */
export function entriesOf(node: unknown): Entry[] | null {
  if (!isMap(node)) return null;
  return node.items.map((pair: Pair) => ({
    key: isScalar(pair.key) ? String(pair.key.value) : String(pair.key),
    keyNode: pair.key,
    value: (pair.value as Node | null) ?? null,
  }));
}

export function itemsOf(node: unknown): Node[] | null {
  return isSeq(node) ? (node.items as Node[]) : null;
}

/** The plain JS value of a node (numbers, strings, lists, mappings). */
export function plainOf(node: unknown): unknown {
  if (node === null || node === undefined) return null;
  if (isScalar(node)) return node.value;
  return (node as { toJSON(): unknown }).toJSON();
}

export function isScalarNode(node: unknown): boolean {
  return isScalar(node);
}
