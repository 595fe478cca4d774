// What an embed URL (or a web component's attributes) asks for: a lesson, one widget and/or one question, the widget's
// state as un-namespaced parameters (dk=512) or the lesson page's (<widget id>.dk=512), hidden controls, host
// settings.
// Anything unusable falls back to a default and is reported, so the frame is never blank.
import type { CompiledLesson, Question } from '../authoring/compiled.js';
import {
  checkWidgetParam,
  limitWidgetParams,
  isWidgetName,
  parseWidgetParams,
  widgetSchemas,
  type WidgetName,
  type WidgetParams,
} from '../authoring/widget-schema.js';
import { hiddenFor, readUrlState, type UrlState } from '../lesson/url-state.js';
import { documentLocale, findLesson, questionsOf, widgetBlocksOf } from '../lesson/lessons.js';
import { defaultLocale, locales, toLocale, type Locale } from '../i18n/locales.js';
import { gradedParams, readGradedPolicy, type GradedPolicy } from '../quiz/index.js';
import { translate } from '../i18n/messages.js';

export const reservedParams: ReadonlySet<string> = new Set([
  'lesson',
  'widget',
  'question',
  'hide',
  'origin',
  'frame',
  'theme',
  'lang',
  // The LTI tool's launch key on its graded pages: the page sends it back to the tool, it is no widget setting.
  'ltik',
  ...gradedParams,
]);

export interface WidgetPick {
  /** The widget's id in the lesson (or its name, for a widget the lesson does not place). */
  id: string;
  widget: WidgetName;
  /** The lesson's values, then the link's. */
  params: WidgetParams;
  hidden: Set<string>;
}

export interface EmbedRequest {
  lesson: CompiledLesson;
  /** The language the lesson is in: the one asked for, or the original's when the lesson has no such translation. */
  locale: Locale;
  widget?: WidgetPick;
  question?: Question;
  /** Neither a widget nor a question was asked for: the whole lesson, with the lesson page's URL state. */
  whole: boolean;
  url: UrlState;
  origin: string | null;
  frame: string;
  theme?: 'light' | 'dark';
  /** variant, attempts, explain: the defaults (the lesson's numbers, unlimited) unless the link sets them. */
  policy: GradedPolicy;
  problems: string[];
}

const list = (items: readonly string[], locale: Locale) =>
  items.map((item) => `“${item}”`).join(translate(locale, 'list.comma'));
const short = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}…` : text);

function pickWidget(
  lesson: CompiledLesson,
  ref: string,
  problems: string[],
  locale: Locale,
): { id: string; widget: WidgetName; params: Record<string, unknown> } | undefined {
  const blocks = widgetBlocksOf(lesson);
  const block = blocks.find((b) => b.id === ref) ?? blocks.find((b) => b.widget === ref);
  if (block) return { id: block.id, widget: block.widget, params: block.params };
  if (isWidgetName(ref)) return { id: ref, widget: ref, params: {} };
  const first = blocks[0];
  const shown = { shown: first ? 'yes' : 'no', first: first?.id ?? '' };
  problems.push(
    ref
      ? translate(locale, 'embedLink.noSuchWidget', {
          ref: short(ref),
          ids: list(
            blocks.map((b) => b.id),
            locale,
          ),
          ...shown,
        })
      : translate(locale, 'embedLink.noWidgetNamed', shown),
  );
  return first && { id: first.id, widget: first.widget, params: first.params };
}

function pickQuestion(lesson: CompiledLesson, ref: string, problems: string[], locale: Locale): Question | undefined {
  const questions = questionsOf(lesson);
  const byNumber = /^[1-9]\d*$/.test(ref) ? questions[Number(ref) - 1] : undefined;
  const question = questions.find((q) => q.id === ref) ?? byNumber;
  if (question) return question;
  const first = questions[0];
  const shown = { shown: first ? 'yes' : 'no', first: first?.id ?? '' };
  const ids = list(
    questions.map((q) => q.id),
    locale,
  );
  problems.push(
    ref
      ? translate(locale, 'embedLink.noSuchQuestion', { ref: short(ref), ids, ...shown })
      : translate(locale, 'embedLink.noQuestionNamed', shown),
  );
  return first;
}

function widgetState(
  pick: { id: string; widget: WidgetName; params: Record<string, unknown> },
  search: URLSearchParams,
  problems: string[],
  locale: Locale,
): WidgetPick {
  const { params, problems: unusable } = parseWidgetParams(pick.widget, pick.params, locale);
  for (const [key, value] of search) {
    if (reservedParams.has(key)) continue;
    const dot = key.indexOf('.');
    if (dot > 0 && key.slice(0, dot) !== pick.id) {
      unusable.push(translate(locale, 'embedLink.otherWidget', { key: short(key) }));
      continue;
    }
    const name = dot > 0 ? key.slice(dot + 1) : key;
    const check = checkWidgetParam(pick.widget, name, value, locale);
    if (check.ok) params[name] = check.value;
    else unusable.push(check.message);
  }
  const hidden = hiddenFor(readUrlState(search.toString()), pick.id);
  const controls = Object.keys(widgetSchemas[pick.widget]);
  for (const name of hidden)
    if (!controls.includes(name))
      unusable.push(
        translate(locale, 'embedLink.noControl', {
          widget: pick.widget,
          name: short(name),
          controls: controls.join(translate(locale, 'list.comma')),
        }),
      );
  const semicolon = translate(locale, 'list.semicolon');
  if (unusable.length) problems.push(translate(locale, 'embedLink.unusable', { problems: unusable.join(semicolon) }));
  const lowered = limitWidgetParams(pick.widget, params);
  if (lowered.length) problems.push(translate(locale, 'link.lowered', { lowered: lowered.join(semicolon) }));
  return { ...pick, params, hidden };
}

/**
 * The language `lang=` (or the web component's `lang` attribute) asks for: a locale the lesson is written in ('zh',
 * 'zh-Hans' … name zh-CN), the original's when unset, and the original's with a notice for any other value.
 */
export function readEmbedLocale(value: string | null): { locale: Locale; problem?: string } {
  if (value === null || value.trim() === '') return { locale: defaultLocale };
  const locale = toLocale(value);
  if (locale) return { locale };
  return {
    locale: defaultLocale,
    problem: `The language “${short(value)}” is not available (allowed: ${locales.join(', ')}); showing English.`,
  };
}

/** What the link asks for, the lesson in `locale` (set from lang= on the page before this is read). */
export function readEmbedRequest(
  search: URLSearchParams,
  only?: 'widget' | 'question',
  locale: Locale = documentLocale(),
): EmbedRequest | { lesson: undefined; problems: string[] } {
  const problems: string[] = [];
  const { lesson, locale: found, problem } = findLesson(search.get('lesson'), locale);
  if (problem) problems.push(problem);
  if (!lesson) return { lesson: undefined, problems: [...problems, translate(locale, 'embedLink.noLesson')] };
  const widgetRef = only === 'question' ? null : search.get('widget');
  const questionRef = only === 'widget' ? null : search.get('question');
  const wantWidget = widgetRef !== null || only === 'widget';
  const wantQuestion = questionRef !== null || only === 'question';
  // The frame shows the lesson in `found` (the original when no translation exists): its notices speak the same.
  const picked = wantWidget ? pickWidget(lesson, widgetRef ?? '', problems, found) : undefined;
  const widget = picked && widgetState(picked, search, problems, found);
  const question = wantQuestion ? pickQuestion(lesson, questionRef ?? '', problems, found) : undefined;
  const whole = !widget && !question;
  const url = readUrlState(search.toString());
  if (!widget) {
    const stray = [...search.keys()].filter((key) => !reservedParams.has(key) && (!whole || !key.includes('.')));
    if (stray.length) problems.push(translate(found, 'embedLink.stray', { keys: list(stray.map(short), found) }));
  }
  const { policy, problems: policyProblems } = readGradedPolicy(search, found);
  problems.push(...policyProblems);
  const theme = search.get('theme');
  if (theme !== null && theme !== 'light' && theme !== 'dark' && theme !== 'system') {
    problems.push(translate(found, 'embedLink.theme', { theme: short(theme) }));
  }
  return {
    lesson,
    locale: found,
    widget,
    question,
    whole,
    url,
    policy,
    problems,
    origin: search.get('origin'),
    frame: (search.get('frame') ?? '').slice(0, 100),
    theme: theme === 'light' || theme === 'dark' ? theme : undefined,
  };
}
