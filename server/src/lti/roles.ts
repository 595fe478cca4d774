// Who may see instructor routes: a launch whose LIS roles include Instructor, TeachingAssistant or Administrator.
import type { NextFunction, Request, Response } from 'express';
import { launchFrom } from './launch-from.js';

const instructorRoles = new Set(['Instructor', 'TeachingAssistant', 'Administrator']);

/**
 * Whether a role URI (or a short name) is an instructor's: the name after '#' in the LIS vocabulary
 * (membership#Instructor, membership/Instructor#TeachingAssistant, institution/person#Administrator …).
 */
export function isInstructorRole(role: string): boolean {
  return instructorRoles.has(role.slice(role.lastIndexOf('#') + 1));
}

/** Refuses, with 403 and a sentence naming the launch's roles, a launch that is not an instructor's. */
export function requireInstructor(req: Request, res: Response, next: NextFunction): void {
  const launch = launchFrom(res);
  if (launch.isInstructor) return next();
  const roles = launch.roles.map((role) => role.slice(role.lastIndexOf('#') + 1)).join(', ') || 'none';
  res.status(403).json({
    error:
      `This is for instructors: ${req.method} ${req.originalUrl.split('?')[0]} needs a launch with the role ` +
      `Instructor, TeachingAssistant or Administrator, and this launch's roles are ${roles}.`,
  });
}
