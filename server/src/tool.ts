// The tool: ltijs (OIDC login, launch validation, the tool's JWKS, sessions) on PostgreSQL through ltijs-sequelize,
// the pages, Deep Linking, and the parts' routers behind ltijs's ltik check.
import type { Express, NextFunction, Request, Response } from 'express';
import { Provider as lti, type LtiProvider } from 'ltijs';
import type { Pool } from 'pg';
import type { ToolConfig } from './config.js';
import { autoSubmitScript, toolStyles } from './deep-link/page.js';
import { deepLinkRouter } from './deep-link/router.js';
import { gradingRouter, readLessonBank } from './grading/index.js';
import { findPlacement, type CatalogLesson } from './lessons/catalog.js';
import { DeploymentGuardedDatabase } from './lti/deployment-guard.js';
import { launchFrom } from './lti/launch-from.js';
import { countedAttemptHook, ltijsTokens, scoresRouter } from './scores/index.js';
import { refuseSession, refuseToken } from './lti/refusals.js';
import { isRegisteredDeployment } from './lti/registry.js';
import { aboutPage } from './site/about-page.js';
import { pageUrl } from './site/page-url.js';
import { mountPages, strictHeaders } from './site/static.js';

/** Express's `trust proxy` from its text: true/false, a hop count, or addresses and names (loopback, 10.0.0.0/8). */
function trustProxyValue(text: string): boolean | number | string {
  if (text === 'true' || text === 'false') return text === 'true';
  return /^\d+$/.test(text) ? Number(text) : text;
}

// Before ltijs's check: health, pages, the tool's own assets, and login initiations with their parameters named.
function openRoutes(app: Express, config: ToolConfig, pool: Pool): void {
  if (config.trustProxy) app.set('trust proxy', trustProxyValue(config.trustProxy));
  app.get('/health', async (_req, res) => {
    try {
      await pool.query('SELECT 1');
      res.json({ ok: true });
    } catch (error) {
      res.status(503).json({ error: `The database does not answer: ${(error as Error).message}` });
    }
  });
  mountPages(app, config);
  app.get('/', (req, res) => {
    strictHeaders(res);
    res.type('html').send(aboutPage(config.publicUrl ?? `${req.protocol}://${req.get('host')}`));
  });
  app.get('/lti-assets/auto-submit.js', (_req, res) => {
    strictHeaders(res);
    res.type('text/javascript').send(autoSubmitScript);
  });
  app.get('/lti-assets/tool.css', (_req, res) => {
    strictHeaders(res);
    res.type('text/css').send(toolStyles);
  });
  app.all('/login', (req, res, next) => {
    const params = { ...req.query, ...(typeof req.body === 'object' ? req.body : {}) } as Record<string, unknown>;
    const missing = ['iss', 'login_hint', 'target_link_uri'].filter((name) => !params[name]);
    if (!missing.length) return next();
    res.status(400).json({
      error:
        `The login initiation lacks ${missing.join(', ')}: a platform starts a launch with its issuer (iss), ` +
        'a login_hint and the target_link_uri.',
      code: 'MISSING_LOGIN_PARAMETERS',
    });
  });
}

function unregisteredPlatform(req: Request, res: Response): void {
  const params = { ...req.query, ...(typeof req.body === 'object' ? req.body : {}) } as Record<string, unknown>;
  const clientId = params.client_id ? ` and client id “${String(params.client_id)}”` : '';
  res.status(400).json({
    error:
      `No platform is registered with issuer “${String(params.iss)}”${clientId}. An administrator registers it ` +
      'with `npm run lti -- register`.',
    code: 'UNREGISTERED_PLATFORM',
  });
}

// ltijs calls these from an async route of its own, where a throw would go unanswered: answer it with a 500 here.
function answering(handle: (res: Response) => unknown) {
  return (_token: unknown, _req: Request, res: Response) => {
    try {
      return handle(res);
    } catch (error) {
      console.error(`attention-lab lti: ${(error as Error).stack ?? String(error)}`);
      return res.status(500).json({ error: `The tool failed on this launch: ${(error as Error).message}` });
    }
  };
}

export interface Tool {
  lti: LtiProvider;
  app: Express;
}

/** Sets ltijs up on the database (call once per process: ltijs is a process-wide singleton) and deploys it. */
export async function setUpTool(config: ToolConfig, pool: Pool, catalog: CatalogLesson[]): Promise<Tool> {
  const db = new URL(config.databaseUrl);
  const plugin = new DeploymentGuardedDatabase(
    decodeURIComponent(db.pathname.slice(1)),
    decodeURIComponent(db.username),
    decodeURIComponent(db.password),
    { host: db.hostname, port: Number(db.port || 5432), dialect: 'postgres', logging: false },
    (issuer, clientId, deploymentId) => isRegisteredDeployment(pool, issuer, clientId, deploymentId),
  );
  lti.setup(
    config.key,
    { plugin },
    {
      appRoute: '/launch',
      loginRoute: '/login',
      keysetRoute: '/keys',
      // LTI runs in the platform's iframe, a third-party context: cookies must be SameSite=None; Secure.
      cookies: { secure: true, sameSite: 'None' },
      // Pages and routes are same-origin; no other origin needs credentialed reads.
      cors: false,
      serverAddon: (app: Express) => openRoutes(app, config, pool),
    },
  );
  lti.onInvalidToken(refuseToken);
  lti.onSessionTimeout(refuseSession);
  lti.onUnregisteredPlatform(unregisteredPlatform);
  lti.onInactivePlatform((_req, res) =>
    res.status(401).json({ error: 'This platform is registered but not activated.', code: 'PLATFORM_NOT_ACTIVATED' }),
  );
  lti.onConnect(
    answering((res) => {
      const launch = launchFrom(res);
      const placed = findPlacement(catalog, launch.placement);
      if ('problem' in placed)
        return res.status(404).json({
          error: `${placed.problem} Ask the instructor to add the activity again (Deep Linking).`,
          code: 'UNKNOWN_PLACEMENT',
        });
      // An instructor opening a graded activity sees the class's results (the page links to the activity itself).
      const ltik = String(res.locals.ltik);
      if (launch.isInstructor && launch.graded) return res.redirect(`/instructor?ltik=${encodeURIComponent(ltik)}`);
      return res.redirect(pageUrl(launch, ltik));
    }),
  );
  lti.onDeepLinking(
    answering((res) => {
      const launch = launchFrom(res);
      if (!launch.isInstructor)
        return res.status(403).json({
          error:
            'Only instructors add activities: this Deep Linking launch is not from an Instructor, TA or Administrator.',
          code: 'NOT_INSTRUCTOR',
        });
      return res.redirect(`/deep-link?ltik=${encodeURIComponent(String(res.locals.ltik))}`);
    }),
  );
  await lti.deploy({ serverless: true, silent: true });
  lti.app.locals.defaultLesson = catalog[0]?.slug ?? '';
  return { lti, app: lti.app };
}

export interface RouteDependencies {
  config: ToolConfig;
  catalog: CatalogLesson[];
  pool: Pool;
}

/**
 * Routes behind ltijs's check (an ltik and its session cookie): the launch, Deep Linking, and the parts' routers,
 * each an express Router built from its dependencies with `launchOf` (launchFrom) to read the validated launch.
 */
export function mountRoutes(tool: Tool, { config, catalog, pool }: RouteDependencies): void {
  const { app } = tool;
  app.get('/api/launch', (_req, res) => res.json(launchFrom(res)));
  app.use('/deep-link', deepLinkRouter({ lti: tool.lti, catalog, publicUrl: config.publicUrl }));
  app.use(scoresRouter({ pool, launchOf: launchFrom, tokens: ltijsTokens(tool.lti) }));
  // Every counted attempt of a graded launch queues its score for the gradebook.
  const onCountedAttempt = countedAttemptHook(pool);
  app.use(
    gradingRouter({ pool, launchOf: launchFrom, onCountedAttempt, lessons: readLessonBank(config.lessonsFolder) }),
  );
  app.use((req, res) => {
    res.status(404).json({ error: `The tool has no route ${req.method} ${req.path}.` });
  });
  // The last word on errors: a sentence and 500, never a stack trace.
  app.use((error: Error, _req: Request, res: Response, _next: NextFunction) => {
    console.error(`attention-lab lti: ${error.stack ?? error.message}`);
    res.status(500).json({ error: `The tool failed on this request: ${error.message}` });
  });
}
