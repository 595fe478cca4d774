// The cmi values a report sets (status, score, suspend data), written only when they differ from what the LMS last
// accepted: a value counts as accepted once a commit after it succeeds, so a failed commit sends it again.
import type { LmsWrite } from './scorm-interactions.js';

export class LmsValues {
  private readonly accepted = new Map<string, string>();
  private readonly written = new Map<string, string>();

  /** `held`: what the LMS holds already (read at launch), so an unchanged value is not written again. */
  constructor(held: Record<string, string> = {}) {
    for (const [element, value] of Object.entries(held)) this.accepted.set(element, value);
  }

  /** Notes a value the LMS holds (read from it), so it is not written again unchanged. */
  accept(element: string, value: string): void {
    this.accepted.set(element, value);
  }

  /** Whether something was written since the last commit. */
  get uncommitted(): boolean {
    return this.written.size > 0;
  }

  /** Writes each value that differs from the accepted one; returns the LMS's words for each refusal. */
  write(write: LmsWrite, values: Array<[string, string]>): string[] {
    const problems: string[] = [];
    for (const [element, value] of values) {
      if (this.accepted.get(element) === value || this.written.get(element) === value) continue;
      const answer = write(element, value);
      if (answer.ok) this.written.set(element, value);
      else problems.push(answer.problem);
    }
    return problems;
  }

  committed(): void {
    for (const [element, value] of this.written) this.accepted.set(element, value);
    this.written.clear();
  }

  commitFailed(): void {
    this.written.clear();
  }
}
