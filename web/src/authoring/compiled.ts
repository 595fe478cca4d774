// What the lesson build writes to web/generated/lessons/<slug>.json and the page renders, exactly.
import type { CompiledPrediction } from '../predict/types.js';
import type { Question } from '../quiz/types.js';
import type { FlatWidgetParams, WidgetName } from './widget-schema.js';

export type { Question };

export interface CompiledLesson {
  slug: string;
  /** Plain text (TeX left as written), for <title> and the lesson list. */
  title: string;
  titleHtml: string;
  summary: string;
  sections: CompiledSection[];
}

export interface CompiledSection {
  /** Slug of the heading: the anchor and the table-of-contents link. */
  id: string;
  title: string;
  titleHtml: string;
  blocks: Block[];
}

export type Block =
  | { kind: 'html'; html: string }
  /**
   * params are complete (defaults filled) and flat like URL state: a list of scores is "20,22,18,21";
   * parseWidgetParams reads it back.
   */
  | { kind: 'widget'; id: string; widget: WidgetName; params: FlatWidgetParams; predict?: CompiledPrediction }
  | { kind: 'question'; question: Question };

/** One entry of web/generated/lessons/index.json, in course order. */
export interface LessonIndexEntry {
  slug: string;
  title: string;
  summary: string;
  /** How many questions the lesson asks, for the lesson list. */
  questions: number;
  /** The languages the lesson can be read in: 'en' (the original) and each checked translation's locale. */
  locales?: string[];
}
