// The page under the LTI tool in a graded launch (the `lti` build): before anything renders, the server's record of
// this learner (variants, attempts, released solutions). It lives in memory only: the server keeps it, and the next
// person at this computer must not find it.
import { addLesson } from '../lesson/lessons.js';
import { SafeStorage } from '../lesson/safe-storage.js';
import { RemoteGrader } from '../quiz-ui/remote-grader.js';
import { MemoryStorage } from './memory-storage.js';

export interface ToolLaunch {
  server: RemoteGrader;
  storage: SafeStorage;
  /** Why the server's record could not be read, for a notice; the questions then say it at every answer. */
  problem?: string;
}

/** The server's record and the placement's lesson, which the page then finds like a bundled one. */
export async function startToolLaunch(): Promise<ToolLaunch> {
  const storage = new SafeStorage('attention-lab', () => new MemoryStorage());
  try {
    const server = await RemoteGrader.start();
    if (server.lesson) addLesson(server.lesson, server.locale);
    return { server, storage };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const problem = `The course tool could not send this activity, so nothing here can be graded: ${reason}`;
    return { server: RemoteGrader.unavailable(), storage, problem };
  }
}
