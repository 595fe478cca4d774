// lesson.md → CompiledLesson: every problem is collected (not just the first) and located file:line:column.
import type { Question } from '../quiz/types.js';
import { answerWarnings, screenWidth, type LaidOut } from './answer-warnings.js';
import type { Block, CompiledLesson, CompiledSection } from './compiled.js';
import type { ValuesCore } from './core-values.js';
import { segmentBody, type Segment } from './directives.js';
import type { FieldContext } from './fields.js';
import { splitFrontMatter, type FrontMatter } from './front-matter.js';
import { renderBlocks, renderInline } from './markdown.js';
import { buildPrediction } from './predictions.js';
import { collectProblems, type LessonProblem, type Report } from './problems.js';
import { buildQuestion } from './questions.js';
import { interpolateValues, type Interpolated } from './value-syntax.js';
import {
  checkWidgetParam,
  flattenWidgetParams,
  isReservedWidget,
  isWidgetName,
  limitParams,
  parseWidgetParams,
  widgetNames,
  widgetSchemas,
  type WidgetName,
} from './widget-schema.js';
import { entriesOf, itemsOf, parseYamlAt, type Place, type YamlBlock } from './yaml-nodes.js';

export interface CompileOptions {
  /** How problems name the file, e.g. lessons/why-sqrt-dk/lesson.md. */
  file: string;
  core: ValuesCore;
  /** The folder name; the front matter's slug must equal it. */
  expectedSlug?: string;
  /** Section ids by position, for a translation: its headings take the original's ids (see translation.ts). */
  sectionIds?: readonly string[];
}

/** Where a compiled section or block was written: its header, and its YAML or its Markdown source. */
export interface PartSource {
  place: Place;
  /** A widget's or question's body. */
  yaml?: YamlBlock;
  /** A text block's Markdown, as written, and the file line of its first line. */
  text?: string;
  textLine?: number;
}

/** Where the compiled lesson came from, part by part, for checks that compare two files (translation.ts). */
export interface LessonSources {
  /** Keyed by the CompiledSection and Block objects of the result. */
  parts: Map<object, PartSource>;
  frontMatter: FrontMatter | null;
  fileLines: string[];
}

export interface CompileResult {
  /** null when there is any problem: a broken lesson is never written. */
  lesson: CompiledLesson | null;
  problems: LessonProblem[];
  /** Things the lesson may do on purpose but rarely should (an answer printed near its question); never fatal. */
  warnings: LessonProblem[];
  /** The front matter's order, for the lesson index (not part of the page's CompiledLesson). */
  order?: number;
  /** Set when lesson is: where each part was written. */
  sources?: LessonSources;
}

/** Heading text → anchor id: "Why √dₖ?" → "why-dk". */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

class LessonBuilder {
  readonly sections: CompiledSection[] = [];
  readonly widgets = new Map<string, WidgetName>();
  /** The body in reading order, for the warnings about answers in sight. */
  readonly laidOut: LaidOut[] = [];
  readonly parts = new Map<object, PartSource>();
  private readonly ids = new Map<string, Place>();

  constructor(
    readonly ctx: FieldContext,
    readonly report: Report,
    readonly sectionIds: readonly string[] = [],
  ) {}

  claimId(id: string, place: Place): void {
    const first = this.ids.get(id);
    if (first)
      this.report(
        place,
        'duplicate-id',
        `duplicate id "${id}", first used at line ${first.line}; allowed: ids unique across sections, widgets and ` +
          `questions`,
      );
    else this.ids.set(id, place);
  }

  /** Interpolates core values and renders Markdown; problems are mapped back to the author's columns. */
  markdown(text: string, first: Place, inline: boolean): { html: string; plain: string; values: Interpolated } {
    const values = interpolateValues(this.ctx.core, text);
    const at = (line: number, column: number): Place => ({
      line: first.line + line,
      column: (line === 0 ? first.column : 1) + column,
    });
    for (const p of values.problems) this.report(at(p.line, p.column), p.kind, p.message);
    const rendered = inline ? renderInline(values.text) : { ...renderBlocks(values.text), plain: '' };
    for (const p of rendered.problems)
      this.report(at(p.line, values.originalColumn(p.line, p.column)), p.kind, p.message);
    return { html: rendered.html.trim(), plain: rendered.plain.trim(), values };
  }

  current(place: Place, what: string): CompiledSection | null {
    const section = this.sections.at(-1);
    if (!section)
      this.report(
        place,
        'content-before-section',
        `${what} before the first section; allowed: start the body with a "## Title" line`,
      );
    return section ?? null;
  }

  heading(segment: Extract<Segment, { kind: 'heading' }>): void {
    const place = { line: segment.line, column: segment.column };
    const { html, plain } = this.markdown(segment.text, place, true);
    const id = this.sectionIds[this.sections.length] ?? (slugify(plain) || `section-${this.sections.length + 1}`);
    this.claimId(id, place);
    const section: CompiledSection = { id, title: plain, titleHtml: html, blocks: [] };
    this.sections.push(section);
    this.parts.set(section, { place, text: segment.text, textLine: segment.line });
    this.laidOut.push({ kind: 'heading', length: screenWidth(plain) });
  }

  prose(segment: Extract<Segment, { kind: 'prose' }>): void {
    const firstText = segment.text.split('\n').findIndex((line) => line.trim() !== '');
    if (firstText < 0) return;
    const section = this.current({ line: segment.line + firstText, column: 1 }, 'text');
    const { html, values } = this.markdown(segment.text, { line: segment.line, column: 1 }, false);
    if (section && html) {
      const block: Block = { kind: 'html', html };
      section.blocks.push(block);
      this.parts.set(block, {
        place: { line: segment.line + firstText, column: 1 },
        text: segment.text,
        textLine: segment.line,
      });
    }
    const lines = values.text.split('\n').map((text, i) => ({
      line: segment.line + i,
      text,
      column: (at: number) => values.originalColumn(i, at) + 1,
    }));
    this.laidOut.push({ kind: 'prose', lines });
  }

  widget(segment: Extract<Segment, { kind: 'widget' }>): void {
    const place = { line: segment.line, column: segment.nameColumn };
    const section = this.current({ line: segment.line, column: 1 }, 'a widget');
    const { name } = segment;
    if (!isWidgetName(name)) {
      const allowed = `allowed: ${widgetNames.join(', ')}`;
      if (isReservedWidget(name))
        this.report(place, 'widget-not-available', `widget "${name}" is not available yet; ${allowed}`);
      else this.report(place, 'unknown-widget', `unknown widget "${name}"; ${allowed}`);
      return;
    }
    // Without {#id} the widget's name is its id, so a second one of a kind must be named.
    const id = segment.id ?? name;
    this.claimId(id, segment.idColumn === undefined ? place : { line: segment.line, column: segment.idColumn });
    this.widgets.set(id, name);
    const yaml = parseYamlAt(segment.body, { line: segment.bodyLine, column: 1 });
    if (yaml.error) {
      this.report(
        yaml.error.place,
        'bad-yaml',
        `bad YAML: ${yaml.error.message}; allowed: one "parameter: value" per line`,
      );
      return;
    }
    const entries = yaml.root ? entriesOf(yaml.root) : [];
    if (!entries) {
      this.report(
        yaml.placeOf(yaml.root),
        'bad-yaml',
        `widget parameters must be a mapping; allowed: one "parameter: value" per line`,
      );
      return;
    }
    const raw: Record<string, unknown> = {};
    let predictNode: unknown;
    for (const { key, keyNode, value } of entries) {
      if (key === 'predict') {
        predictNode = value;
        continue;
      }
      const checked = checkWidgetParam(name, key, value === null ? null : (value.toJSON() as unknown));
      if (checked.ok) raw[key] = checked.value;
      else
        this.report(
          yaml.placeOf(checked.problem === 'unknown-parameter' ? keyNode : value),
          checked.problem,
          checked.message,
        );
    }
    const { params, problems } = parseWidgetParams(name, raw);
    for (const message of problems) this.report(place, 'wrong-type', message);
    // A lesson must not start a widget at a combination the core cannot compute (the page would lower it).
    for (const l of limitParams(widgetSchemas[name], { ...params }))
      this.report(
        place,
        'out-of-range',
        `${name}: ${l.name} must be at most ${l.to} when ${l.given} = ${l.givenValue}, got ${l.from}; allowed: ` +
          `${l.name} up to ${l.to} (${l.why})`,
      );
    const predict = predictNode === undefined ? undefined : buildPrediction(this.ctx, yaml, name, params, predictNode);
    const block: Block = {
      kind: 'widget',
      id,
      widget: name,
      params: flattenWidgetParams(params),
      ...(predict && { predict }),
    };
    section?.blocks.push(block);
    this.parts.set(block, { place, yaml });
    this.laidOut.push({ kind: 'widget' });
  }

  question(segment: Extract<Segment, { kind: 'question' }>): void {
    const place = { line: segment.line, column: segment.idColumn };
    const section = this.current({ line: segment.line, column: 1 }, 'a question');
    this.claimId(segment.id, place);
    const yaml = parseYamlAt(segment.body, { line: segment.bodyLine, column: 1 });
    if (yaml.error) {
      this.report(
        yaml.error.place,
        'bad-yaml',
        `bad YAML: ${yaml.error.message}; allowed: "field: value" lines, lists with "- ", quotes around text that ` +
          `holds ": "`,
      );
      return;
    }
    const question: Question | null = buildQuestion(this.ctx, segment.id, place, yaml);
    if (question && section) {
      const block: Block = { kind: 'question', question };
      section.blocks.push(block);
      this.parts.set(block, { place, yaml });
    }
    if (question) this.laidOut.push({ kind: 'question', question, place, ...helpPlaces(yaml) });
  }

  /** `show` actions may name widgets further down, so they are checked once everything is read. */
  checkShows(): void {
    for (const { action, widgetPlace, statePlaces, label = '' } of this.ctx.pendingShows) {
      const widget = this.widgets.get(action.widget);
      if (!widget) {
        const known = [...this.widgets.keys()].join(', ') || 'none';
        this.report(
          widgetPlace,
          'unknown-show-target',
          `${label}show names widget "${action.widget}", which is not in this lesson; allowed: ${known}`,
        );
        continue;
      }
      for (const [key, value] of Object.entries(action.state)) {
        const checked = checkWidgetParam(widget, key, value);
        const places = statePlaces[key];
        if (!checked.ok && places)
          this.report(
            checked.problem === 'unknown-parameter' ? places.key : places.value,
            checked.problem,
            `${label}${checked.message}`,
          );
      }
    }
  }
}

// Where a question's prompt, hint and each anticipated feedback are written, for warnings that point at them.
function helpPlaces(yaml: YamlBlock): {
  promptLength: number;
  hintPlace?: Place;
  feedbackPlaces: (Place | undefined)[];
} {
  const fields = new Map((entriesOf(yaml.root) ?? []).map((entry) => [entry.key, entry.value]));
  const hint = fields.get('hint');
  const feedbackPlaces = (itemsOf(fields.get('anticipated')) ?? []).map((item) => {
    const feedback = entriesOf(item)?.find((entry) => entry.key === 'feedback')?.value;
    return feedback ? yaml.placeOf(feedback) : undefined;
  });
  const prompt = fields.get('prompt');
  return {
    promptLength: screenWidth(String(prompt?.toJSON() ?? '')),
    hintPlace: hint ? yaml.placeOf(hint) : undefined,
    feedbackPlaces,
  };
}

export function compileLesson(source: string, options: CompileOptions): CompileResult {
  const { problems, report } = collectProblems(options.file);
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const fileLines = text.split('\n');
  const ctx: FieldContext = {
    core: options.core,
    report,
    fileLines,
    pendingShows: [],
    problemCount: () => problems.length,
  };
  const builder = new LessonBuilder(ctx, report, options.sectionIds);
  const { frontMatter, body, bodyLine } = splitFrontMatter(text, report, options.expectedSlug);
  const title = frontMatter ? builder.markdown(frontMatter.title, frontMatter.titlePlace, true) : null;
  for (const segment of segmentBody(body, bodyLine, report)) {
    if (segment.kind === 'heading') builder.heading(segment);
    else if (segment.kind === 'prose') builder.prose(segment);
    else if (segment.kind === 'widget') builder.widget(segment);
    else builder.question(segment);
  }
  builder.checkShows();
  problems.sort((a, b) => a.line - b.line || a.column - b.column);
  if (problems.length > 0 || !frontMatter || !title) return { lesson: null, problems, warnings: [] };
  const warnings = answerWarnings(builder.laidOut).map((w) => ({
    file: options.file,
    kind: 'answer-in-sight' as const,
    ...w,
  }));
  const lesson: CompiledLesson = {
    slug: frontMatter.slug,
    title: title.plain,
    titleHtml: title.html,
    summary: frontMatter.summary,
    sections: builder.sections,
  };
  const sources: LessonSources = { parts: builder.parts, frontMatter, fileLines };
  return { lesson, problems, warnings, order: frontMatter.order, sources };
}
