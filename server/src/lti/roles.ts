// Who may call what: instructor-only routes refuse a learner's launch with a sentence and HTTP 403.
import type { NextFunction, Request, Response } from 'express';
import type { Launch } from './launch.js';

export function requireInstructor(launchOf: (res: Response) => Launch) {
  return (_req: Request, res: Response, next: NextFunction) => {
    if (launchOf(res).isInstructor) return next();
    res.status(403).json({
      error: 'Only an instructor or teaching assistant of this course may see this; this launch is a learner’s.',
    });
  };
}
