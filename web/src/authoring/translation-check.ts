// The comparison behind compileTranslation: sections paired by the widgets and questions they hold, then every
// widget, question, text block and {{core value}} of the original against the translation's, each difference reported
// at the translation's own file:line:column.
import type { Block, CompiledLesson, CompiledSection } from './compiled.js';
import type { LessonSources, PartSource } from './compile.js';
import { placeInScalar } from './fields.js';
import type { ProblemKind, Report } from './problems.js';
import {
  canonical,
  placeAt,
  questionFacts,
  shown,
  widgetFacts,
  type Facts,
  type YamlPath,
} from './translation-facts.js';
import { valueCalls, type ValueCall } from './value-syntax.js';
import { entriesOf, isScalarNode, itemsOf, plainOf, type Place, type YamlBlock } from './yaml-nodes.js';

export interface Side {
  lesson: CompiledLesson;
  sources: LessonSources;
  order?: number;
}

type Pair = [number, number];

/** The longest common subsequence of two key lists, as index pairs in order. */
function commonOrder(a: readonly string[], b: readonly string[]): Pair[] {
  const n = a.length;
  const m = b.length;
  const table = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      table[i]![j] = a[i] === b[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
  const pairs: Pair[] = [];
  for (let i = 0, j = 0; i < n && j < m;) {
    if (a[i] === b[j]) pairs.push([i++, j++]);
    else if (table[i + 1]![j]! >= table[i]![j + 1]!) i++;
    else j++;
  }
  return pairs;
}

type Directive = Extract<Block, { kind: 'widget' | 'question' }>;
const directiveId = (block: Directive) => (block.kind === 'widget' ? block.id : block.question.id);
const blockKey = (block: Block) => (block.kind === 'html' ? '¶' : `${block.kind} ${directiveId(block)}`);
const named = (block: Directive) => `${block.kind} "${directiveId(block)}"`;
const directivesOf = (section: CompiledSection) =>
  section.blocks.filter((block): block is Directive => block.kind !== 'html');

interface Located {
  section: number;
  block: Directive;
}

function directiveMap(lesson: CompiledLesson): Map<string, Located> {
  const map = new Map<string, Located>();
  lesson.sections.forEach((section, i) => {
    for (const block of directivesOf(section)) map.set(directiveId(block), { section: i, block });
  });
  return map;
}

export class TranslationCheck {
  private readonly said = new Set<string>();
  private readonly oDirectives: Map<string, Located>;
  private readonly tDirectives: Map<string, Located>;

  constructor(
    private readonly o: Side,
    private readonly t: Side,
    private readonly originalName: string,
    private readonly report: Report,
  ) {
    this.oDirectives = directiveMap(o.lesson);
    this.tDirectives = directiveMap(t.lesson);
  }

  private say(place: Place, kind: ProblemKind, message: string): void {
    const key = `${place.line}:${place.column}:${message}`;
    if (this.said.has(key)) return;
    this.said.add(key);
    this.report(place, kind, message);
  }

  private source(side: Side, part: object): PartSource {
    return side.sources.parts.get(part) ?? { place: { line: 1, column: 1 } };
  }

  /** "lesson.md:88", for messages that point at the original. */
  private there(place: Place): string {
    return `${this.originalName}:${place.line}`;
  }

  run(): void {
    this.frontMatter();
    const sections = this.alignSections();
    for (const [oi, ti] of sections.pairs) this.sectionPair(oi, ti, sections.moved.has(ti));
    for (const ti of sections.extra) this.extraSection(ti);
    for (const [id, found] of this.tDirectives) {
      const there = this.oDirectives.get(id);
      if (there) this.compareDirective(there.block, found.block);
    }
  }

  private frontMatter(): void {
    const of = this.o.sources.frontMatter;
    const tf = this.t.sources.frontMatter;
    if (!of || !tf) return;
    for (const field of ['slug', 'order'] as const) {
      if (of[field] === tf[field]) continue;
      const place = tf.places[field] ?? { line: 1, column: 1 };
      const originalPlace = of.places[field] ?? { line: 1, column: 1 };
      this.say(
        place,
        'differs-from-original',
        `${field} ${shown(tf[field])} differs from the original's ${shown(of[field])} ` +
          `(${this.there(originalPlace)}); allowed: the original's ${field}`,
      );
    }
    const title = (fm: typeof of) => ({ text: fm.title, line: fm.titlePlace.line, column: fm.titlePlace.column - 1 });
    this.compareTextCalls(title(of), title(tf), 'title: ', tf.titlePlace);
  }

  /** Sections pair by their widgets and questions; unmatched ones between two pairs pair in order. */
  private alignSections(): { pairs: Pair[]; moved: Set<number>; extra: number[] } {
    const key = (section: CompiledSection) => directivesOf(section).map(blockKey).join(' ');
    const oKeys = this.o.lesson.sections.map(key);
    const tKeys = this.t.lesson.sections.map(key);
    const anchors = commonOrder(oKeys, tKeys);
    const oUsed = new Set(anchors.map(([oi]) => oi));
    const tUsed = new Set(anchors.map(([, ti]) => ti));
    const pairs: Pair[] = [...anchors];
    const moved = new Set<number>();
    tKeys.forEach((tKey, ti) => {
      if (tUsed.has(ti) || tKey === '') return;
      const oi = oKeys.findIndex((oKey, i) => !oUsed.has(i) && oKey === tKey);
      if (oi < 0) return;
      pairs.push([oi, ti]);
      moved.add(ti);
      oUsed.add(oi);
      tUsed.add(ti);
    });
    const missing: number[] = [];
    const extra: number[] = [];
    const bounds: Pair[] = [[-1, -1], ...anchors, [oKeys.length, tKeys.length]];
    for (let k = 1; k < bounds.length; k++) {
      const [oFrom, tFrom] = bounds[k - 1]!;
      const [oTo, tTo] = bounds[k]!;
      const os = range(oFrom + 1, oTo).filter((i) => !oUsed.has(i));
      const ts = range(tFrom + 1, tTo).filter((i) => !tUsed.has(i));
      const both = Math.min(os.length, ts.length);
      for (let i = 0; i < both; i++) pairs.push([os[i]!, ts[i]!]);
      missing.push(...os.slice(both));
      extra.push(...ts.slice(both));
    }
    pairs.sort((a, b) => a[1] - b[1]);
    for (const ti of moved) this.movedSection(pairs.find(([, t]) => t === ti)![0], ti);
    for (const oi of missing) this.missingSection(oi, pairs, moved);
    return { pairs, moved, extra };
  }

  private sectionTitle(side: Side, index: number): string {
    return side.lesson.sections[index]?.title ?? '';
  }

  private movedSection(oi: number, ti: number): void {
    const section = this.o.lesson.sections[oi]!;
    const before = oi === 0 ? 'first' : `after "${this.sectionTitle(this.o, oi - 1)}"`;
    this.say(
      this.source(this.t, this.t.lesson.sections[ti]!).place,
      'moved-in-translation',
      `section "${this.sectionTitle(this.t, ti)}" is the original's "${section.title}" ` +
        `(${this.there(this.source(this.o, section).place)}), which comes ${before} there; allowed: the original's ` +
        'order of sections',
    );
  }

  private missingSection(oi: number, pairs: Pair[], moved: Set<number>): void {
    const section = this.o.lesson.sections[oi]!;
    const next = pairs.filter(([o, t]) => o > oi && !moved.has(t)).sort((a, b) => a[0] - b[0])[0];
    const place = next ? this.source(this.t, this.t.lesson.sections[next[1]]!).place : this.endOfFile();
    const holds = directivesOf(section).map(named);
    this.say(
      place,
      'missing-in-translation',
      `the original's section "${section.title}" (${this.there(this.source(this.o, section).place)})` +
        `${holds.length > 0 ? `, with ${holds.join(', ')},` : ''} is missing here; allowed: every section of the ` +
        'original, in its order',
    );
  }

  private extraSection(ti: number): void {
    const section = this.t.lesson.sections[ti]!;
    this.say(
      this.source(this.t, section).place,
      'extra-in-translation',
      `section "${section.title}" has no counterpart in the original; allowed: the original's sections, each ` +
        'translated in place',
    );
    for (const block of directivesOf(section)) this.strayDirective(block, undefined);
  }

  private endOfFile(): Place {
    const lines = this.t.sources.fileLines;
    let line = lines.length;
    while (line > 1 && (lines[line - 1] ?? '').trim() === '') line--;
    return { line, column: 1 };
  }

  /** A translation's widget or question that is not where the original has it. */
  private strayDirective(block: Directive, pairedSection: number | undefined): void {
    const id = directiveId(block);
    const place = this.source(this.t, block).place;
    const there = this.oDirectives.get(id);
    if (!there) {
      this.say(
        place,
        'extra-in-translation',
        `${named(block)} is not in the original; allowed: the original's widgets and questions, each translated ` +
          'where it stands',
      );
    } else if (there.section !== pairedSection) {
      const section = this.o.lesson.sections[there.section]!;
      this.say(
        place,
        'moved-in-translation',
        `${named(block)} stands in another section than in the original, where it is in "${section.title}" ` +
          `(${this.there(this.source(this.o, there.block).place)}); allowed: the original's order`,
      );
    }
  }

  private sectionPair(oi: number, ti: number, moved: boolean): void {
    const oSection = this.o.lesson.sections[oi]!;
    const tSection = this.t.lesson.sections[ti]!;
    this.compareTextCalls(
      this.textOf(this.o, oSection, true),
      this.textOf(this.t, tSection, true),
      'heading: ',
      this.source(this.t, tSection).place,
    );
    const oKeys = oSection.blocks.map(blockKey);
    const tKeys = tSection.blocks.map(blockKey);
    const pairs = commonOrder(oKeys, tKeys);
    // Where something the original has here belongs: before the next block both have, else before the next section.
    const insertAt = (oIndex: number): Place => {
      const next = pairs.find(([o]) => o > oIndex);
      if (next) return this.source(this.t, tSection.blocks[next[1]]!).place;
      const following = this.t.lesson.sections[ti + 1];
      return following && !moved ? this.source(this.t, following).place : this.endOfFile();
    };
    for (const block of directivesOf(tSection)) {
      const there = this.oDirectives.get(directiveId(block));
      if (!there || there.section !== oi) this.strayDirective(block, oi);
    }
    for (const [index, block] of oSection.blocks.entries()) {
      if (block.kind === 'html' || this.tDirectives.has(directiveId(block))) continue;
      this.say(
        insertAt(index),
        'missing-in-translation',
        `the original's ${named(block)} (${this.there(this.source(this.o, block).place)}) is missing here; ` +
          "allowed: every widget and question of the original, in the original's order",
      );
    }
    this.orderWithin(oSection, tSection, ti);
    const sameDirectives =
      directivesOf(oSection).map(blockKey).join(' ') === directivesOf(tSection).map(blockKey).join(' ');
    if (!sameDirectives) return;
    // Text blocks are compared only where the widgets and questions agree: a missing one merges the text around it.
    const matched = new Set(pairs.map(([o]) => o));
    const matchedT = new Set(pairs.map(([, t]) => t));
    oSection.blocks.forEach((block, index) => {
      if (block.kind !== 'html' || matched.has(index)) return;
      this.say(
        insertAt(index),
        'missing-in-translation',
        `the original has a text block here (${this.there(this.source(this.o, block).place)}) that the ` +
          "translation leaves out; allowed: text wherever the original has text (a reader's place is counted in " +
          'blocks)',
      );
    });
    tSection.blocks.forEach((block, index) => {
      if (block.kind !== 'html' || matchedT.has(index)) return;
      this.say(
        this.source(this.t, block).place,
        'extra-in-translation',
        "a text block where the original has none; allowed: text only where the original has text (a reader's " +
          'place is counted in blocks)',
      );
    });
    for (const [o, t] of pairs) {
      const oBlock = oSection.blocks[o]!;
      const tBlock = tSection.blocks[t]!;
      if (oBlock.kind === 'html' && tBlock.kind === 'html')
        this.compareTextCalls(
          this.textOf(this.o, oBlock),
          this.textOf(this.t, tBlock),
          '',
          this.source(this.t, tBlock).place,
        );
    }
  }

  /** The widgets and questions both sections hold, in the translation's order, against the original's. */
  private orderWithin(oSection: CompiledSection, tSection: CompiledSection, ti: number): void {
    const oIds = directivesOf(oSection).map(directiveId);
    const tIds = directivesOf(tSection).map(directiveId);
    const oCommon = oIds.filter((id) => tIds.includes(id));
    const tCommon = tIds.filter((id) => oIds.includes(id) && this.tDirectives.get(id)?.section === ti);
    const kept = new Set(commonOrder(oCommon, tCommon).map(([, t]) => t));
    tCommon.forEach((id, t) => {
      if (kept.has(t)) return;
      const block = this.tDirectives.get(id)!.block;
      const at = oCommon.indexOf(id);
      const previous = at > 0 ? this.oDirectives.get(oCommon[at - 1]!)!.block : undefined;
      const where = previous ? `after ${named(previous)}` : 'first of its section';
      this.say(
        this.source(this.t, block).place,
        'moved-in-translation',
        `${named(block)} is out of the original's order: there it comes ${where} ` +
          `(${this.there(this.source(this.o, this.oDirectives.get(id)!.block).place)}); allowed: the original's order`,
      );
    });
  }

  private textOf(side: Side, part: object, heading = false): SourceText {
    const source = this.source(side, part);
    const column = heading ? source.place.column - 1 : 0;
    return { text: source.text ?? '', line: source.textLine ?? source.place.line, column };
  }

  private compareTextCalls(o: SourceText, t: SourceText, label: string, missingAt: Place): void {
    const placed = (text: SourceText) => (call: ValueCall) => ({
      call,
      place: { line: text.line + call.line, column: (call.line === 0 ? text.column : 0) + call.column + 1 },
    });
    this.compareCalls(valueCalls(o.text).map(placed(o)), valueCalls(t.text).map(placed(t)), label, missingAt);
  }

  /** The same {{…}} calls, as a multiset: a translation may reorder them within a text, not change them. */
  private compareCalls(oCalls: PlacedCall[], tCalls: PlacedCall[], label: string, missingAt: Place): void {
    const left = [...oCalls];
    const unmatched: PlacedCall[] = [];
    for (const t of tCalls) {
      const i = left.findIndex((o) => o.call.canonical === t.call.canonical);
      if (i >= 0) left.splice(i, 1);
      else unmatched.push(t);
    }
    for (const t of unmatched) {
      const name = t.call.canonical.split(' ')[0];
      const i = Math.max(
        0,
        left.findIndex((o) => o.call.canonical.split(' ')[0] === name),
      );
      const partner = left.splice(i, 1)[0];
      if (partner)
        this.say(
          t.place,
          'differs-from-original',
          `${label}${t.call.source} differs from the original's ${partner.call.source} ` +
            `(${this.there(partner.place)}); allowed: core values copied unchanged`,
        );
      else
        this.say(
          t.place,
          'extra-in-translation',
          `${label}${t.call.source} is not in the original here; allowed: the original's core values, copied unchanged`,
        );
    }
    for (const o of left)
      this.say(
        missingAt,
        'missing-in-translation',
        `${label}the original's ${o.call.source} (${this.there(o.place)}) is missing here; allowed: every core value ` +
          'of the original, copied unchanged',
      );
  }

  private compareDirective(oBlock: Directive, tBlock: Directive): void {
    const oSource = this.source(this.o, oBlock);
    const tSource = this.source(this.t, tBlock);
    const label = `${named(tBlock)}: `;
    if (oBlock.kind !== tBlock.kind) {
      this.say(
        tSource.place,
        'differs-from-original',
        `${label}the original's "${directiveId(oBlock)}" is a ${oBlock.kind} (${this.there(oSource.place)}); ` +
          `allowed: a ${oBlock.kind} with that id`,
      );
      return;
    }
    const facts = (block: Directive): Facts =>
      block.kind === 'widget' ? widgetFacts(block) : questionFacts(block.question);
    this.compareFacts(facts(oBlock), facts(tBlock), oSource, tSource, label);
    this.compareFieldCalls(oSource, tSource, label);
  }

  private compareFacts(oFacts: Facts, tFacts: Facts, oSource: PartSource, tSource: PartSource, label: string): void {
    const differing = new Set<string>();
    for (const [key, t] of tFacts) {
      const o = oFacts.get(key);
      if (!o || canonical(o.value) === canonical(t.value)) continue;
      const base = t.base ?? t.what;
      if (differing.has(base)) continue;
      differing.add(base);
      const at = placeAt(tSource.yaml, tSource.place, t.path);
      const originalAt = placeAt(oSource.yaml, oSource.place, o.path);
      this.say(
        at,
        'differs-from-original',
        `${label}${t.what} is ${shown(t.value, o.value)} here but ${shown(o.value, t.value)} in the original ` +
          `(${this.there(originalAt)}); allowed: the original's ${base}, as only prose is translated`,
      );
    }
  }

  /** Every text field of a directive (prompt, feedback, band texts…) keeps its {{…}} calls. */
  private compareFieldCalls(oSource: PartSource, tSource: PartSource, label: string): void {
    if (!oSource.yaml || !tSource.yaml) return;
    const oTexts = scalarTexts(oSource.yaml);
    const tTexts = scalarTexts(tSource.yaml);
    const placed = (yaml: YamlBlock, lines: string[], node: unknown) => (call: ValueCall) => ({
      call,
      place: placeInScalar({ fileLines: lines }, yaml, node, call.line, call.column),
    });
    for (const key of new Set([...oTexts.keys(), ...tTexts.keys()])) {
      const o = oTexts.get(key);
      const t = tTexts.get(key);
      const oCalls = o ? valueCalls(o.text).map(placed(oSource.yaml, this.o.sources.fileLines, o.node)) : [];
      const tCalls = t ? valueCalls(t.text).map(placed(tSource.yaml, this.t.sources.fileLines, t.node)) : [];
      const missingAt = t ? tSource.yaml.placeOf(t.node) : placeAt(tSource.yaml, tSource.place, o?.path ?? []);
      this.compareCalls(oCalls, tCalls, `${label}${key}: `, missingAt);
    }
  }
}

interface SourceText {
  text: string;
  /** File line and column of the text's first character (the column counts for the first line only). */
  line: number;
  column: number;
}

interface PlacedCall {
  call: ValueCall;
  place: Place;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);
}

/** Every string in a directive's YAML by its path ("anticipated.0.feedback"), to compare the calls each holds. */
function scalarTexts(yaml: YamlBlock): Map<string, { path: YamlPath; text: string; node: unknown }> {
  const texts = new Map<string, { path: YamlPath; text: string; node: unknown }>();
  const walk = (node: unknown, path: (string | number)[]) => {
    if (isScalarNode(node)) {
      const value = plainOf(node);
      if (typeof value === 'string' && value.includes('{{')) texts.set(path.join('.'), { path, text: value, node });
      return;
    }
    for (const entry of entriesOf(node) ?? []) walk(entry.value, [...path, entry.key]);
    itemsOf(node)?.forEach((item, i) => walk(item, [...path, i]));
  };
  walk(yaml.root, []);
  return texts;
}
