// The lesson pages the tool serves: practice launches get today's static site under /site/, graded launches the
// answer-free page root under /graded/, both under the site's strict CSP and outside ltijs's ltik check (pages hold
// no learner data; the routes they call do).
import express, { type Express, type Response } from 'express';
import { contentSecurityPolicy } from './csp.js';

export function strictHeaders(res: Response): void {
  res.setHeader('Content-Security-Policy', contentSecurityPolicy);
  res.setHeader('Cache-Control', 'no-cache');
}

const serveFolder = (folder: string) =>
  express.static(folder, {
    index: ['index.html'],
    fallthrough: true,
    setHeaders: (res) => strictHeaders(res as unknown as Response),
  });

export function mountPages(app: Express, { siteRoot, gradedRoot }: { siteRoot: string; gradedRoot: string }): void {
  app.use('/site', serveFolder(siteRoot));
  app.use('/graded', serveFolder(gradedRoot));
  // A missing page is a 404 here, not the "needs a launch" refusal of ltijs's check further on.
  app.use(['/site', '/graded'], (req, res) => {
    res.status(404).json({ error: `There is no page ${req.originalUrl.split('?')[0]} in this tool.` });
  });
}
