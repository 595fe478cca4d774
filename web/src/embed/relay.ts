// Turns a lesson's events into host messages; what comes before `ready` (saved progress) waits so `ready` is first.
import type { LessonEvents } from '../lesson/lesson-events.js';
import type { HostMessage, MessageMaker } from './messages.js';

export function relayLessonEvents(
  events: LessonEvents,
  maker: MessageMaker,
  questionIds: readonly string[],
  send: (message: HostMessage) => void,
): void {
  let ready = false;
  const early: HostMessage[] = [];
  const deliver = (message: HostMessage) => (ready ? send(message) : early.push(message));
  events.on('ready', ({ widgets }) => {
    if (ready) return;
    ready = true;
    send(maker.ready(widgets, questionIds));
    early.splice(0).forEach(send);
  });
  events.on('answered', (detail) => deliver(maker.answered(detail)));
  events.on('progress', (detail) => deliver(maker.progress(detail)));
  events.on('completed', (detail) => deliver(maker.completed(detail)));
}
