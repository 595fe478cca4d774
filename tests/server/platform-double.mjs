// A learning platform (an LMS) on loopback, as the tool meets it in LTI 1.3: OIDC authorization with id_tokens it
// signs with its own RSA key, its JWKS, an OAuth2 token endpoint (client_credentials with a JWT assertion it checks
// against the tool's JWKS), AGS line items and scores it records, NRPS memberships, a deep-link return that verifies
// the tool's signed content items, and a course page whose iframe launches the tool. It can be told to refuse, to sign
// tampered tokens, or to go down and come back on the same port.
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { createRemoteJWKSet, exportJWK, generateKeyPair, jwtVerify, SignJWT } from 'jose';

const lti = 'https://purl.imsglobal.org/spec/lti/claim/';
const ags = 'https://purl.imsglobal.org/spec/lti-ags/';
const nrps = 'https://purl.imsglobal.org/spec/lti-nrps/';
const dl = 'https://purl.imsglobal.org/spec/lti-dl/claim/';
export const agsScopes = [
  `${ags}scope/lineitem`,
  `${ags}scope/lineitem.readonly`,
  `${ags}scope/result.readonly`,
  `${ags}scope/score`,
];
export const nrpsScope = `${nrps}scope/contextmembership.readonly`;

// Short role names a test writes, as the LIS vocabulary URIs platforms send.
const roleUris = {
  Learner: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
  Instructor: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
  TeachingAssistant: 'http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant',
  Administrator: 'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Administrator',
};
export const roleUri = (role) => roleUris[role] ?? role;

const autopostScript = "document.querySelector('form[data-autopost]').submit();\n";

function readBody(request) {
  return new Promise((done, fail) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => done(Buffer.concat(chunks).toString('utf8')));
    request.on('error', fail);
  });
}

const escapeHtml = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

function send(response, status, body, type = 'application/json') {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' }).end(text);
}

function autopostPage(action, fields) {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Launching</title></head><body>` +
    `<form data-autopost method="post" action="${escapeHtml(action)}">${inputs}` +
    `<button>Continue</button></form><script src="/autopost.js"></script></body></html>`
  );
}

/**
 * Starts the platform on `host` (127.0.0.1 by default: the tool runs on another loopback address, another site).
 * `clientId` is the tool's client id here; `deploymentId` the deployment the course uses.
 */
export async function startPlatform({
  host = '127.0.0.1',
  clientId = 'attention-lab-tool',
  deploymentId = 'deployment-1',
  name = 'Platform double',
} = {}) {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'platform-key-1', alg: 'RS256', use: 'sig' };
  // Another key, never published: what a forger signs with.
  const foreign = await generateKeyPair('RS256');

  const state = {
    tool: undefined, // { loginUrl, launchUrl, jwksUrl }
    toolKeys: undefined,
    launches: new Map(),
    lineItems: new Map(),
    accessTokens: new Map(),
    usedAssertionIds: new Set(),
    refusals: {}, // what → HTTP status: token, scores, memberships, lineitems
  };
  const platform = {
    clientId,
    deploymentId,
    name,
    /** Every score the tool posted: { lineItemUrl, score, scopes }. */
    scores: [],
    /** Every token request: { ok, scopes, reason? }. */
    tokenRequests: [],
    /** Every content item list the tool returned, verified: { payload, contentItems }. */
    deepLinks: [],
    /** Every refused deep-link return: { reason }. */
    refusedDeepLinks: [],
    /** The class NRPS serves for any context: { user_id, name, roles: [...] } (roles as short names or URIs). */
    members: [],
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error) => send(response, 500, { error: `platform double: ${error.message}` }));
  });
  let port = 0;
  await new Promise((done, fail) => server.once('error', fail).listen(0, host, done));
  port = server.address().port;
  const origin = `http://${host}:${port}`;
  Object.assign(platform, {
    issuer: origin,
    authUrl: `${origin}/auth`,
    tokenUrl: `${origin}/token`,
    jwksUrl: `${origin}/jwks`,
    deepLinkReturnUrl: `${origin}/deep-link-return`,
  });

  async function handle(request, response) {
    const url = new URL(request.url, origin);
    const route = `${request.method} ${url.pathname}`;
    if (route === 'GET /jwks') return send(response, 200, { keys: [jwk] });
    if (route === 'GET /autopost.js') return send(response, 200, autopostScript, 'text/javascript');
    if (route === 'GET /auth' || route === 'POST /auth') {
      const params = request.method === 'POST' ? new URLSearchParams(await readBody(request)) : url.searchParams;
      return authorize(params, request, response);
    }
    if (route === 'POST /token') return token(new URLSearchParams(await readBody(request)), response);
    if (route === 'POST /deep-link-return')
      return deepLinkReturn(new URLSearchParams(await readBody(request)), response);
    if (route === 'GET /course') return coursePage(url.searchParams.get('launch'), response);
    const agsMatch = /^\/ags\/([^/]+)\/lineitems(?:\/([^/]+))?(\/scores|\/results)?$/.exec(url.pathname);
    if (agsMatch) return lineItems(request, response, url, agsMatch);
    const nrpsMatch = /^\/nrps\/([^/]+)\/memberships$/.exec(url.pathname);
    if (nrpsMatch && request.method === 'GET') return memberships(request, response, decodeURIComponent(nrpsMatch[1]));
    return send(response, 404, { error: `platform double: no route ${route}` });
  }

  async function authorize(params, request, response) {
    const launch = state.launches.get(params.get('lti_message_hint') ?? '');
    const problems = [];
    if (!launch) problems.push('lti_message_hint names no launch this platform prepared');
    if (params.get('response_type') !== 'id_token') problems.push('response_type must be id_token');
    if (params.get('scope') !== 'openid') problems.push('scope must be openid');
    if (params.get('response_mode') !== 'form_post') problems.push('response_mode must be form_post');
    if (params.get('client_id') !== clientId) problems.push(`client_id must be ${clientId}`);
    if (!params.get('nonce')) problems.push('a nonce is required');
    if (!params.get('state')) problems.push('a state is required');
    if (launch && params.get('login_hint') !== launch.user) problems.push('login_hint does not match the launch');
    if (state.tool && params.get('redirect_uri') !== state.tool.launchUrl)
      problems.push(`redirect_uri must be the registered ${state.tool.launchUrl}`);
    if (problems.length)
      return send(response, 400, { error: `platform double refused the login: ${problems.join('; ')}` });
    const idToken = await signIdToken(launch, params.get('nonce'));
    const fields = { id_token: idToken, state: params.get('state') };
    if ((request.headers.accept ?? '').includes('application/json'))
      return send(response, 200, { action: params.get('redirect_uri'), ...fields });
    return send(response, 200, autopostPage(params.get('redirect_uri'), fields), 'text/html; charset=utf-8');
  }

  async function signIdToken(launch, nonce) {
    const now = Math.floor(Date.now() / 1000);
    const tamper = launch.tamper ?? {};
    const claims = {
      nonce: tamper.nonce ?? nonce,
      azp: clientId,
      name: launch.name,
      given_name: launch.name.split(' ')[0],
      email: `${launch.user}@example.edu`,
      [`${lti}deployment_id`]: tamper.deploymentId ?? deploymentId,
      [`${lti}message_type`]: launch.messageType,
      [`${lti}version`]: '1.3.0',
      [`${lti}target_link_uri`]: state.tool?.launchUrl,
      [`${lti}roles`]: launch.roles.map(roleUri),
      [`${lti}context`]: { id: launch.contextId, label: 'ATT 101', title: 'Attention, from scratch' },
      [`${lti}tool_platform`]: { guid: `${origin}/`, name, product_family_code: 'platform-double' },
      [`${lti}launch_presentation`]: {
        document_target: 'iframe',
        return_url: `${origin}/course`,
        ...(launch.locale ? { locale: launch.locale } : {}),
      },
      [`${lti}custom`]: launch.custom,
      [`${nrps}claim/namesroleservice`]: {
        context_memberships_url: `${origin}/nrps/${encodeURIComponent(launch.contextId)}/memberships`,
        service_versions: ['2.0'],
      },
    };
    if (launch.messageType === 'LtiResourceLinkRequest') {
      claims[`${lti}resource_link`] = { id: launch.resourceLinkId, title: launch.title };
      claims[`${ags}claim/endpoint`] = {
        scope: agsScopes,
        lineitems: `${origin}/ags/${encodeURIComponent(launch.contextId)}/lineitems`,
        ...(launch.lineItemUrl ? { lineitem: launch.lineItemUrl } : {}),
      };
    } else {
      claims[`${dl}deep_linking_settings`] = {
        deep_link_return_url: `${origin}/deep-link-return`,
        accept_types: launch.acceptTypes ?? ['ltiResourceLink'],
        accept_presentation_document_targets: ['iframe', 'window'],
        accept_multiple: false,
        auto_create: true,
        data: launch.id,
      };
    }
    Object.assign(claims, tamper.claims ?? {});
    const iat = tamper.issuedAt ?? now;
    const jwt = new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'JWT' })
      .setIssuer(tamper.issuer ?? origin)
      .setSubject(launch.user)
      .setAudience(tamper.audience ?? clientId)
      .setIssuedAt(iat)
      .setExpirationTime(tamper.expiresAt ?? now + 300);
    return jwt.sign(tamper.foreignKey ? foreign.privateKey : privateKey);
  }

  async function token(params, response) {
    const scopes = (params.get('scope') ?? '').split(' ').filter(Boolean);
    const refuse = (status, reason) => {
      platform.tokenRequests.push({ ok: false, scopes, reason });
      return send(response, status, { error: 'invalid_client', error_description: reason });
    };
    if (state.refusals.token) return refuse(state.refusals.token, 'told to refuse tokens');
    if (params.get('grant_type') !== 'client_credentials') return refuse(400, 'grant_type must be client_credentials');
    if (params.get('client_assertion_type') !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer')
      return refuse(400, 'client_assertion_type must be jwt-bearer');
    if (!state.toolKeys) return refuse(401, 'the tool is not known to this platform (useTool first)');
    let claims;
    try {
      ({ payload: claims } = await jwtVerify(params.get('client_assertion') ?? '', state.toolKeys, {
        issuer: clientId,
        subject: clientId,
        audience: platform.tokenUrl,
        algorithms: ['RS256'],
      }));
    } catch (error) {
      return refuse(401, `client assertion refused: ${error.message}`);
    }
    if (!claims.jti || state.usedAssertionIds.has(claims.jti)) return refuse(401, 'client assertion jti reused');
    state.usedAssertionIds.add(claims.jti);
    const unknown = scopes.filter((scope) => !agsScopes.includes(scope) && scope !== nrpsScope);
    if (!scopes.length || unknown.length) return refuse(400, `invalid scope: ${unknown.join(' ') || '(none)'}`);
    const accessToken = randomBytes(24).toString('hex');
    state.accessTokens.set(accessToken, scopes);
    platform.tokenRequests.push({ ok: true, scopes });
    return send(response, 200, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: 3600,
      scope: scopes.join(' '),
    });
  }

  // The scopes of the request's bearer token, or undefined after answering 401.
  function bearer(request, response, wanted) {
    const [kind, value] = (request.headers.authorization ?? '').split(' ');
    const scopes = kind === 'Bearer' ? state.accessTokens.get(value) : undefined;
    if (!scopes) {
      send(response, 401, { error: 'a valid bearer token from /token is required' });
      return undefined;
    }
    if (!wanted.some((scope) => scopes.includes(scope))) {
      send(response, 403, { error: `the token lacks the scope ${wanted.join(' or ')}` });
      return undefined;
    }
    return scopes;
  }

  async function lineItems(request, response, url, [, context, id, sub]) {
    const container = `${origin}/ags/${context}/lineitems`;
    const itemUrl = id ? `${container}/${id}` : undefined;
    if (state.refusals.lineitems) return send(response, state.refusals.lineitems, { error: 'told to refuse' });
    if (!id) {
      if (request.method === 'GET') {
        if (!bearer(request, response, [`${ags}scope/lineitem`, `${ags}scope/lineitem.readonly`])) return undefined;
        const items = [...state.lineItems.values()].filter((item) => item.id.startsWith(container + '/'));
        const wanted = ['resource_link_id', 'resource_id', 'tag'].filter((key) => url.searchParams.has(key));
        const keyOf = { resource_link_id: 'resourceLinkId', resource_id: 'resourceId', tag: 'tag' };
        const matching = items.filter((item) => wanted.every((key) => item[keyOf[key]] === url.searchParams.get(key)));
        return send(response, 200, matching, 'application/vnd.ims.lis.v2.lineitemcontainer+json');
      }
      if (request.method === 'POST') {
        if (!bearer(request, response, [`${ags}scope/lineitem`])) return undefined;
        const item = JSON.parse(await readBody(request));
        if (!(item.scoreMaximum > 0) || !item.label)
          return send(response, 400, { error: 'a line item needs a label and a scoreMaximum > 0' });
        const created = { ...item, id: `${container}/${randomUUID()}` };
        state.lineItems.set(created.id, created);
        return send(response, 201, created, 'application/vnd.ims.lis.v2.lineitem+json');
      }
    }
    const item = state.lineItems.get(itemUrl);
    if (!item) return send(response, 404, { error: `no line item ${itemUrl}` });
    if (sub === '/scores' && request.method === 'POST') {
      if (state.refusals.scores) return send(response, state.refusals.scores, { error: 'told to refuse scores' });
      const scopes = bearer(request, response, [`${ags}scope/score`]);
      if (!scopes) return undefined;
      const score = JSON.parse(await readBody(request));
      const missing = ['userId', 'activityProgress', 'gradingProgress', 'timestamp'].filter((key) => !(key in score));
      if (missing.length) return send(response, 400, { error: `the score lacks ${missing.join(', ')}` });
      if (score.scoreGiven !== undefined && !(score.scoreMaximum > 0))
        return send(response, 400, { error: 'scoreGiven needs a scoreMaximum > 0' });
      platform.scores.push({ lineItemUrl: itemUrl, score, scopes });
      return send(response, 200, {});
    }
    if (sub === '/results' && request.method === 'GET') {
      if (!bearer(request, response, [`${ags}scope/result.readonly`])) return undefined;
      const latest = new Map();
      for (const { lineItemUrl, score } of platform.scores)
        if (lineItemUrl === itemUrl) latest.set(score.userId, score);
      const results = [...latest.values()].map((score) => ({
        id: `${itemUrl}/results/${score.userId}`,
        scoreOf: itemUrl,
        userId: score.userId,
        resultScore: score.scoreGiven,
        resultMaximum: score.scoreMaximum,
      }));
      return send(response, 200, results, 'application/vnd.ims.lis.v2.resultcontainer+json');
    }
    if (!sub && request.method === 'GET') {
      if (!bearer(request, response, [`${ags}scope/lineitem`, `${ags}scope/lineitem.readonly`])) return undefined;
      return send(response, 200, item, 'application/vnd.ims.lis.v2.lineitem+json');
    }
    if (!sub && request.method === 'PUT') {
      if (!bearer(request, response, [`${ags}scope/lineitem`])) return undefined;
      const updated = { ...item, ...JSON.parse(await readBody(request)), id: itemUrl };
      state.lineItems.set(itemUrl, updated);
      return send(response, 200, updated, 'application/vnd.ims.lis.v2.lineitem+json');
    }
    if (!sub && request.method === 'DELETE') {
      if (!bearer(request, response, [`${ags}scope/lineitem`])) return undefined;
      state.lineItems.delete(itemUrl);
      return send(response, 204, '');
    }
    return send(response, 405, { error: `${request.method} is not allowed on ${url.pathname}` });
  }

  function memberships(request, response, context) {
    if (state.refusals.memberships) return send(response, state.refusals.memberships, { error: 'told to refuse' });
    if (!bearer(request, response, [nrpsScope])) return undefined;
    const members = platform.members.map((member) => ({
      status: 'Active',
      ...member,
      roles: (member.roles ?? ['Learner']).map(roleUri),
    }));
    const body = {
      id: `${origin}/nrps/${encodeURIComponent(context)}/memberships`,
      context: { id: context, label: 'ATT 101', title: 'Attention, from scratch' },
      members,
    };
    return send(response, 200, body, 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json');
  }

  async function deepLinkReturn(params, response) {
    try {
      if (!state.toolKeys) throw new Error('the tool is not known to this platform (useTool first)');
      const { payload } = await jwtVerify(params.get('JWT') ?? '', state.toolKeys, {
        issuer: clientId,
        audience: origin,
        algorithms: ['RS256'],
      });
      if (payload[`${lti}message_type`] !== 'LtiDeepLinkingResponse') throw new Error('not an LtiDeepLinkingResponse');
      if (payload[`${lti}deployment_id`] !== deploymentId) throw new Error('another deployment id');
      const contentItems = payload[`${dl}content_items`] ?? [];
      platform.deepLinks.push({ payload, contentItems });
      const titles = contentItems.map((item) => `<li>${escapeHtml(item.title ?? item.type)}</li>`).join('');
      return send(response, 200, `<!doctype html><title>Added</title><h1>Added</h1><ul>${titles}</ul>`, 'text/html');
    } catch (error) {
      platform.refusedDeepLinks.push({ reason: error.message });
      return send(response, 400, { error: `deep-link return refused: ${error.message}` });
    }
  }

  function coursePage(id, response) {
    const launch = state.launches.get(id ?? '');
    if (!launch || !state.tool) return send(response, 404, { error: 'no such launch, or no tool known' });
    const src = `${state.tool.loginUrl}?${new URLSearchParams(platform.loginParams(launch.id))}`;
    const page =
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ATT 101 · Attention, from scratch</title>' +
      '</head><body><h1>ATT 101</h1>' +
      `<iframe id="tool" title="${escapeHtml(launch.title)}" src="${escapeHtml(src)}" width="1000" height="800"` +
      ' allow="fullscreen"></iframe></body></html>';
    return send(response, 200, page, 'text/html; charset=utf-8');
  }

  Object.assign(platform, {
    /** What the tool registers: its platforms-file entry for this platform. */
    registration() {
      return {
        name,
        issuer: origin,
        clientId,
        authUrl: platform.authUrl,
        tokenUrl: platform.tokenUrl,
        jwksUrl: platform.jwksUrl,
        deploymentIds: [deploymentId],
      };
    },
    /** Tells the platform where the tool is: its login, launch and JWKS URLs (the admin's side of registration). */
    useTool({ loginUrl, launchUrl, jwksUrl }) {
      state.tool = { loginUrl, launchUrl, jwksUrl };
      state.toolKeys = createRemoteJWKSet(new URL(jwksUrl));
    },
    /**
     * Prepares a launch; returns its id. `roles`: short names or URIs. `custom`: the resource link's custom
     * parameters. `locale`: the launch_presentation claim's locale. `lineItem` ({ label, scoreMaximum }) creates the
     * link's AGS line item. `deepLinking`: a Deep
     * Linking request instead. `tamper`: { foreignKey, nonce, deploymentId, audience, issuer, issuedAt, expiresAt,
     * claims } signs a token the tool must refuse.
     */
    prepareLaunch({
      user = 'learner-1',
      name: person = 'Ada Learner',
      roles = ['Learner'],
      custom = {},
      locale,
      contextId = 'course-1',
      resourceLinkId = 'link-1',
      title = 'Attention Lab',
      lineItem,
      deepLinking = false,
      acceptTypes,
      tamper,
    } = {}) {
      const id = randomUUID();
      let lineItemUrl;
      if (lineItem) {
        const existing = [...state.lineItems.values()].find((item) => item.resourceLinkId === resourceLinkId);
        lineItemUrl = existing?.id ?? `${origin}/ags/${encodeURIComponent(contextId)}/lineitems/${randomUUID()}`;
        if (!existing) state.lineItems.set(lineItemUrl, { id: lineItemUrl, resourceLinkId, ...lineItem });
      }
      state.launches.set(id, {
        id,
        user,
        name: person,
        roles,
        custom,
        locale,
        contextId,
        resourceLinkId,
        title,
        lineItemUrl,
        acceptTypes,
        tamper,
        messageType: deepLinking ? 'LtiDeepLinkingRequest' : 'LtiResourceLinkRequest',
      });
      return id;
    },
    /** The third-party login initiation parameters for a prepared launch, as the platform sends them. */
    loginParams(id) {
      const launch = state.launches.get(id);
      if (!launch) throw new Error(`platform double: no prepared launch ${id}`);
      const params = {
        iss: (launch.tamper?.loginIssuer ?? origin) || undefined,
        login_hint: launch.user,
        target_link_uri: state.tool?.launchUrl,
        lti_message_hint: id,
        client_id: clientId,
        lti_deployment_id: launch.tamper?.deploymentId ?? deploymentId,
      };
      return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined));
    },
    /** The course page whose iframe launches the tool for a prepared launch. */
    coursePageUrl(id) {
      return `${origin}/course?launch=${encodeURIComponent(id)}`;
    },
    lineItem(url) {
      return state.lineItems.get(url);
    },
    /** Answers `what` (token, scores, lineitems, memberships) with `status` until `accept(what)`. */
    refuse(what, status = 503) {
      state.refusals[what] = status;
    },
    accept(what) {
      delete state.refusals[what];
    },
    /** Stops listening: connections to the platform are refused until `comeBack()`. */
    goDown() {
      return new Promise((done) => {
        server.close(() => done());
        server.closeAllConnections();
      });
    },
    comeBack() {
      return new Promise((done, fail) => server.once('error', fail).listen(port, host, done));
    },
    close() {
      return new Promise((done) => {
        if (!server.listening) return done();
        server.close(() => done());
        server.closeAllConnections();
      });
    },
  });
  return platform;
}
