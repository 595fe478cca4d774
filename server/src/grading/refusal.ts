// A request the grading routes turn down: its HTTP status and a sentence for the learner, sent as JSON { error }.
export class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** More for the page to act on, e.g. the question's record when it is locked. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'Refusal';
  }
}
