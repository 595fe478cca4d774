// What the tool knows about one LTI launch, read from the validated id_token: every record is keyed by it.
import type { Locale } from 'attention-lab/quiz';

/** What an instructor placed with Deep Linking: the whole lesson, a section, a widget or one question. */
export interface Placement {
  lesson: string;
  what: 'lesson' | 'section' | 'widget' | 'question';
  /** The section, widget or question id; empty for the whole lesson. */
  id: string;
  /** The graded policy, as the embed URL spells it: `variant`, `attempts`, `explain` (see web/src/quiz). */
  variant?: string;
  attempts?: string;
  explain?: string;
}

export interface Launch {
  /** ltijs's id of the platform registration (issuer + client id). */
  platformId: string;
  issuer: string;
  clientId: string;
  deploymentId: string;
  /** The platform's `sub` for this person. */
  userId: string;
  userName?: string;
  contextId: string;
  resourceLinkId: string;
  roles: string[];
  isInstructor: boolean;
  placement: Placement;
  /** Graded launches are graded by the server and never receive answers; practice launches grade in the browser. */
  graded: boolean;
  /** AGS: the placement's line item, and the scopes the platform granted. */
  lineItemUrl?: string;
  agsScopes: string[];
  /** NRPS: the class roster service, where the platform offers it. */
  membershipsUrl?: string;
  /** The learner's language: the launch_presentation claim's `locale` where the tool speaks it, else English. */
  locale: Locale;
}
